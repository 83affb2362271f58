import { FilterSelect, useUrlFilters } from "@/components/list/url-filters";
import { WINDOW_FILTER_KEY, WINDOW_FILTERS } from "./window-state";

/** The list's Window filter in the URL (`?window=scheduled|active|ended`; All removes it). */
export function useWindowFilter() {
  const filters = useUrlFilters([WINDOW_FILTER_KEY] as const);
  return {
    value: filters.get(WINDOW_FILTER_KEY),
    set: (value: string) => filters.set(WINDOW_FILTER_KEY, value),
    clear: filters.clear,
  };
}

/** The Window select: All windows, Scheduled, Active, Ended. */
export function WindowFilterSelect({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="w-full sm:w-48">
      <FilterSelect
        label="Window"
        all="All windows"
        value={value}
        options={WINDOW_FILTERS}
        onChange={onChange}
      />
    </div>
  );
}
