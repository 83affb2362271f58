import { useMemo } from "react";
import { DayInput } from "@/components/day-input";
import { ClearFiltersButton } from "@/components/list/list-body";
import { SearchBox, useUrlFilters } from "@/components/list/url-filters";
import { OptionsSelect } from "@/components/options-select";
import { useDebouncedValue } from "@/hooks/use-debounced-value";

const KEYS = ["q", "sort", "from", "to"] as const;
type InboxFilterKey = (typeof KEYS)[number];

const SORTS = [
  ["newest", "Newest first"],
  ["oldest", "Oldest first"],
] as const;

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

/**
 * An inbox's search, order and date range, kept in the URL (`?q=&sort=&from=&to=`; a change goes
 * back to page 1). `query` waits until typing pauses, so a search asks the server once.
 */
export function useInboxFilters() {
  const url = useUrlFilters(KEYS, "q");
  // Debounced as text: equal filters are equal strings, so nothing re-renders while they stay put.
  const queryKey = useDebouncedValue(JSON.stringify(inboxQueryOf(url.get)), 300);
  const query = useMemo(() => JSON.parse(queryKey) as InboxFilterQuery, [queryKey]);
  return { url, query, queryKey, filtered: queryKey !== "{}" };
}

export type InboxFiltersState = ReturnType<typeof useInboxFilters>;

/** The filter bar above an inbox's rows: search, order, From and To. */
export function InboxFilters({
  filters,
  searchLabel,
  placeholder,
}: {
  filters: InboxFiltersState;
  searchLabel: string;
  placeholder: string;
}) {
  const { url } = filters;
  return (
    <div className="flex flex-col gap-2 lg:flex-row lg:flex-wrap lg:items-center">
      <SearchBox
        label={searchLabel}
        placeholder={placeholder}
        value={url.get("q")}
        onChange={(value) => url.set("q", value)}
        onClear={() => url.set("q", "")}
        className="lg:min-w-64 lg:flex-1"
      />
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3 lg:flex lg:items-center">
        <OptionsSelect
          aria-label="Sort by date"
          className="w-full lg:w-40"
          value={url.get("sort") === "oldest" ? "oldest" : "newest"}
          onValueChange={(value) => url.set("sort", value === "oldest" ? "oldest" : "")}
          options={SORTS}
        />
        <DayInput label="From" value={url.get("from")} onChange={(day) => url.set("from", day)} />
        <DayInput label="To" value={url.get("to")} onChange={(day) => url.set("to", day)} />
      </div>
      {url.any && (
        <div>
          <ClearFiltersButton onClick={url.clear} />
        </div>
      )}
    </div>
  );
}
