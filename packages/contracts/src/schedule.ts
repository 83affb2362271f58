// Scheduled changes and the Schedule screen (issue 33, docs/PRODUCT-RULES.md#scheduled-changes): an
// edit route given `?applyAt=<instant>` keeps the change as pending and answers 202 with it; at its
// time the api applies it once across instances, unless the record changed since (a conflict).
// `GET /api/v1/{site}/schedule` lists the pending changes, the conflicts and the windows ahead.
import { z } from "zod";
import { coded } from "./field-errors.ts";
import { maxAhead, WINDOW_MAX_AHEAD_YEARS } from "./windows.ts";

/** How many changes a site may have waiting at once. */
export const PENDING_CHANGES_LIMIT = 1000;
/** How many days ahead the Schedule screen's timeline shows. */
export const SCHEDULE_DAYS = 14;

export const SCHEDULE_MESSAGES = {
  applyAt: "applyAt must be an ISO 8601 date and time with its offset",
  applyAtPast: "applyAt must be in the future",
  applyAtTooFar: `applyAt must be at most ${WINDOW_MAX_AHEAD_YEARS} years ahead`,
  tooMany: `This site already has ${PENDING_CHANGES_LIMIT} pending changes: apply or cancel some first`,
  notFound: "Scheduled change not found",
  notPending: "This change is no longer pending",
  scheduled: "Change scheduled",
  applied: "Change applied",
  rescheduled: "Change rescheduled",
  cancelled: "Scheduled change cancelled",
  conflict: "The record changed after this change was scheduled",
  recordGone: "The record no longer exists",
} as const;

export const SCHEDULED_STATUSES = ["pending", "applying", "applied", "conflict", "failed"] as const;

/** A future instant, at most two years ahead: when a scheduled change applies. */
export const applyAtValue = z.iso
  .datetime({ offset: true, error: SCHEDULE_MESSAGES.applyAt })
  .transform((value) => new Date(value).toISOString())
  .refine((value) => Date.parse(value) > Date.now(), {
    message: SCHEDULE_MESSAGES.applyAtPast,
    ...coded("invalid"),
  })
  .refine((value) => Date.parse(value) <= maxAhead(Date.now()), {
    message: SCHEDULE_MESSAGES.applyAtTooFar,
    ...coded("invalid"),
  });

/** The query an edit route takes besides its own: `applyAt` keeps the edit for later. */
export const applyAtQuery = z.object({ applyAt: applyAtValue.optional() });

export const scheduledChangeSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  recordId: z.string(),
  /** What the record is called on its screen, from its newest History entry ("" when none). */
  recordName: z.string(),
  /** The edit as it was sent: its fields and values. */
  changes: z.record(z.string(), z.unknown()),
  applyAt: z.string(),
  status: z.enum(SCHEDULED_STATUSES),
  /** A conflict's record as it is now; a failure's message. */
  outcome: z
    .object({ message: z.string(), current: z.record(z.string(), z.unknown()).nullable() })
    .nullable(),
  author: z.string(),
  createdAt: z.string(),
  appliedAt: z.string().nullable(),
});
export type ScheduledChange = z.infer<typeof scheduledChangeSchema>;

/** A window's start or end ahead, on the timeline. */
export const windowMomentSchema = z.object({
  kind: z.string(),
  recordId: z.string(),
  recordName: z.string(),
  /** `starts`/`ends`: the record's window; a flag's window names the flag (`trending`). */
  flag: z.string().nullable(),
  moment: z.enum(["starts", "ends"]),
  at: z.string(),
});
export type WindowMoment = z.infer<typeof windowMomentSchema>;

/**
 * A window that makes no sense, flagged on the Schedule: `sameSlot` two records on one `slot` (an ad
 * page) at once from `from` until `until` (null: open); `outsideDay` a window outside the day `slot`
 * (yyyy-mm-dd) of the record `other` (a server's match).
 */
export const windowOverlapSchema = z.object({
  reason: z.enum(["sameSlot", "outsideDay"]),
  kind: z.string(),
  recordId: z.string(),
  recordName: z.string(),
  other: z.object({ kind: z.string(), id: z.string(), name: z.string() }),
  slot: z.string(),
  from: z.string().nullable(),
  until: z.string().nullable(),
});
export type WindowOverlap = z.infer<typeof windowOverlapSchema>;

export const scheduleAnswer = z.object({
  status: z.literal("success"),
  data: z.object({
    pending: z.array(scheduledChangeSchema),
    conflicts: z.array(scheduledChangeSchema),
    windows: z.array(windowMomentSchema),
    overlaps: z.array(windowOverlapSchema),
  }),
});
export type ScheduleAnswer = z.infer<typeof scheduleAnswer>;

export const scheduledIdParams = z.strictObject({
  id: z.uuid({ error: "id must be a scheduled change's id" }),
});
export const rescheduleBody = z.strictObject({ applyAt: applyAtValue });

/** A public read previewed by a member as of another moment (`?at=`): any instant with its offset. */
export const previewQuery = z.object({
  at: z.iso
    .datetime({ offset: true, error: "at must be an ISO 8601 date and time with its offset" })
    .optional(),
});
