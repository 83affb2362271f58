import type { Site } from "@backoffice/contracts";
import { INBOX_COUNT_CAP, type InboxFilter } from "@backoffice/contracts/inbox";
import type { Database, Queryable } from "@backoffice/db";

/** The tables whose rows `inbox_buckets` counts (migration 0006). */
export type InboxTable = "email_subscriptions" | "contact_messages";

const BUCKET_DIGITS = 4;

const NO_FILTER: InboxFilter = { sort: "newest" };

/**
 * What a search matches in each table (docs/PRODUCT-RULES.md#emails-and-contacts): the address
 * anywhere in it (`anywhere`: a trigram index, migration 0027), the other columns from their start
 * (prefix indexes of migration 0009), all lowercased.
 */
const SEARCHED: Record<InboxTable, { column: string; anywhere?: true }[]> = {
  email_subscriptions: [{ column: "lower(email)", anywhere: true }],
  contact_messages: [
    { column: "lower(email)", anywhere: true },
    { column: "lower(first_name || ' ' || last_name)" },
    { column: "lower(last_name)" },
    { column: "lower(subject)" },
  ],
};

/**
 * A search this long matches anywhere in the address; a shorter one holds no trigram (a trigram index
 * would read all of itself) and matches the start, through the prefix index.
 */
const SEARCH_ANYWHERE_FROM = 3;

const narrowed = (filter: InboxFilter) => Boolean(filter.q || filter.from || filter.to);

/** The id at the start of a second: ids begin with their creation second in hex (packages/db newId). */
export const idAt = (seconds: number) => seconds.toString(16).padStart(8, "0").padEnd(24, "0");

/** A search's text for LIKE: any case, its own `%`, `_` and `\\` taken literally. */
const likeText = (q: string) => q.toLowerCase().replace(/[\\%_]/g, "\\$&");

type Searched = (typeof SEARCHED)[InboxTable][number];
const isAnywhere = (searched: Searched, q: string) =>
  searched.anywhere === true && q.length >= SEARCH_ANYWHERE_FROM;

/** The date range as an id range, after `$1` (the site), so it runs on the (site, id) index. */
function rangeOf(filter: InboxFilter, params: unknown[]): string {
  const range = ["site = $1"];
  if (filter.from) {
    params.push(idAt(Math.floor(filter.from.getTime() / 1000)));
    range.push(`id >= $${params.length}::char(24)`);
  }
  if (filter.to) {
    params.push(idAt(Math.floor(filter.to.getTime() / 1000) + 1));
    range.push(`id < $${params.length}::char(24)`);
  }
  return range.join(" and ");
}

/**
 * Each searched column's LIKE, its pattern a parameter: anywhere in the column or from its start.
 * Only the patterns used become parameters (an unused one has no type on PostgreSQL).
 */
function likes(q: string, params: unknown[]) {
  const text = likeText(q);
  const placed = new Map<string, string>();
  return (searched: Searched) => {
    const pattern = isAnywhere(searched, q) ? `%${text}%` : `${text}%`;
    if (!placed.has(pattern)) {
      params.push(pattern);
      placed.set(pattern, `$${params.length}`);
    }
    return `${searched.column} like ${placed.get(pattern)}`;
  };
}

/** The SQL condition of a filter (`$1` is the site): the date range, and the search in any column. */
function conditionOf(table: InboxTable, filter: InboxFilter, params: unknown[]): string {
  const inRange = rangeOf(filter, params);
  if (!filter.q) return inRange;
  return `${inRange} and (${SEARCHED[table].map(likes(filter.q, params)).join(" or ")})`;
}

type Statement = { sql: string; params: unknown[] };

/** The planner's sample of a table's addresses (`pg_stats`, kept by ANALYZE), read at most every 10 minutes. */
const SAMPLE_MS = 10 * 60_000;
const samples = new WeakMap<Queryable, Map<InboxTable, { at: number; values: Promise<string[]> }>>();
function addressSample(db: Queryable, table: InboxTable): Promise<string[]> {
  const byTable = samples.get(db) ?? new Map();
  samples.set(db, byTable);
  const kept = byTable.get(table);
  if (kept && Date.now() - kept.at < SAMPLE_MS) return kept.values;
  const values = db
    .query<{ sample: string[] | null }>(
      `select histogram_bounds::text::text[] as sample from pg_stats
       where schemaname = current_schema() and tablename = $1 and attname = 'email'`,
      [table],
    )
    .then(
      ([row]) => (row?.sample ?? []).map((value) => value.toLowerCase()),
      () => {
        // No sample this time (the search reads every trigram); asked again by the next search.
        byTable.delete(table);
        return [];
      },
    );
  byTable.set(table, { at: Date.now(), values });
  return values;
}

/**
 * The pieces of a search the trigram index should look up: its three rarest trigrams in the sample
 * of addresses, when some are rare (in at most 2 % of the sample) and others not. The index reads a
 * posting list per trigram of the text, and one in most addresses ("com", or "rea" of every seeded
 * "reader…") costs as much as the table is long: "reader12345" took 28–48 ms on a million rows
 * where "r12345" took 0.5 ms. The whole text is then checked on the rows they find (`strpos`).
 * Undefined without a sample (never analyzed) or when no trigram is rarer than the others.
 */
function rarePieces(q: string, sample: string[]): string[] | undefined {
  if (sample.length < 50) return undefined;
  const text = q.toLowerCase();
  const trigrams = new Set<string>();
  for (let at = 0; at + 3 <= text.length; at++) {
    const trigram = text.slice(at, at + 3);
    if (/^[a-z0-9]{3}$/.test(trigram)) trigrams.add(trigram);
  }
  const ranked = [...trigrams]
    .map((trigram) => ({ trigram, seen: sample.filter((value) => value.includes(trigram)).length }))
    .sort((a, b) => a.seen - b.seen);
  const rare = ranked.filter(({ seen }) => seen <= sample.length * 0.02);
  if (rare.length === 0 || rare.length === ranked.length) return undefined;
  return rare.slice(0, 3).map(({ trigram }) => trigram);
}

/**
 * The statements that find a search's matches, each with its own parameters. `prefixed`: the ids
 * of the first (cap + 1) matches of each column searched from its start, read in its prefix index's
 * own order (`using ~<~`, text_pattern_ops), so the plan is that index whatever the planner guesses
 * of the matches; their union is every match as long as no column reached the cap. `anywhere`: the
 * first (cap + 1) matches anywhere in the address in the list's order, which the planner answers
 * from the trigram index (a rare text: its matches, sorted) or by walking the ids until it has them
 * (a common one, "gmail"); capped, they are the pages.
 */
function searchesOf(
  table: InboxTable,
  site: Site,
  filter: InboxFilter & { q: string },
  order: string,
  pieces?: string[],
) {
  const cap = INBOX_COUNT_CAP.search + 1;
  /** One statement over `columns` (none: no statement), in a parameter list of its own. */
  const statement = (
    columns: Searched[],
    sql: (
      inRange: string,
      likeOf: (searched: Searched) => string,
      param: (value: string) => string,
    ) => string,
  ): Statement | undefined => {
    if (columns.length === 0) return undefined;
    const params: unknown[] = [site];
    const inRange = rangeOf(filter, params);
    const param = (value: string) => `$${params.push(value)}`;
    return { sql: sql(inRange, likes(filter.q, params), param), params };
  };
  const anywhere = SEARCHED[table].filter((searched) => isAnywhere(searched, filter.q));
  const prefixed = SEARCHED[table].filter((searched) => !isAnywhere(searched, filter.q));
  return {
    prefixed: statement(prefixed, (inRange, likeOf) =>
      prefixed
        .map(
          (searched) =>
            `select id from (select id from ${table} where ${inRange} and ${likeOf(searched)}
               order by ${searched.column} using ~<~ limit ${cap}) m`,
        )
        .join(" union "),
    ),
    anywhere: statement(anywhere, (inRange, likeOf, param) => {
      if (!pieces || anywhere.length !== 1) {
        return `select id from ${table} where ${inRange} and (${anywhere.map(likeOf).join(" or ")})
          order by id ${order} limit ${cap}`;
      }
      // The rare pieces for the index, the whole text on the rows they find: strpos is no index's
      // operator, so the index looks up the pieces only.
      const [{ column }] = anywhere as [Searched];
      return `select id from ${table} where ${inRange}
          and ${pieces.map((piece) => `${column} like ${param(`%${piece}%`)}`).join(" and ")}
          and strpos(${column}, ${param(filter.q.toLowerCase())}) > 0
          order by id ${order} limit ${cap}`;
    }),
  };
}

/**
 * One page of an inbox table in the filter's order, with its total. Unfiltered, it costs about the
 * same on the last page of a million rows as on the first: the counts per id bucket (kept by
 * triggers) say which bucket the page starts in, so OFFSET only ever skips rows inside that bucket.
 * Filtered, the total is counted up to `INBOX_COUNT_CAP` (`capped` says it stopped there), and
 * the pages stop at that many rows: a search's matches come from `searchesOf` (their ids, at most
 * the cap each); a search matching more from the start of a column, or a date range, walks the ids
 * in the list's order.
 */
export async function inboxPage<Row>(
  db: Queryable,
  table: InboxTable,
  site: Site,
  page: number,
  limit: number,
  filter: InboxFilter = NO_FILTER,
): Promise<{ rows: Row[]; total: number; capped: boolean }> {
  const offset = (page - 1) * limit;
  const order = filter.sort === "oldest" ? "asc" : "desc";
  if (narrowed(filter)) {
    const params: unknown[] = [site];
    const where = conditionOf(table, filter, params);
    const page = (ids?: string[]) =>
      planned(db, ["max_parallel_workers_per_gather = 0"], (tx) =>
        tx.query<Row>(
          `select * from ${table} where ${ids ? "site = $1 and id = any($2::char(24)[])" : where}
           order by id ${order} limit ${Math.min(limit, total - offset)} offset ${ids ? 0 : offset}`,
          ids ? [site, ids] : params,
        ),
      );
    let total: number;
    if (filter.q) {
      const q = filter.q;
      const pieces =
        q.length >= SEARCH_ANYWHERE_FROM ? rarePieces(q, await addressSample(db, table)) : undefined;
      const { prefixed, anywhere } = searchesOf(table, site, { ...filter, q }, order, pieces);
      const inOrder = anywhere
        ? await planned(db, ["max_parallel_workers_per_gather = 0"], (tx) =>
            tx.query<{ id: string }>(anywhere.sql, anywhere.params),
          )
        : [];
      // Read in each prefix index's order, never sorted after a scan of the date range.
      const started = prefixed
        ? await planned(db, ["enable_sort = off"], (tx) =>
            tx.query<{ id: string }>(prefixed.sql, prefixed.params),
          )
        : [];
      const found = [...new Set([...inOrder, ...started].map((row) => row.id))];
      const capped = found.length > INBOX_COUNT_CAP.search;
      total = Math.min(found.length, INBOX_COUNT_CAP.search);
      if (offset >= total) return { rows: [], total, capped };
      // More than the cap from the start of a column: the pages walk the ids in the list's order.
      if (capped && prefixed) return { rows: await page(), total, capped };
      // Every match is known, or the first matches anywhere are, in the list's order: the page's
      // ids are picked here, and only its rows are read.
      const ids = capped ? found : found.sort();
      if (!capped && order === "desc") ids.reverse();
      return { rows: await page(ids.slice(offset, offset + limit)), total, capped };
    }
    const [count] = await db.query<{ n: number }>(
      `select count(*)::int as n from (select 1 from ${table} where ${where} limit ${INBOX_COUNT_CAP.range + 1}) found`,
      params,
    );
    const capped = count!.n > INBOX_COUNT_CAP.range;
    total = Math.min(count!.n, INBOX_COUNT_CAP.range);
    if (offset >= total) return { rows: [], total, capped };
    return { rows: await page(), total, capped };
  }
  const [start] = await db.query<{ bucket: string; before: number; total: number }>(
    `select bucket, (upto - n)::int as before, total::int as total from (
       select bucket, n, sum(n) over (order by bucket ${order}) as upto, sum(n) over () as total
       from inbox_buckets where tbl = $1 and site = $2
     ) counted where upto > $3 order by bucket ${order} limit 1`,
    [table, site, offset],
  );
  // The page lies past the end: no rows, but the answer still carries the total.
  if (!start) return { rows: [], total: await inboxTotal(db, table, site), capped: false };
  const rows = await db.query<Row>(
    order === "desc"
      ? `select * from ${table} where site = $1 and id < $2 order by id desc limit $3 offset $4`
      : `select * from ${table} where site = $1 and id >= $2 order by id asc limit $3 offset $4`,
    [
      site,
      order === "desc" ? bucketEnd(start.bucket) : start.bucket.padEnd(24, "0"),
      limit,
      offset - start.before,
    ],
  );
  return { rows, total: start.total, capped: false };
}

/**
 * Runs a query with planner settings of its own on PostgreSQL and PGlite (in a transaction, `set
 * local`): a search's matches are read in index order (`enable_sort = off`: with its guess of the
 * rows, the planner would rather sort a whole date range), and a page walking the ids starts no
 * parallel workers (they cost 20 ms idle and over 100 ms on a loaded host for a query that ends
 * after a few rows). See docs/PERFORMANCE.md, inbox search.
 */
function planned<T>(db: Queryable, settings: string[], run: (tx: Queryable) => Promise<T>): Promise<T> {
  const database = db as Partial<Database>;
  if (!database.transaction) return run(db);
  return database.transaction(async (tx) => {
    for (const setting of settings) await tx.query(`set local ${setting}`);
    return run(tx);
  });
}

/** How many rows a filter selects, exactly (an export's progress counts against it). */
async function filteredTotal(db: Queryable, table: InboxTable, site: Site, filter: InboxFilter) {
  if (!narrowed(filter)) return inboxTotal(db, table, site);
  const params: unknown[] = [site];
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from ${table} where ${conditionOf(table, filter, params)}`,
    params,
  );
  return count!.n;
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
 * Every row of an inbox table the filter selects (or only the given ids among them), in its order,
 * a batch at a time (keyset on the id): an export of a million rows holds one batch in memory,
 * never the list.
 */
export async function* inboxBatches<Row extends { id: string }>(
  db: Queryable,
  table: InboxTable,
  site: Site,
  ids?: readonly string[],
  filter: InboxFilter = NO_FILTER,
  // Small enough that a batch's rows die young in V8's heap (docs/PERFORMANCE.md, export memory).
  size = 1000,
): AsyncGenerator<Row[]> {
  const params: unknown[] = [site];
  let where = conditionOf(table, filter, params);
  if (ids) {
    params.push(ids);
    where += ` and id = any($${params.length}::char(24)[])`;
  }
  const newest = filter.sort !== "oldest";
  params.push(newest ? "g" : ""); // beyond every hex id, in the direction of the order
  const past = params.length;
  for (;;) {
    const rows = await db.query<Row>(
      `select * from ${table} where ${where} and id ${newest ? "<" : ">"} $${past}::char(24)
       order by id ${newest ? "desc" : "asc"} limit ${size}`,
      params,
    );
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    params[past - 1] = rows.at(-1)!.id;
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
    /** A page in the filter's order (ids start with their creation time), with its total. */
    async page(page: number, limit: number, filter?: InboxFilter) {
      const { rows, ...counted } = await inboxPage<Row>(db, table, site, page, limit, filter);
      return { rows: rows.map(toItem), ...counted };
    },
    total: (filter: InboxFilter = NO_FILTER) => filteredTotal(db, table, site, filter),
    /** Every row the filter selects, or the given ids among them, a batch at a time (exports). */
    async *batches(ids?: readonly string[], filter?: InboxFilter) {
      for await (const rows of inboxBatches<Row>(db, table, site, ids, filter)) yield rows.map(toItem);
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
