/** An inbox's filters in the URL (`?q=&sort=&from=&to=`), for its screen, its export and its route's loader. */
export const INBOX_FILTER_KEYS = ["q", "sort", "from", "to"] as const;
type InboxFilterKey = (typeof INBOX_FILTER_KEYS)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What the list and the export are asked for: `GET …?q=&sort=&from=&to=`. */
export type InboxFilterQuery = {
  q?: string;
  sort?: "oldest";
  from?: string;
  to?: string;
};

/**
 * The URL's filters as the API's query: the search trimmed, "oldest" only when asked (newest is the
 * default), and the days as the admin's own midnight and last millisecond, sent as instants with
 * their offset so "from 1 March" means the admin's 1 March, whatever the server's time zone.
 */
export function inboxQueryOf(get: (key: InboxFilterKey) => string): InboxFilterQuery {
  const query: InboxFilterQuery = {};
  const q = get("q").trim();
  if (q) query.q = q;
  if (get("sort") === "oldest") query.sort = "oldest";
  const day = (key: "from" | "to") => {
    const value = get(key);
    if (!DAY.test(value)) return undefined;
    const [year, month, date] = value.split("-").map(Number) as [number, number, number];
    const local =
      key === "from" ? new Date(year, month - 1, date) : new Date(year, month - 1, date + 1, 0, 0, 0, -1);
    return Number.isNaN(local.getTime()) ? undefined : local.toISOString();
  };
  const from = day("from");
  const to = day("to");
  if (from) query.from = from;
  if (to) query.to = to;
  return query;
}
