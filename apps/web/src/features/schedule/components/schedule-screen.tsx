import { RECORD_KINDS } from "@backoffice/contracts/resources";
import {
  SCHEDULE_DAYS,
  SCHEDULE_MESSAGES,
  type ScheduledChange,
  type WindowMoment,
  type WindowOverlap,
} from "@backoffice/contracts/schedule";
import { CalendarClock, CalendarX2, Play, Trash2, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { useConfirm } from "@/components/confirm-dialog";
import { PageHeader } from "@/components/layout/page-header";
import { ListBody } from "@/components/list/list-body";
import { ListSkeleton } from "@/components/states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useSiteTimeZone } from "@/components/window/window-fields";
import { useCanWrite } from "@/hooks/use-access";
import { useCurrentSite } from "@/hooks/use-current-site";
import { useErrorToast } from "@/hooks/use-error-toast";
import { dayAndTimeIn, formatDay } from "@/lib/format";
import { toastError, toastSuccess } from "@/lib/toast";
import { useUndo } from "@/lib/undo";
import { type Schedule, scheduleKey, useApplyNow, useCancelChange, useSchedule } from "../api/schedule";
import { RescheduleDialog } from "./reschedule-dialog";

export const scheduleTexts = {
  subtitle: `What changes by itself in the next ${SCHEDULE_DAYS} days: windows that open or close, and changes waiting for their time.`,
  loadError: { title: "Could not load the schedule", description: "Check your connection and try again." },
  empty: {
    title: "Nothing scheduled",
    description:
      "Give an ad, a server or the locker a window, or open one and choose Apply at… to schedule a change.",
  },
  notApplied: "Not applied",
  overlaps: "Windows that make no sense",
  sameSlot: (overlap: WindowOverlap, when: string) =>
    `${overlap.recordName} and ${overlap.other.name} both run on ${overlap.slot} ${when}.`,
  outsideDay: (overlap: WindowOverlap, day: string) =>
    `${overlap.recordName} is live outside the day of ${overlap.other.name} (${day}).`,
  pending: "Pending changes",
  timeline: `Next ${SCHEDULE_DAYS} days`,
  noPending: "No change is waiting.",
  noMoments: `Nothing opens, closes or applies in the next ${SCHEDULE_DAYS} days.`,
  failed: "The change was not made",
  confirmCancel: (change: ScheduledChange) => `Cancel the scheduled change to ${nameOf(change)}?`,
  confirmDismiss: (change: ScheduledChange) =>
    `Dismiss the change to ${nameOf(change)} that was not applied?`,
} as const;

const kindLabel = (kind: string) => RECORD_KINDS[kind as keyof typeof RECORD_KINDS]?.label ?? kind;
const nameOf = (change: Pick<ScheduledChange, "kind" | "recordName">) =>
  `${change.recordName} (${kindLabel(change.kind)})`;

/** A field's value as a line of text. */
const shown = (value: unknown) =>
  value === null || value === undefined || value === ""
    ? "—"
    : typeof value === "string"
      ? value
      : JSON.stringify(value);
/** A History row's column of a field the API names in camelCase (`isActive` → `is_active`). */
const column = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** Schedule: the site's pending changes (Apply now, Reschedule, Cancel), those not applied, and the next 14 days. */
export function ScheduleScreen() {
  const site = useCurrentSite();
  const query = useSchedule(site);
  useErrorToast(query, (error) =>
    toastError(scheduleTexts.loadError.title, error, scheduleTexts.loadError.description),
  );
  const schedule = query.data;
  const nothing =
    schedule &&
    schedule.pending.length +
      schedule.conflicts.length +
      schedule.windows.length +
      schedule.overlaps.length ===
      0;
  return (
    <div className="grid gap-6">
      <PageHeader title="Schedule" description={scheduleTexts.subtitle} />
      <ListBody
        query={query}
        loading={
          <div role="status" aria-live="polite">
            <span className="sr-only">Loading the schedule...</span>
            <ListSkeleton rows={4} className="[&>*]:h-12" />
          </div>
        }
        error={scheduleTexts.loadError}
        empty={nothing ? { ...scheduleTexts.empty, icon: CalendarClock } : null}
      >
        {schedule && <ScheduleBody schedule={schedule} />}
      </ListBody>
    </div>
  );
}

function ScheduleBody({ schedule }: { schedule: Schedule }) {
  return (
    <>
      {schedule.conflicts.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>{scheduleTexts.notApplied}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-3" aria-label={scheduleTexts.notApplied}>
              {schedule.conflicts.map((change) => (
                <ChangeItem key={change._id} change={change} />
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
      {schedule.overlaps.length > 0 && <Overlaps overlaps={schedule.overlaps} />}
      <Card>
        <CardHeader>
          <CardTitle>{scheduleTexts.pending}</CardTitle>
        </CardHeader>
        <CardContent>
          {schedule.pending.length === 0 ? (
            <p className="text-sm text-muted-foreground">{scheduleTexts.noPending}</p>
          ) : (
            <ul className="grid gap-3" aria-label={scheduleTexts.pending}>
              {schedule.pending.map((change) => (
                <ChangeItem key={change._id} change={change} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Timeline schedule={schedule} />
    </>
  );
}

/** Windows the descriptor's rules flag (docs/PRODUCT-RULES.md#scheduled-changes): two at once on one slot, or outside a match's day. */
function Overlaps({ overlaps }: { overlaps: WindowOverlap[] }) {
  const timeZone = useSiteTimeZone();
  const moment = (iso: string) => {
    const { day, time } = dayAndTimeIn(iso, timeZone);
    return `${day} ${time}`;
  };
  const when = ({ from, until }: WindowOverlap) =>
    from && until
      ? `from ${moment(from)} until ${moment(until)} (${timeZone})`
      : from
        ? `from ${moment(from)} (${timeZone}) with no end`
        : until
          ? `until ${moment(until)} (${timeZone})`
          : "at all times";
  return (
    <Card>
      <CardHeader>
        <CardTitle>{scheduleTexts.overlaps}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2" aria-label={scheduleTexts.overlaps}>
          {overlaps.map((overlap) => (
            <li
              key={`${overlap.recordId}:${overlap.other.id}`}
              className="flex gap-2 text-sm"
              data-slot="window-overlap"
            >
              <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
              <span className="break-all">
                {overlap.reason === "sameSlot"
                  ? scheduleTexts.sameSlot(overlap, when(overlap))
                  : scheduleTexts.outsideDay(overlap, formatDay(overlap.slot))}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** One change: what, when and by whom; its fields; the actions its state allows. */
function ChangeItem({ change }: { change: ScheduledChange }) {
  const site = useCurrentSite();
  const timeZone = useSiteTimeZone();
  const canWrite = useCanWrite(site.key);
  const confirm = useConfirm();
  const applyNow = useApplyNow(site);
  const cancel = useCancelChange(site);
  const undo = useUndo(site, scheduleKey(site));
  const [rescheduling, setRescheduling] = useState(false);
  const when = dayAndTimeIn(change.applyAt, timeZone);
  const refused = change.status === "conflict" || change.status === "failed";
  const busy = applyNow.isPending || cancel.isPending;

  const runApply = async () => {
    try {
      const answer = await applyNow.mutateAsync(change);
      const applied = answer.data.status === "applied";
      if (applied) toastSuccess(SCHEDULE_MESSAGES.applied, `${nameOf(change)} was changed.`);
      else toastError(scheduleTexts.failed, null, answer.data.outcome?.message ?? scheduleTexts.failed);
    } catch (error) {
      toastError(scheduleTexts.failed, error);
    }
  };
  const runCancel = async () => {
    const title = refused ? scheduleTexts.confirmDismiss(change) : scheduleTexts.confirmCancel(change);
    if (!(await confirm({ title, confirmText: refused ? "Dismiss" : "Cancel change", destructive: true })))
      return;
    try {
      const answer = await cancel.mutateAsync(change);
      const what = refused
        ? `The change to ${nameOf(change)} is dismissed.`
        : `${nameOf(change)} will not change.`;
      toastSuccess(SCHEDULE_MESSAGES.cancelled, what, undefined, undo(answer));
    } catch (error) {
      toastError(scheduleTexts.failed, error);
    }
  };

  return (
    <li className="grid gap-2 rounded-md border p-3" data-slot="scheduled-change" data-status={change.status}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium break-all">{change.recordName}</span>
        <Badge variant="secondary">{kindLabel(change.kind)}</Badge>
        {refused && (
          <Badge variant="destructive">{change.status === "conflict" ? "Conflict" : "Failed"}</Badge>
        )}
      </div>
      <p className="text-sm text-muted-foreground">
        {refused ? "Was to apply" : "Applies"} {when.day} {when.time} ({timeZone}) · scheduled by{" "}
        {change.author}
      </p>
      {refused && change.outcome && <p className="text-sm">{change.outcome.message}</p>}
      <ChangedFields change={change} />
      {canWrite && (
        <div className="flex flex-wrap gap-2">
          {!refused && (
            <>
              <Button size="sm" variant="outline" disabled={busy} onClick={runApply}>
                <Play aria-hidden="true" />
                Apply now
              </Button>
              <Button size="sm" variant="outline" disabled={busy} onClick={() => setRescheduling(true)}>
                <CalendarClock aria-hidden="true" />
                Reschedule
              </Button>
            </>
          )}
          <Button size="sm" variant="outline" disabled={busy} onClick={runCancel}>
            {refused ? <CalendarX2 aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
            {refused ? "Dismiss" : "Cancel"}
          </Button>
        </div>
      )}
      <RescheduleDialog change={rescheduling ? change : null} onClose={() => setRescheduling(false)} />
    </li>
  );
}

/** The fields the change sets; for a conflict, beside what the record holds now. */
function ChangedFields({ change }: { change: ScheduledChange }) {
  const fields = Object.entries(change.changes);
  const current = change.outcome?.current;
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Fields of the change to {change.recordName}</caption>
      <thead className="text-muted-foreground">
        <tr>
          <th scope="col" className="pr-3 font-normal">
            Field
          </th>
          <th scope="col" className="pr-3 font-normal">
            Scheduled
          </th>
          {current && (
            <th scope="col" className="font-normal">
              Now
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {fields.map(([field, value]) => (
          <tr key={field} className="align-top">
            <th scope="row" className="pr-3 font-medium">
              {field}
            </th>
            <td className="pr-3 break-all">{shown(value)}</td>
            {current && <td className="break-all">{shown(current[column(field)])}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type Moment = { at: string; text: string; key: string };

/** The next 14 days, a day at a time, in the site's time zone: windows that open or close, changes that apply. */
function Timeline({ schedule }: { schedule: Schedule }) {
  const timeZone = useSiteTimeZone();
  const moments: Moment[] = [
    ...schedule.windows.map((moment: WindowMoment) => ({
      at: moment.at,
      key: `${moment.kind}:${moment.recordId}:${moment.flag}:${moment.moment}`,
      text: `${moment.flag ? `${moment.flag} of ` : ""}${nameOf(moment)} ${moment.moment === "starts" ? "starts" : "ends"}`,
    })),
    ...schedule.pending.map((change) => ({
      at: change.applyAt,
      key: change._id,
      text: `Change to ${nameOf(change)} applies`,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  const days = new Map<string, (Moment & { time: string })[]>();
  for (const moment of moments) {
    const { day, time } = dayAndTimeIn(moment.at, timeZone);
    days.set(day, [...(days.get(day) ?? []), { ...moment, time }]);
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{scheduleTexts.timeline}</CardTitle>
      </CardHeader>
      <CardContent>
        {days.size === 0 ? (
          <p className="text-sm text-muted-foreground">{scheduleTexts.noMoments}</p>
        ) : (
          <ol className="grid gap-4" aria-label={scheduleTexts.timeline}>
            {[...days].map(([day, entries]) => (
              <li key={day}>
                <h3 className="mb-1 text-sm font-semibold">{day}</h3>
                <ul className="grid gap-1">
                  {entries.map((entry) => (
                    <li key={entry.key} className="flex gap-3 text-sm">
                      <span className="w-12 shrink-0 tabular-nums text-muted-foreground">{entry.time}</span>
                      <span className="break-all">{entry.text}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
