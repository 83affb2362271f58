import { useMemo } from "react";
import { DayInput } from "@/components/day-input";
import { INBOX_FILTER_KEYS, type InboxFilterQuery, inboxQueryOf } from "@/components/inbox-query";
import { ClearFiltersButton } from "@/components/list/list-body";
import { SearchBox, useUrlFilters } from "@/components/list/url-filters";
import { OptionsSelect } from "@/components/options-select";
import { useDebouncedValue } from "@/hooks/use-debounced-value";

const SORTS = [
  ["newest", "Newest first"],
  ["oldest", "Oldest first"],
] as const;

/**
 * An inbox's search, order and date range, kept in the URL (`?q=&sort=&from=&to=`; a change goes
 * back to page 1). `query` waits until typing pauses, so a search asks the server once.
 */
export function useInboxFilters() {
  const url = useUrlFilters(INBOX_FILTER_KEYS, "q");
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
