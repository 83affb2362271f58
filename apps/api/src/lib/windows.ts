import {
  isActiveAt,
  nextWindowChange,
  RECORD_KINDS,
  type RecordWindow,
  WINDOW_MESSAGES,
  type WindowedKind,
} from "@backoffice/contracts";
import { fieldRefused } from "@backoffice/server";
import { iso } from "./rows.ts";

// Windows on the server (docs/PRODUCT-RULES.md#windows): one implementation for every kind whose
// descriptor says `window` (packages/contracts resources.ts): the columns of migration 0034, the
// public reads' filter and the moment their answer stops being true (PublicCache's `until`).

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

/**
 * Runs a write of a windowed table: the database refuses an end that does not come after the start
 * (`<table>_window_check`, migration 0034), also when an update gives one end and the other is stored;
 * that refusal becomes a 400 naming `endsAt`, and nothing is stored.
 */
export async function windowChecked<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === "23514" && constraint?.endsWith("_window_check"))
      throw fieldRefused("endsAt", WINDOW_MESSAGES.endBeforeStart);
    throw error;
  }
}
