import type { MessageAnswer, ScheduleAnswer, ScheduledChange, SuccessAnswer } from "@backoffice/contracts";
import type { scheduledChangeSchema } from "@backoffice/contracts/schedule";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { siteApi, type Undoable } from "@/lib/api-client";
import { useListWrite } from "@/lib/list-write";
import { prefetchOf, type ScreenData } from "@/lib/screen-data";
import type { SiteSettings } from "@/sites";

/** A site's Schedule: its pending changes, the ones not applied, and the windows of the next 14 days. */
export type Schedule = ScheduleAnswer["data"];
export type ChangeAnswer = SuccessAnswer<typeof scheduledChangeSchema>;

/** Every load of the site's Schedule (live events of the `schedule` resource load it again). */
export const scheduleKey = (site: SiteSettings) => ["schedule", site.key] as const;

const loadSchedule = (site: SiteSettings, signal: AbortSignal) =>
  siteApi(site)
    .get<ScheduleAnswer>("/schedule", { signal })
    .then((answer) => answer.data);

export const scheduleQueryOptions = (site: SiteSettings) =>
  queryOptions({
    queryKey: scheduleKey(site),
    queryFn: ({ signal }) => loadSchedule(site, signal),
  });

export const useSchedule = (site: SiteSettings) => useQuery(scheduleQueryOptions(site));

/** How many of the site's scheduled changes were not applied (conflicts, failures): the sidebar's notice. */
export const useChangesNotApplied = (site: SiteSettings, enabled: boolean) =>
  useQuery({
    queryFn: ({ signal }) => loadSchedule(site, signal),
    // A key of its own below the Schedule's: the live updates reload both, but opening the Schedule
    // after a change was scheduled loads it afresh instead of showing the notice's older copy.
    queryKey: [...scheduleKey(site), "notice"],
    select: (schedule) => schedule.conflicts.length,
    enabled,
  }).data ?? 0;

export const scheduleScreenData: ScreenData = ({ site }) => [prefetchOf(scheduleQueryOptions(site))];

const changePath = (change: ScheduledChange) => `/schedule/${encodeURIComponent(change._id)}`;

/** Apply now: the change is applied (or found in conflict) at once. */
export const useApplyNow = (site: SiteSettings) =>
  useListWrite(scheduleKey(site), (change: ScheduledChange) =>
    siteApi(site).post<ChangeAnswer>(`${changePath(change)}/apply`),
  );

export const useReschedule = (site: SiteSettings) =>
  useListWrite(scheduleKey(site), ({ change, applyAt }: { change: ScheduledChange; applyAt: string }) =>
    siteApi(site).patch<ChangeAnswer>(changePath(change), { applyAt }),
  );

/** Cancel a pending change, or dismiss one that was not applied: it goes to the Trash (Undo). */
export const useCancelChange = (site: SiteSettings) =>
  useListWrite(scheduleKey(site), (change: ScheduledChange) =>
    siteApi(site).delete<MessageAnswer & Undoable>(changePath(change)),
  );
