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

/**
 * A keyset page's answer (contracts `cursorPagedOf`): its rows, the total, the cursors beside it, and
 * the emails' `pagination`, whose page number is known unless the page was read by a cursor.
 */
export function cursorAnswer<T>(
  data: T[],
  found: { total: number; capped: boolean; newer: string | null; older: string | null },
  limit: number,
  asked: Cursor,
) {
  const byCursor = asked.after !== undefined || asked.before !== undefined;
  return {
    status: "success" as const,
    data,
    result: found.total,
    pagination: {
      page: byCursor ? null : (asked.page ?? 1),
      numberOfPages: Math.max(1, Math.ceil(found.total / limit)),
    },
    capped: found.capped,
    newer: found.newer,
    older: found.older,
  };
}

/** A keyset page's cursor (contracts history.ts): entries older than `after`, or newer than `before`. */
export interface Cursor {
  after?: string | undefined;
  before?: string | undefined;
  /** Without `after` or `before`: page `page` counted from the newest (the older clients' "paged like emails"; it skips rows). */
  page?: number | undefined;
}

/**
 * A keyset page of `table`, newest first by its primary key `id` (docs/ARCHITECTURE.md#paging-long-lists):
 * the `limit` ids past the cursor (older than `after`; newer than `before`, `before=0` the oldest page;
 * the newest without one) of the rows that one of `ranges` picks (each an SQL condition, read on its
 * own index in id order, merged by id; `ranges` adds its parameters to `values`), and the cursors of
 * the pages beside it: `older` (an `after`) and `newer` (a `before`), null where there is none. No
 * count and no OFFSET: each page costs what the first does, and rows written meanwhile never shift it.
 */
export async function keysetPage(
  db: Queryable,
  table: string,
  ranges: (values: unknown[]) => string[],
  limit: number,
  cursor: Cursor,
): Promise<{ ids: string[]; newer: string | null; older: string | null }> {
  const values: unknown[] = [];
  const where = ranges(values);
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const backwards = cursor.before !== undefined;
  const edge = backwards ? cursor.before : cursor.after;
  const bound = edge === undefined ? "" : ` and id ${backwards ? ">" : "<"} ${param(edge)}::bigint`;
  const skip = edge === undefined && cursor.page ? (cursor.page - 1) * limit : 0;
  const take = param(limit + 1);
  const each = param(limit + 1 + skip);
  const order = backwards ? "asc" : "desc";
  const rows = await db.query<{ id: string }>(
    `select found.id::text as id from (${where
      .map((range) => `(select id from ${table} where ${range}${bound} order by id ${order} limit ${each})`)
      .join(
        " union all ",
      )}) found order by found.id ${order} limit ${take}${skip ? ` offset ${param(skip)}` : ""}`,
    values,
  );
  const more = rows.length > limit;
  const ids = rows.slice(0, limit).map((row) => row.id);
  if (backwards) ids.reverse();
  if (ids.length === 0) return { ids, newer: null, older: null };
  /** Whether a row lies past `id` on the other side than the page was read towards. */
  const beyond = async (id: string, side: "<" | ">") => {
    const probe: unknown[] = [];
    const probed = ranges(probe);
    probe.push(id);
    const [found] = await db.query<{ any: boolean }>(
      `select ${probed
        .map(
          (range) => `exists (select 1 from ${table} where ${range} and id ${side} $${probe.length}::bigint)`,
        )
        .join(" or ")} as any`,
      probe,
    );
    return found!.any;
  };
  const newest = ids[0]!;
  const oldest = ids.at(-1)!;
  if (backwards)
    return { ids, newer: more ? newest : null, older: (await beyond(oldest, "<")) ? oldest : null };
  return {
    ids,
    newer: skip > 0 || (edge !== undefined && (await beyond(newest, ">"))) ? newest : null,
    older: more ? oldest : null,
  };
}
