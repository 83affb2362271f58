import { useSearchParams } from "react-router";
import { OptionsSelect } from "@/components/options-select";

/** One order of a list: its `?sort=` value, its label, and how two items compare in it. */
export type SortOption<T> = {
  value: string;
  label: string;
  compare: (a: T, b: T) => number;
};

/**
 * The order of a fully loaded list, kept in the URL as `?sort=` beside its filters (Back, reload and
 * links keep it). The first option is the default and leaves no parameter; an unknown value (an old
 * or edited link) is the default too. Clearing the filters keeps the order; changing the order goes
 * back to the first page. Sort with `[...items].sort(compare)`: equal items keep the server's order.
 */
export function useUrlSort<T>(options: readonly [SortOption<T>, ...SortOption<T>[]]) {
  const [params, setParams] = useSearchParams();
  const current = options.find((option) => option.value === params.get("sort")) ?? options[0];
  const set = (value: string) =>
    setParams((now) => {
      const next = new URLSearchParams(now);
      if (value === options[0].value) next.delete("sort");
      else next.set("sort", value);
      next.delete("page");
      return next;
    });
  // Stable while the order stays (the options are constants), so a memoised list can depend on it.
  return { value: current.value, compare: current.compare, set, options };
}

/** The "Sort by" select of a list. */
export function SortSelect({
  sort,
  className,
}: {
  sort: { value: string; set: (value: string) => void; options: readonly SortOption<never>[] };
  className?: string;
}) {
  return (
    <OptionsSelect
      aria-label="Sort by"
      className={className}
      value={sort.value}
      onValueChange={sort.set}
      options={sort.options.map((option) => [option.value, `Sort: ${option.label}`] as const)}
    />
  );
}
