import { nextWindowChange, type RecordWindow, windowPhase } from "@backoffice/contracts/windows";

/** The list filter by window (docs/PRODUCT-RULES.md#windows), kept in the URL as `?window=`. */
export const WINDOW_FILTERS = [
  ["scheduled", "Scheduled"],
  ["active", "Active"],
  ["ended", "Ended"],
] as const;
export const WINDOW_FILTER_KEY = "window";

/**
 * Whether a record is in the list under `filter` at `now`: Scheduled, not open yet; Active, switched
 * on and open (what the public site shows now); Ended, closed. Anything else (All) keeps it.
 */
export function inWindowFilter(record: RecordWindow & { isActive?: boolean }, filter: string, now: number) {
  const phase = windowPhase(record, now);
  if (filter === "active") return phase === "active" && record.isActive !== false;
  if (filter === "scheduled" || filter === "ended") return phase === filter;
  return true;
}

/** The next opening or closing among `records` after `now`, switched off or not: when a card's text changes. */
export const nextBoundary = (records: readonly RecordWindow[], now: number) =>
  nextWindowChange(
    records.map(({ startsAt, endsAt }) => ({ startsAt, endsAt })),
    now,
  );
