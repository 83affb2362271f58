// Windows (issue 33, docs/PRODUCT-RULES.md#windows): a record kind whose descriptor says `window`
// (resources.ts: ads, servers, locker) carries `startsAt` and `endsAt`, each an instant or null (open).
// Whether a record is active is computed at read time, like a match's status from its clock: switched
// on (where the kind has a switch) and now within its window. One implementation for the three kinds:
// the answer and body fields here, the columns of migration 0034, the public reads' filter and expiry
// (apps/api/src/lib/windows.ts) and the dashboard's fields and badge (apps/web/src/components/window-*.tsx).
import { z } from "zod";
import { coded } from "./field-errors.ts";

/** A record's window as its admin answers carry it: ISO 8601 instants, null for an open end. */
export interface RecordWindow {
  startsAt: string | null;
  endsAt: string | null;
}

/** How far ahead a window's start or end may be set. */
export const WINDOW_MAX_AHEAD_YEARS = 2;
/** The latest instant (ms) a window end or a scheduled change may be set at, from `now`. */
export const maxAhead = (now: number) => {
  const limit = new Date(now);
  limit.setUTCFullYear(limit.getUTCFullYear() + WINDOW_MAX_AHEAD_YEARS);
  return limit.getTime();
};

export const WINDOW_MESSAGES = {
  instant: (field: string) => `${field} must be an ISO 8601 date and time with its offset, or null`,
  tooFar: (field: string) => `${field} must be at most ${WINDOW_MAX_AHEAD_YEARS} years ahead`,
  /** Checked by the database on the stored record (migration 0034), so an update giving one end is checked against the other. */
  endBeforeStart: "endsAt must be after startsAt",
} as const;

/** The answer fields: added to a windowed kind's entity schema. */
export const windowAnswerFields = { startsAt: z.string().nullable(), endsAt: z.string().nullable() };

/** The names of a flag's window (`trendingStartsAt`, `trendingEndsAt`), or of the record's own. */
export const windowFieldsOf = <F extends string = "">(flag?: F) =>
  (flag
    ? { startsAt: `${flag}StartsAt`, endsAt: `${flag}EndsAt` }
    : { startsAt: "startsAt", endsAt: "endsAt" }) as WindowFieldNames<F>;
export type WindowFieldNames<F extends string> = F extends ""
  ? { startsAt: "startsAt"; endsAt: "endsAt" }
  : { startsAt: `${F}StartsAt`; endsAt: `${F}EndsAt` };

/** A flag's window fields in answers: `<flag>StartsAt` and `<flag>EndsAt`, instants or null. */
export function flagWindowAnswerFields<F extends string>(flag: F) {
  const names = windowFieldsOf(flag);
  return { [names.startsAt]: z.string().nullable(), [names.endsAt]: z.string().nullable() } as Record<
    `${F}StartsAt` | `${F}EndsAt`,
    z.ZodNullable<z.ZodString>
  >;
}

/**
 * One end of a window in a body: an instant with its offset (`2026-11-28T20:00:00+01:00`, `…Z`),
 * null (open), or left out (unchanged on an update, open on a create). Stored as the instant; at most
 * two years ahead of now.
 */
const windowEnd = (field: string) =>
  z
    .union([z.iso.datetime({ offset: true, error: WINDOW_MESSAGES.instant(field) }), z.null()], {
      error: WINDOW_MESSAGES.instant(field),
    })
    .transform((value) => (value === null ? null : new Date(value).toISOString()))
    .refine((value) => value === null || Date.parse(value) <= maxAhead(Date.now()), {
      message: WINDOW_MESSAGES.tooFar(field),
      // Not `too_big`: clients word that one as a number's ("Enter a smaller number.").
      ...coded("invalid"),
    })
    .optional();

/** The body fields: spread into a windowed kind's create and update bodies. */
export const windowBodyFields = { startsAt: windowEnd("startsAt"), endsAt: windowEnd("endsAt") };

/** A flag's window fields in bodies, with the same rules. */
export function flagWindowBodyFields<F extends string>(flag: F) {
  const names = windowFieldsOf(flag);
  return { [names.startsAt]: windowEnd(names.startsAt), [names.endsAt]: windowEnd(names.endsAt) } as Record<
    `${F}StartsAt` | `${F}EndsAt`,
    ReturnType<typeof windowEnd>
  >;
}

/** A flag's window of a record, as a window switched on by the flag itself. */
export function flagWindowOf(
  record: Record<string, unknown>,
  flag: string,
): RecordWindow & { isActive: boolean } {
  const names = windowFieldsOf(flag);
  const end = (value: unknown) => (typeof value === "string" ? value : null);
  return {
    startsAt: end(record[names.startsAt]),
    endsAt: end(record[names.endsAt]),
    isActive: record[flag] === true,
  };
}

/** A record with each of `flags` as the public site reads it at `now`: true only while set and within its window. */
export function flagsAt<T extends object>(flags: readonly string[], record: T, now: number): T {
  const values = Object.fromEntries(
    flags.map((flag) => [flag, isActiveAt(flagWindowOf(record as Record<string, unknown>, flag), now)]),
  );
  return { ...record, ...values };
}

/** The next moment after `now` a set flag of `records` turns on or off by its window (undefined: never). */
export const nextFlagsChange = (flags: readonly string[], records: readonly object[], now: number) =>
  nextWindowChange(
    records.flatMap((record) => flags.map((flag) => flagWindowOf(record as Record<string, unknown>, flag))),
    now,
  );

/** Where a window stands at `now`: not open yet, open, or closed. A record without one is always open. */
export type WindowPhase = "scheduled" | "active" | "ended";
export const WINDOW_PHASES = ["scheduled", "active", "ended"] as const satisfies readonly WindowPhase[];

const instant = (value: string | null) => (value === null ? null : Date.parse(value));

/** The window's phase at `now` (ms): it opens on `startsAt` (included) and closes on `endsAt`. */
export function windowPhase(window: RecordWindow, now: number): WindowPhase {
  const starts = instant(window.startsAt);
  const ends = instant(window.endsAt);
  if (starts !== null && now < starts) return "scheduled";
  if (ends !== null && now >= ends) return "ended";
  return "active";
}

/** Active: switched on (a kind without a switch always is) and now within the window. */
export const isActiveAt = (record: RecordWindow & { isActive?: boolean }, now: number) =>
  record.isActive !== false && windowPhase(record, now) === "active";

/**
 * The next moment after `now` at which a record of `records` opens or closes (undefined: none will):
 * when a read listing the active ones stops being true. Switched-off records never change it.
 */
export function nextWindowChange(
  records: readonly (RecordWindow & { isActive?: boolean })[],
  now: number,
): number | undefined {
  let next = Number.POSITIVE_INFINITY;
  for (const record of records) {
    if (record.isActive === false) continue;
    for (const moment of [instant(record.startsAt), instant(record.endsAt)])
      if (moment !== null && moment > now && moment < next) next = moment;
  }
  return Number.isFinite(next) ? next : undefined;
}
