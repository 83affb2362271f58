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
