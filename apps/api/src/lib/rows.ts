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
