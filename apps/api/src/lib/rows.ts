import { type Database, type Queryable, type SentVersion, versionCondition } from "@backoffice/db";

/** Timestamps leave the API as ISO text. */
export const iso = (value: Date | string) => new Date(value).toISOString();

/** Builds `set a = $2, b = $3` from the defined fields of a patch (column names come from our own code). */
export function setClause(columns: Record<string, unknown>, firstIndex: number) {
  const entries = Object.entries(definedOnly(columns));
  return {
    sql: entries.map(([column], index) => `${column} = $${firstIndex + index}`).join(", "),
    values: entries.map(([, value]) => value),
  };
}

/** The fields of `values` that are not undefined (a patch's given fields). */
export function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * An update that may leave fields out (docs/PRODUCT-RULES.md#answers-and-errors), as one transaction:
 * the stored row of `table` matching `key` (`{site, id}`) is read and locked, checked against the
 * version the edit sent (If-Match, `versionCondition`), and `change` turns it into the columns to set
 * (undefined ones are kept), checking the rules of several fields on the merged record (it throws the
 * refusal); only then is it written, so nothing can change the row between the read and the write.
 * Undefined when no row matched: no such record, or its version moved (`refusedEdit` says which).
 */
export async function mergedUpdate<Row>(
  db: Queryable,
  table: string,
  key: Record<string, unknown>,
  version: SentVersion,
  change: (stored: Row) => Record<string, unknown>,
): Promise<Row | undefined> {
  const columns = Object.keys(key);
  const where = columns.map((column, index) => `${column} = $${index + 1}`).join(" and ");
  const keys = Object.values(key);
  const run = async (tx: Queryable) => {
    const check = versionCondition(version, keys.length + 1);
    const [stored] = await tx.query<Row>(`select * from ${table} where ${where}${check.sql} for update`, [
      ...keys,
      ...check.values,
    ]);
    if (!stored) return undefined;
    const set = setClause(change(stored), keys.length + 1);
    const [row] = await tx.query<Row>(
      `update ${table} set ${set.sql ? `${set.sql}, ` : ""}updated_at = now() where ${where} returning *`,
      [...keys, ...set.values],
    );
    return row;
  };
  // A repository given a transaction's connection (the seed's) runs inside it.
  return "transaction" in db ? (db as Database).transaction(run) : run(db);
}

/** The paged list answer: `{status, data, pagination: {page, numberOfPages}, result}`. */
export function pagedAnswer<T>(rows: T[], total: number, page: number, limit: number) {
  return {
    status: "success" as const,
    data: rows,
    pagination: { page, numberOfPages: Math.max(1, Math.ceil(total / limit)) },
    result: total,
  };
}

/**
 * Which rows page `page` of a newest-first list of `total` rows holds, read from whichever end of
 * the list is nearer: `newestFirst` false means "oldest first, skip `offset`, take `limit`, then
 * reverse". The last page skips as few rows as the first (docs/ARCHITECTURE.md#paging-long-lists);
 * `limit` 0 means the page lies past the end.
 */
export function pageSlice(total: number, page: number, limit: number) {
  const skipped = (page - 1) * limit;
  const rows = Math.max(0, Math.min(limit, total - skipped));
  const fromOldest = Math.max(0, total - skipped - rows);
  return fromOldest < skipped
    ? { newestFirst: false, offset: fromOldest, limit: rows }
    : { newestFirst: true, offset: skipped, limit: rows };
}

/** The neighbouring page's edge the dashboard sends (`after` its last id, `before` its first). */
export interface PageEdge {
  after?: string | undefined;
  before?: string | undefined;
}

/**
 * How to read page `page` of a newest-first list ordered by `id`: with a neighbour's edge, the
 * `limit` ids past it on the primary key, no OFFSET however deep the page (`bound` is the SQL
 * condition, `$param` the edge's id); without one, `pageSlice`'s nearer end. A page past the
 * end of the count is empty either way (docs/ARCHITECTURE.md#paging-long-lists).
 */
export function pageRead(total: number, page: number, limit: number, edge: PageEdge, param: number) {
  const slice = { ...pageSlice(total, page, limit), bound: "", values: [] as string[] };
  if (slice.limit === 0) return slice;
  if (edge.after)
    return { newestFirst: true, offset: 0, limit, bound: `and id < $${param}::bigint`, values: [edge.after] };
  if (edge.before)
    return {
      newestFirst: false,
      offset: 0,
      limit,
      bound: `and id > $${param}::bigint`,
      values: [edge.before],
    };
  return slice;
}
