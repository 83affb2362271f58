import type { Site } from "@backoffice/contracts";
import type { Queryable } from "@backoffice/db";

/** The tables whose rows `inbox_buckets` counts (migration 0006). */
export type InboxTable = "email_subscriptions" | "contact_messages";

const BUCKET_DIGITS = 4;

/**
 * One page of an inbox table, newest first, with the site's total, in about the same time on the
 * last page of a million rows as on the first: the counts per id bucket (kept by triggers) say
 * which bucket the page starts in, so OFFSET only ever skips rows inside that bucket.
 */
export async function newestFirstPage<Row>(
  db: Queryable,
  table: InboxTable,
  site: Site,
  page: number,
  limit: number,
): Promise<{ rows: Row[]; total: number }> {
  const offset = (page - 1) * limit;
  const [start] = await db.query<{ bucket: string; before: number; total: number }>(
    `select bucket, (upto - n)::int as before, total::int as total from (
       select bucket, n, sum(n) over (order by bucket desc) as upto, sum(n) over () as total
       from inbox_buckets where tbl = $1 and site = $2
     ) counted where upto > $3 order by bucket desc limit 1`,
    [table, site, offset],
  );
  // The page lies past the end: no rows, but the answer still carries the total.
  if (!start) return { rows: [], total: await inboxTotal(db, table, site) };
  const rows = await db.query<Row>(
    `select * from ${table} where site = $1 and id < $2 order by id desc limit $3 offset $4`,
    [site, bucketEnd(start.bucket), limit, offset - start.before],
  );
  return { rows, total: start.total };
}

/** How many rows a site's inbox holds, from the bucket counts. */
export async function inboxTotal(db: Queryable, table: InboxTable, site: Site): Promise<number> {
  const [count] = await db.query<{ total: number }>(
    "select coalesce(sum(n), 0)::int as total from inbox_buckets where tbl = $1 and site = $2",
    [table, site],
  );
  return count!.total;
}

/** The smallest id above every id of `bucket` (ids are lowercase hex, 24 digits). */
function bucketEnd(bucket: string): string {
  const next = (Number.parseInt(bucket, 16) + 1).toString(16).padStart(BUCKET_DIGITS, "0");
  return next.padEnd(24, "0");
}

/**
 * Every row of an inbox table, or only the given ids, newest first, a batch at a time (keyset on
 * the id): an export of a million rows holds one batch in memory, never the list.
 */
export async function* newestFirstBatches<Row extends { id: string }>(
  db: Queryable,
  table: InboxTable,
  site: Site,
  ids?: readonly string[],
  size = 5000,
): AsyncGenerator<Row[]> {
  const only = ids ? "and id = any($4::char(24)[])" : "";
  let before = "g"; // above every hex id
  for (;;) {
    const rows = await db.query<Row>(
      `select * from ${table} where site = $1 and id < $2::char(24) ${only} order by id desc limit $3`,
      ids ? [site, before, size, ids] : [site, before, size],
    );
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    before = rows.at(-1)!.id;
  }
}

/**
 * What every inbox repository offers on its table besides its own insert: a page, the total, the
 * export batches and the delete by ids, with each row mapped by `toItem`.
 */
export function inboxRows<Row extends { id: string }, Item>(
  db: Queryable,
  table: InboxTable,
  site: Site,
  toItem: (row: Row) => Item,
) {
  return {
    /** Newest first (ids start with their creation time), with the site's total. */
    async page(page: number, limit: number): Promise<{ rows: Item[]; total: number }> {
      const { rows, total } = await newestFirstPage<Row>(db, table, site, page, limit);
      return { rows: rows.map(toItem), total };
    },
    total: () => inboxTotal(db, table, site),
    /** Every row, or the given ids, newest first, a batch at a time (exports). */
    async *batches(ids?: readonly string[]) {
      for await (const rows of newestFirstBatches<Row>(db, table, site, ids)) yield rows.map(toItem);
    },
    async remove(ids: string[]): Promise<number> {
      const rows = await db.query(`delete from ${table} where site = $1 and id = any($2) returning id`, [
        site,
        ids,
      ]);
      return rows.length;
    },
  };
}
