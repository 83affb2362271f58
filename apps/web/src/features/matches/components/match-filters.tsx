import { FilterSelect, SearchBox } from "@/components/list/url-filters";
import { cn } from "@/lib/utils";
import { SPORT_OPTIONS, STATUS_OPTIONS } from "../utils/match-form";

type MatchFilterKey = "q" | "sport" | "status" | "league";

/** Search, sport and status (and league, when given) filters of the match lists, kept in the URL. */
export function MatchFilters({
  get,
  set,
  leagues,
}: {
  get: (key: MatchFilterKey) => string;
  set: (key: MatchFilterKey, value: string) => void;
  leagues?: readonly string[];
}) {
  return (
    <div
      className={cn(
        "grid gap-3",
        leagues
          ? "sm:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]"
          : "sm:grid-cols-[minmax(0,2fr)_repeat(2,minmax(0,1fr))]",
      )}
    >
      <SearchBox
        label="Search matches"
        placeholder="Search teams or leagues..."
        value={get("q")}
        onChange={(v) => set("q", v)}
      />
      {(
        [
          ["sport", "Sport", "All Sports", SPORT_OPTIONS],
          ["status", "Status", "All Status", STATUS_OPTIONS],
          ...(leagues
            ? [["league", "League", "All Leagues", leagues.map((l) => [l, l] as const)] as const]
            : []),
        ] as const
      ).map(([key, label, all, options]) => (
        <FilterSelect
          key={key}
          label={label}
          all={all}
          value={get(key)}
          options={options}
          onChange={(v) => set(key, v)}
        />
      ))}
    </div>
  );
}
