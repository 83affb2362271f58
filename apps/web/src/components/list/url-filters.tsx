import { Search, X } from "lucide-react";
import { useSearchParams } from "react-router";
import { IconButton } from "@/components/icon-button";
import { type Option, OptionsSelect } from "@/components/options-select";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

/** Where a list's page starts: a page number, or a keyset list's cursor (use-cursor-param.ts). */
const PAGING = ["page", "after", "before"] as const;

/**
 * A list's filters kept in the URL (Back, reload and links keep them). An empty value or "all"
 * removes the parameter; typing in a search box replaces the history entry instead of adding one.
 * A change of filter goes back to the first page (`page`, or a keyset list's cursor, is dropped).
 */
export function useUrlFilters<K extends string>(keys: readonly K[], searchKey?: K) {
  const [params, setParams] = useSearchParams();
  const get = (key: K) => params.get(key) ?? "";
  const set = (key: K, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value && value !== "all") next.set(key, value);
        else next.delete(key);
        for (const paging of PAGING) next.delete(paging);
        return next;
      },
      { replace: key === searchKey },
    );
  const any = keys.some((key) => get(key) !== "");
  const clear = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const key of keys) next.delete(key);
      for (const paging of PAGING) next.delete(paging);
      return next;
    });
  return { get, set, any, clear };
}

/** One filter select: "All …" first, then the options as [value, label]. */
export function FilterSelect({
  label,
  all,
  value,
  options,
  onChange,
}: {
  label: string;
  all: string;
  value: string;
  options: readonly Option[];
  onChange: (value: string) => void;
}) {
  return (
    <OptionsSelect
      aria-label={label}
      className="w-full"
      value={value || "all"}
      onValueChange={onChange}
      options={[["all", all], ...options]}
    />
  );
}

/** The search box of a list: a labelled search input with its icon and, given `onClear`, a Clear search button. */
export function SearchBox({
  label,
  placeholder,
  value,
  onChange,
  onClear,
  className,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onClear?: () => void;
  className?: string;
}) {
  return (
    <div className={cn("relative", className)}>
      <Search className="absolute top-2.5 left-3 size-4 text-muted-foreground" aria-hidden="true" />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        // Room on the right only for the clear button, so a phone shows the whole placeholder.
        className={cn(
          "pl-9",
          onClear && "[&::-webkit-search-cancel-button]:hidden",
          onClear && value && "pr-9",
        )}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {onClear && value && (
        <IconButton icon={X} label="Clear search" onClick={onClear} className="absolute top-0 right-0" />
      )}
    </div>
  );
}
