/**
 * The version an edit sent as it loaded a record: its `updatedAt` as answered (ISO text), null when
 * what it sent is no date (no record's version), undefined when it sent none.
 */
export type SentVersion = string | null | undefined;

/**
 * The condition that keeps an edit's update to a record still at `version`, appended to the
 * update's WHERE with its value at `$param` (docs/PRODUCT-RULES.md#live-updates). Being part of the
 * update itself, two saves of one version cannot both pass: the second, once the first committed,
 * matches no row. Versions are answered in milliseconds (the stored microseconds are truncated); null
 * matches no row; undefined adds nothing (no check).
 */
export function versionCondition(version: SentVersion, param: number): { sql: string; values: unknown[] } {
  if (version === undefined) return { sql: "", values: [] };
  return { sql: ` and date_trunc('milliseconds', updated_at) = $${param}::timestamptz`, values: [version] };
}
