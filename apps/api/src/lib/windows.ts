import {
  flagsAt,
  flagWindowOf,
  HISTORY_RESOURCES,
  type HistoryResource,
  instantIn,
  isActiveAt,
  kindsOn,
  nextFlagsChange,
  nextWindowChange,
  RECORD_KINDS,
  type RecordWindow,
  type Site,
  type TrashFacts,
  WINDOW_MESSAGES,
  type WindowedKind,
  type WindowMoment,
  type WindowOverlap,
  windowFieldsOf,
} from "@backoffice/contracts";
import type { Queryable } from "@backoffice/db";
import { fieldRefused } from "@backoffice/server";
import { iso } from "./rows.ts";

// Windows on the server (docs/PRODUCT-RULES.md#windows): one implementation for every kind whose
// descriptor says `window` (packages/contracts resources.ts): the columns of migration 0034, the
// public reads' filter and the moment their answer stops being true (PublicCache's `until`).

/** An API field's column (`isActive` → `is_active`). */
const columnOf = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** A row's window columns as the answers carry them. */
export const windowOf = (row: {
  starts_at: Date | string | null;
  ends_at: Date | string | null;
}): RecordWindow => ({
  startsAt: row.starts_at === null ? null : iso(row.starts_at),
  endsAt: row.ends_at === null ? null : iso(row.ends_at),
});

/** A body's window as columns to set: a field left out stays undefined (unchanged on an update). */
export const windowColumns = (body: {
  startsAt?: string | null | undefined;
  endsAt?: string | null | undefined;
}) => ({
  starts_at: body.startsAt,
  ends_at: body.endsAt,
});

/** Whether a record of `kind` is switched on: by the field its descriptor names, or always when it has none. */
function switchedOn(kind: WindowedKind, record: object): boolean {
  const field = (RECORD_KINDS[kind].window as { switch?: string }).switch;
  return field === undefined || (record as Record<string, unknown>)[field] === true;
}

const facts = (kind: WindowedKind, record: RecordWindow) => ({
  startsAt: record.startsAt,
  endsAt: record.endsAt,
  isActive: switchedOn(kind, record),
});

/** Whether a record is active at `now`: switched on and within its window. */
export const activeAt = (kind: WindowedKind, record: RecordWindow, now: number) =>
  isActiveAt(facts(kind, record), now);

/** The records of `kind` active at `now`, in their order: what a public read lists. */
export const activeNow = <T extends RecordWindow>(
  kind: WindowedKind,
  records: readonly T[],
  now: number,
): T[] => records.filter((record) => activeAt(kind, record, now));

/** The next moment after `now` a switched-on record of `records` opens or closes: when a read of them stops being true. */
export const nextChange = (kind: WindowedKind, records: readonly RecordWindow[], now: number) =>
  nextWindowChange(
    records.map((record) => facts(kind, record)),
    now,
  );

// Flags with a window of their own (an app's Trending and Slider): the descriptor's `flagWindows`.

const flagsOf = (kind: HistoryResource): readonly string[] => RECORD_KINDS[kind].flagWindows ?? [];
/** Every flag any kind gives a window: which `<table>_<flag>_window_check` a refusal names. */
const WINDOWED_FLAGS = [...new Set(HISTORY_RESOURCES.flatMap(flagsOf))];

/** A row's flag window columns (`<flag>_starts_at`, `<flag>_ends_at`) as the answers carry them. */
export function flagWindowsOf(kind: HistoryResource, row: object): Record<string, string | null> {
  const columns = row as Record<string, Date | string | null>;
  return Object.fromEntries(
    flagsOf(kind).flatMap((flag) => {
      const names = windowFieldsOf(flag);
      const { startsAt, endsAt } = windowOf({
        starts_at: columns[`${flag}_starts_at`] ?? null,
        ends_at: columns[`${flag}_ends_at`] ?? null,
      });
      return [
        [names.startsAt, startsAt],
        [names.endsAt, endsAt],
      ];
    }),
  );
}

/** A body's flag windows as columns to set: a field left out stays undefined (unchanged on an update). */
export function flagWindowColumns(
  kind: HistoryResource,
  body: object,
): Record<string, string | null | undefined> {
  const fields = body as Record<string, string | null | undefined>;
  return Object.fromEntries(
    flagsOf(kind).flatMap((flag) => {
      const names = windowFieldsOf(flag);
      return [
        [`${flag}_starts_at`, fields[names.startsAt]],
        [`${flag}_ends_at`, fields[names.endsAt]],
      ];
    }),
  );
}

/** A record with its flags as the public site reads them now: each windowed flag true only while set and within its window. */
export const flagsNow = <T extends object>(kind: HistoryResource, record: T, now: number): T =>
  flagsAt(flagsOf(kind), record, now);

/** The next moment after `now` a set flag of `records` turns on or off by its window. */
export const nextFlagChange = (kind: HistoryResource, records: readonly object[], now: number) =>
  nextFlagsChange(flagsOf(kind), records, now);

/**
 * Runs a write of a windowed table: the database refuses an end that does not come after the start
 * (`<table>_window_check`, migration 0034; `<table>_<flag>_window_check` for a flag's, 0035), also
 * when an update gives one end and the other is stored; that refusal becomes a 400 naming `endsAt`
 * (`<flag>EndsAt`), and nothing is stored.
 */
export async function windowChecked<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === "23514" && constraint?.endsWith("_window_check")) {
      const stem = constraint.slice(0, -"_window_check".length);
      const flag = WINDOWED_FLAGS.find((name) => stem.endsWith(`_${name}`));
      throw fieldRefused(windowFieldsOf(flag ?? "").endsAt, WINDOW_MESSAGES.endBeforeStart);
    }
    throw error;
  }
}

/** What a record is called, from its row as History keeps it: the Trash's name, or the kind's noun. */
export function recordNameOf(kind: string, row: Record<string, unknown> | null): string {
  const facts = RECORD_KINDS[kind as HistoryResource];
  const trash = facts?.trash as TrashFacts | undefined;
  return (row && trash?.recordName(row)) || facts?.noun || kind;
}

/** A row of `alias` on site $1: its `site` column, where the table has one (a one-site resource's has none). */
export const ofSite = (alias: string) => `coalesce(to_jsonb(${alias})->>'site', $1) = $1`;

/**
 * Every window start and end of a site's records between `from` and `to` (the Schedule's timeline),
 * in time order: the record windows of the kinds whose descriptor says `window` and the flag windows
 * of `flagWindows`, read from each kind's table. `switchedOn`: only those of records switched on
 * (their `window.switch`, or the flag set), the windows that open or close something for the public.
 */
export async function windowMomentsBetween(
  db: Queryable,
  site: Site,
  from: Date,
  to: Date,
  { switchedOn = false } = {},
): Promise<WindowMoment[]> {
  const moments: WindowMoment[] = [];
  for (const kind of kindsOn(site, HISTORY_RESOURCES)) {
    const facts = RECORD_KINDS[kind];
    if (!facts.table) continue;
    const windows = [...(facts.window ? [null] : []), ...flagsOf(kind)];
    for (const flag of windows) {
      const prefix = flag ? `${flag}_` : "";
      const on = flag ?? (facts.window?.switch && columnOf(facts.window.switch));
      const onOnly = switchedOn && on ? `and t.${on}` : "";
      const rows = await db.query<{
        id: string;
        row: Record<string, unknown>;
        starts_at: Date | null;
        ends_at: Date | null;
      }>(
        `select id, to_jsonb(t) as row, ${prefix}starts_at as starts_at, ${prefix}ends_at as ends_at from ${facts.table} t
         where ${ofSite("t")} ${onOnly} and (${prefix}starts_at between $2 and $3 or ${prefix}ends_at between $2 and $3)
         order by id limit 1000`,
        [site, from, to],
      );
      for (const row of rows) {
        const recordName = recordNameOf(kind, row.row);
        for (const [moment, at] of [
          ["starts", row.starts_at],
          ["ends", row.ends_at],
        ] as const) {
          if (at === null || at < from || at > to) continue;
          moments.push({ kind, recordId: row.id.trim(), recordName, flag, moment, at: iso(at) });
        }
      }
    }
  }
  return moments.sort((a, b) => a.at.localeCompare(b.at));
}

/**
 * The flag window starts and ends between `from` and `to` of records kept outside the api's database
 * (titles, as the content service answers them: `_id`, `featuredStartsAt`, …), for the Schedule's timeline.
 */
export function flagMomentsOf(
  kind: HistoryResource,
  records: readonly ({ _id: string } & object)[],
  from: Date,
  to: Date,
): WindowMoment[] {
  const moments: WindowMoment[] = [];
  for (const record of records)
    for (const flag of flagsOf(kind)) {
      const window = flagWindowOf(record as Record<string, unknown>, flag);
      for (const [moment, at] of [
        ["starts", window.startsAt],
        ["ends", window.endsAt],
      ] as const) {
        if (at === null || Date.parse(at) < from.getTime() || Date.parse(at) > to.getTime()) continue;
        const recordName = recordNameOf(kind, record as Record<string, unknown>);
        moments.push({ kind, recordId: record._id, recordName, flag, moment, at });
      }
    }
  return moments;
}

type WindowRow = { id: string; row: Record<string, unknown>; starts_at: Date | null; ends_at: Date | null };
const at = (value: Date | null) => (value === null ? null : value.getTime());
const DAY_MS = 86_400_000;

/**
 * The windows of a site that make no sense, as their descriptor's `window` says
 * (docs/PRODUCT-RULES.md#scheduled-changes), among those not yet ended at `now`: two switched-on
 * records of one `oneAtATime` slot at once, and a window outside its match's day in `timeZone`.
 */
export async function windowOverlaps(
  db: Queryable,
  site: Site,
  now: Date,
  timeZone: string,
): Promise<WindowOverlap[]> {
  const overlaps: WindowOverlap[] = [];
  for (const kind of kindsOn(site, HISTORY_RESOURCES)) {
    const { table, window } = RECORD_KINDS[kind];
    if (!table || !window) continue;
    if (window.oneAtATime) {
      const { per, when } = window.oneAtATime;
      const on = window.switch ? `and t.${columnOf(window.switch)}` : "";
      const all = await db.query<WindowRow>(
        `select id, to_jsonb(t) as row, starts_at, ends_at from ${table} t
         where ${ofSite("t")} ${on} and nullif(nullif(trim(t.${when}), ''), 'null') is not null
           and (ends_at is null or ends_at > $2)
         order by t.${per}, id limit 2000`,
        [site, now],
      );
      for (const [index, a] of all.entries()) {
        for (const b of all.slice(index + 1)) {
          if (a.row[per] !== b.row[per]) break; // ordered by slot: the rest are in others
          const from = Math.max(at(a.starts_at) ?? -Infinity, at(b.starts_at) ?? -Infinity);
          const until = Math.min(at(a.ends_at) ?? Infinity, at(b.ends_at) ?? Infinity);
          if (from >= until) continue;
          overlaps.push({
            reason: "sameSlot",
            kind,
            recordId: a.id.trim(),
            recordName: recordNameOf(kind, a.row),
            other: { kind, id: b.id.trim(), name: recordNameOf(kind, b.row) },
            slot: String(a.row[per]),
            from: Number.isFinite(from) ? new Date(from).toISOString() : null,
            until: Number.isFinite(until) ? new Date(until).toISOString() : null,
          });
        }
      }
    }
    if (window.withinDayOf) {
      const { table: parent, key, day } = window.withinDayOf;
      const parentKind = HISTORY_RESOURCES.find((other) => RECORD_KINDS[other].table === parent) ?? parent;
      const rows = await db.query<WindowRow & { other: Record<string, unknown>; day: string }>(
        `select t.id, to_jsonb(t) as row, t.starts_at, t.ends_at, to_jsonb(p) as other, p.${day} as day
         from ${table} t join ${parent} p on p.id = t.${key}
         where ${ofSite("t")} and (t.starts_at is not null or t.ends_at is not null)
           and (t.ends_at is null or t.ends_at > $2)
         order by t.id limit 2000`,
        [site, now],
      );
      for (const row of rows) {
        const dayStarts = instantIn(row.day, "00:00", timeZone);
        const next = new Date(Date.parse(`${row.day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
        const dayEnds = instantIn(next, "00:00", timeZone);
        const starts = at(row.starts_at) ?? -Infinity;
        const ends = at(row.ends_at) ?? Infinity;
        if (starts < dayEnds && ends > dayStarts) continue;
        overlaps.push({
          reason: "outsideDay",
          kind,
          recordId: row.id.trim(),
          recordName: recordNameOf(kind, row.row),
          other: {
            kind: parentKind,
            id: String(row.other.id).trim(),
            name: recordNameOf(parentKind, row.other),
          },
          slot: row.day,
          from: row.starts_at === null ? null : iso(row.starts_at),
          until: row.ends_at === null ? null : iso(row.ends_at),
        });
      }
    }
  }
  return overlaps;
}
