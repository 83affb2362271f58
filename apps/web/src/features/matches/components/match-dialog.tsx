import {
  MATCH_SPORTS,
  MATCH_STATUSES,
  type Match,
  PREDEFINED_LEAGUES,
  SPORT_LABELS,
} from "@backoffice/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { applyServerErrors, Form, fieldOf, useReportDirty } from "@/components/form";
import { FormDialog, FormDialogFooter } from "@/components/form-dialog";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { toastError, toastSuccess } from "@/lib/toast";
import type { SiteSettings } from "@/sites";
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

/** What the dialog is open for: a new match or an existing one. */
export type MatchDialogState = { mode: "create" } | { mode: "edit"; match: Match };

const MatchField = fieldOf<MatchFormValues>();
const CUSTOM = "__custom__";

export function MatchDialog({
  site,
  siteUrl,
  state,
  onClose,
}: {
  site: SiteSettings;
  siteUrl: string;
  state: MatchDialogState | null;
  onClose: () => void;
}) {
  return (
    <FormDialog
      open={state !== null}
      title={state?.mode === "edit" ? "Edit Match" : "Add Match"}
      description="Teams, league, time and stream of the match. Fields marked * are required."
      onClose={onClose}
      className="sm:max-w-2xl"
    >
      {(reportDirty) =>
        state && (
          <MatchForm
            key={state.mode === "edit" ? state.match._id : "create"}
            site={site}
            siteUrl={siteUrl}
            state={state}
            onDone={onClose}
            reportDirty={reportDirty}
          />
        )
      }
    </FormDialog>
  );
}

function MatchForm({
  site,
  siteUrl,
  state,
  onDone,
  reportDirty,
}: {
  site: SiteSettings;
  siteUrl: string;
  state: MatchDialogState;
  onDone: () => void;
  reportDirty: (dirty: boolean) => void;
}) {
  const form = useForm<MatchFormValues>({
    resolver: zodResolver(matchFormSchema),
    defaultValues: state.mode === "edit" ? matchToForm(state.match) : emptyMatchForm(siteUrl),
  });
  useReportDirty(form.formState.isDirty, reportDirty);
  const save = useSaveMatch(site);
  const [sport, leagueName] = useWatch({ control: form.control, name: ["type", "league_name"] });
  const predefined = PREDEFINED_LEAGUES[sport];
  const isPredefined = predefined.some((l) => l.name === leagueName);

  // Changing the sport clears the league and its logo (spec §2).
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
    try {
      const answer = await save.mutateAsync({
        id: state.mode === "edit" ? state.match._id : null,
        payload: toMatchPayload(values),
      });
      const title = state.mode === "edit" ? matchMessages.updated : matchMessages.created;
      toastSuccess(
        title,
        answer.message === title ? undefined : answer.message,
        `${values.homeTeam_name} vs ${values.awayTeam_name} was saved.`,
      );
      onDone();
    } catch (error) {
      applyServerErrors(form, error);
      toastError(matchMessages.saveFailed, error);
    }
  };

  const url = { type: "url", inputMode: "url", placeholder: "https://" } as const;
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      aria-label={state.mode === "edit" ? "Edit match" : "Add match"}
      className="grid gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <MatchField name="type" label="Sport *">
          {(field, control) => (
            <Select
              value={field.value}
              onValueChange={(next) => changeSport(next as MatchFormValues["type"])}
            >
              <SelectTrigger {...control} ref={field.ref} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {MATCH_SPORTS.map((s) => (
                  <SelectItem key={s} value={s}>
                    {SPORT_LABELS[s]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </MatchField>
        <MatchField name="status" label="Status *">
          {(field, control) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger {...control} ref={field.ref} className="w-full capitalize">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {MATCH_STATUSES.map((s) => (
                  <SelectItem key={s} value={s} className="capitalize">
                    {s}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </MatchField>
        <MatchField name="type_match" label="Stream type *">
          {(field, control) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger {...control} ref={field.ref} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="video">Video</SelectItem>
                <SelectItem value="iframe">Iframe</SelectItem>
              </SelectContent>
            </Select>
          )}
        </MatchField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <MatchField name="league_name" label="League *">
          {(field, control) => (
            <div className="grid gap-2">
              <Select
                value={isPredefined ? field.value : leagueName ? CUSTOM : ""}
                onValueChange={chooseLeague}
              >
                <SelectTrigger {...control} ref={field.ref} className="w-full">
                  <SelectValue placeholder="Choose a league" />
                </SelectTrigger>
                <SelectContent>
                  {predefined.map((l) => (
                    <SelectItem key={l.name} value={l.name}>
                      {l.name}
                    </SelectItem>
                  ))}
                  <SelectItem value={CUSTOM}>Other league…</SelectItem>
                </SelectContent>
              </Select>
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
          <Input {...url} />
        </MatchField>
        <MatchField name="homeTeam_name" label="Home team *">
          <Input autoComplete="off" />
        </MatchField>
        <MatchField name="homeTeam_logo" label="Home team logo URL *">
          <Input {...url} />
        </MatchField>
        <MatchField name="awayTeam_name" label="Away team *">
          <Input autoComplete="off" />
        </MatchField>
        <MatchField name="awayTeam_logo" label="Away team logo URL *">
          <Input {...url} />
        </MatchField>
        <MatchField name="homeTeam_score" label="Home score">
          <Input type="number" inputMode="numeric" min={0} step={1} />
        </MatchField>
        <MatchField name="awayTeam_score" label="Away score">
          <Input type="number" inputMode="numeric" min={0} step={1} />
        </MatchField>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <MatchField name="date" label="Date *">
          <Input type="date" />
        </MatchField>
        <MatchField name="time" label="Time *">
          <Input type="time" />
        </MatchField>
        <MatchField name="end_time" label="End time *">
          <Input type="time" />
        </MatchField>
      </div>
      <MatchField name="matchUrl" label="Match URL *">
        <Input {...url} />
      </MatchField>
      <MatchField
        name="isFirst"
        label="Show first"
        className="flex flex-row-reverse items-center justify-end gap-3"
      >
        {(field, control) => (
          <Switch {...control} ref={field.ref} checked={field.value} onCheckedChange={field.onChange} />
        )}
      </MatchField>
      <FormDialogFooter
        submit={state.mode === "edit" ? "Update Match" : "Create Match"}
        busy={form.formState.isSubmitting}
      />
    </Form>
  );
}
