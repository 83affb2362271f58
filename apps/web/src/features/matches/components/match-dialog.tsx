import {
  clockStatus,
  MATCH_SPORTS,
  MATCH_STATUSES,
  type Match,
  PREDEFINED_LEAGUES,
  SPORT_LABELS,
} from "@backoffice/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Fragment, useEffect, useId, useRef } from "react";
import { useWatch } from "react-hook-form";
import { INLINE_FIELD, selectControl, switchControl, URL_INPUT } from "@/components/field-controls";
import { applyServerErrors, Form, fieldOf, useDialogForm } from "@/components/form";
import {
  type DialogFormProps,
  type DialogProps,
  FormDialog,
  FormDialogFooter,
} from "@/components/form-dialog";
import { RecordHistory } from "@/components/history/record-history";
import { ImageUrlInput } from "@/components/media/image-picker";
import { OptionsSelect } from "@/components/options-select";
import { Input } from "@/components/ui/input";
import { ApplyAtField, toastScheduled } from "@/components/window/apply-at-field";
import { changedFields, toApplyAt } from "@/components/window/window-form";
import { parseDay, parseTime } from "@/lib/format";
import { useConfig } from "@/lib/site-config";
import { toastError, toastSuccess } from "@/lib/toast";
import { useSaveMatch } from "../api/matches";
import {
  emptyMatchForm,
  leagueLogoUrl,
  type MatchFormValues,
  matchFormSchema,
  matchMessages,
  matchToForm,
  toMatchPayload,
} from "../utils/match-form";
import { MatchServers } from "./match-servers";

/** What the dialog is open for: a new match or an existing one. */
export type MatchDialogState = { mode: "create" } | { mode: "edit"; match: Match };

const MatchField = fieldOf<MatchFormValues>();
const CUSTOM = "__custom__";
const SIDES = [
  ["homeTeam", "Home team"],
  ["awayTeam", "Away team"],
] as const;
/** Typed as the product shows them (dd/mm/yyyy, 24-hour), not as the browser's locale would. */
const DAY_INPUT = {
  inputMode: "numeric",
  autoComplete: "off",
  placeholder: "dd/mm/yyyy",
  maxLength: 10,
} as const;
const TIME_INPUT = { inputMode: "numeric", autoComplete: "off", placeholder: "HH:mm", maxLength: 5 } as const;
const STREAM_TYPES = [
  ["video", "Video"],
  ["iframe", "Iframe"],
] as const;

type MatchDialogProps = { siteUrl: string; state: MatchDialogState | null };

export function MatchDialog({ site, siteUrl, state, onClose }: DialogProps<MatchDialogProps>) {
  return (
    <FormDialog
      value={state}
      formKey={(state) => (state.mode === "edit" ? state.match._id : "create")}
      title={state?.mode === "edit" ? "Edit Match" : "Add Match"}
      description="Teams, league, time and stream of the match. Fields marked * are required."
      onClose={onClose}
      className="sm:max-w-2xl"
      record={(state) => (state.mode === "edit" ? { resource: "matches", id: state.match._id } : null)}
    >
      {(state, dialog) => <MatchForm site={site} siteUrl={siteUrl} state={state} {...dialog} />}
    </FormDialog>
  );
}

function MatchForm({
  site,
  siteUrl,
  state,
  onDone,
  reportDirty,
}: DialogFormProps<MatchDialogProps & { state: MatchDialogState }>) {
  const form = useDialogForm<MatchFormValues>(
    {
      resolver: zodResolver(matchFormSchema),
      defaultValues: state.mode === "edit" ? matchToForm(state.match) : emptyMatchForm(siteUrl),
    },
    reportDirty,
  );
  const save = useSaveMatch(site);
  const formId = useId();
  // Match times are in the feed's time zone; the fields say which.
  const timeZone = useConfig().data?.timeZone ?? "UTC";
  const [sport, leagueName] = useWatch({ control: form.control, name: ["type", "league_name"] });
  const [day, kickOff, end] = useWatch({ control: form.control, name: ["date", "time", "end_time"] });
  const predefined = PREDEFINED_LEAGUES[sport];

  // A new match proposes the status the clock gives for its day and times, until the admin picks
  // another (docs/PRODUCT-RULES.md#matches-and-the-sports-feed).
  const proposed = useRef(form.getValues("status"));
  useEffect(() => {
    if (state.mode !== "create" || form.getValues("status") !== proposed.current) return;
    const date = parseDay(day);
    const time = parseTime(kickOff);
    const end_time = parseTime(end);
    if (!date || !time || !end_time) return;
    proposed.current = clockStatus({ date, time, end_time }, timeZone, Date.now());
    form.setValue("status", proposed.current);
  }, [state.mode, form, day, kickOff, end, timeZone]);
  const isPredefined = predefined.some((l) => l.name === leagueName);

  // Changing the sport clears the league and its logo.
  const changeSport = (next: MatchFormValues["type"]) => {
    form.setValue("type", next, { shouldDirty: true });
    form.setValue("league_name", "", { shouldDirty: true });
    form.setValue("league_logo", "", { shouldDirty: true });
  };
  // Choosing a predefined league fills its logo; "Other league" keeps both editable.
  const chooseLeague = (name: string) => {
    if (name === CUSTOM) {
      form.setValue("league_name", "", { shouldDirty: true });
      return;
    }
    form.setValue("league_name", name, { shouldDirty: true, shouldValidate: true });
    const logo = leagueLogoUrl(sport, name, window.location.origin);
    if (logo) form.setValue("league_logo", logo, { shouldDirty: true, shouldValidate: true });
  };

  const onSubmit = async (values: MatchFormValues) => {
    const applyAt = state.mode === "edit" ? toApplyAt(values.applyAt, timeZone) : undefined;
    try {
      if (state.mode === "edit" && applyAt) {
        const loaded = toMatchPayload(form.formState.defaultValues as MatchFormValues);
        const payload = changedFields(toMatchPayload(values), loaded);
        await save.mutateAsync({ id: state.match._id, payload, applyAt });
        toastScheduled(`${values.homeTeam_name} vs ${values.awayTeam_name}`, applyAt, timeZone, "match-save");
        return onDone();
      }
      const answer = await save.mutateAsync({
        id: state.mode === "edit" ? state.match._id : null,
        payload: toMatchPayload(values),
        ...(state.mode === "edit" ? { version: state.match.updatedAt } : {}),
      });
      const title = state.mode === "edit" ? matchMessages.updated : matchMessages.created;
      toastSuccess(
        title,
        answer.message === title ? undefined : answer.message,
        `${values.homeTeam_name} vs ${values.awayTeam_name} was saved.`,
        { key: "match-save" },
      );
      onDone();
    } catch (error) {
      // An error with a field is said there only.
      if (applyServerErrors(form, error)) return;
      toastError(matchMessages.saveFailed, error, undefined, "match-save");
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      id={formId}
      aria-label={state.mode === "edit" ? "Edit match" : "Add match"}
      className="grid gap-4"
      // The servers have a form of their own (New Server): outside the match's, so saving a server
      // saves only the server. The footer's Update Match names the match's form.
      after={
        <>
          {state.mode === "edit" && (
            <>
              <MatchServers site={site} match={state.match} />
              <RecordHistory site={site} resource="matches" id={state.match._id} />
            </>
          )}
          <FormDialogFooter
            submit={state.mode === "edit" ? "Update Match" : "Create Match"}
            busy={form.formState.isSubmitting}
            form={formId}
          />
        </>
      }
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <MatchField name="type" label="Sport *">
          {(field, control) => (
            <OptionsSelect
              {...control}
              ref={field.ref}
              className="w-full"
              value={field.value}
              onValueChange={(next) => changeSport(next as MatchFormValues["type"])}
              options={MATCH_SPORTS.map((s) => [s, SPORT_LABELS[s]])}
            />
          )}
        </MatchField>
        <MatchField name="status" label="Status *">
          {selectControl(
            MATCH_STATUSES.map((s) => [s, s]),
            { className: "w-full capitalize", itemClassName: "capitalize" },
          )}
        </MatchField>
        <MatchField name="type_match" label="Stream type *">
          {selectControl(STREAM_TYPES, { className: "w-full" })}
        </MatchField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <MatchField name="league_name" label="League *">
          {(field, control) => (
            <div className="grid gap-2">
              <OptionsSelect
                {...control}
                ref={field.ref}
                className="w-full"
                placeholder="Choose a league"
                value={isPredefined ? field.value : leagueName ? CUSTOM : ""}
                onValueChange={chooseLeague}
                options={[...predefined.map((l) => [l.name, l.name] as const), [CUSTOM, "Other league…"]]}
              />
              {!isPredefined && (
                <Input
                  aria-label="Custom league name"
                  placeholder="League name"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            </div>
          )}
        </MatchField>
        <MatchField name="league_logo" label="League logo URL *">
          <ImageUrlInput fieldLabel="League logo URL" />
        </MatchField>
        {SIDES.map(([side, label]) => (
          <Fragment key={side}>
            <MatchField name={`${side}_name`} label={`${label} *`}>
              <Input autoComplete="off" />
            </MatchField>
            <MatchField name={`${side}_logo`} label={`${label} logo URL *`}>
              <ImageUrlInput fieldLabel={`${label} logo URL`} />
            </MatchField>
          </Fragment>
        ))}
        <MatchField name="homeTeam_score" label="Home score">
          <Input type="number" inputMode="numeric" min={0} step={1} />
        </MatchField>
        <MatchField name="awayTeam_score" label="Away score">
          <Input type="number" inputMode="numeric" min={0} step={1} />
        </MatchField>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <MatchField name="date" label="Date *" hint="dd/mm/yyyy">
          <Input {...DAY_INPUT} />
        </MatchField>
        <MatchField name="time" label="Time *" hint={`HH:mm, ${timeZone}`}>
          <Input {...TIME_INPUT} />
        </MatchField>
        <MatchField name="end_time" label="End time *" hint={`HH:mm, ${timeZone}`}>
          <Input {...TIME_INPUT} />
        </MatchField>
      </div>
      <MatchField name="matchUrl" label="Match URL *">
        <Input {...URL_INPUT} />
      </MatchField>
      <MatchField name="isFirst" label="Show first" className={INLINE_FIELD}>
        {switchControl}
      </MatchField>
      {state.mode === "edit" && <ApplyAtField />}
    </Form>
  );
}
