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
      <FilterSelect
        label="Sport"
        all="All Sports"
        value={get("sport")}
        options={SPORT_OPTIONS}
        onChange={(v) => set("sport", v)}
      />
      <FilterSelect
        label="Status"
        all="All Status"
        value={get("status")}
        options={STATUS_OPTIONS}
        onChange={(v) => set("status", v)}
      />
      {leagues && (
        <FilterSelect
          label="League"
          all="All Leagues"
          value={get("league")}
          options={leagues.map((l) => [l, l] as const)}
          onChange={(v) => set("league", v)}
        />
      )}
    </div>
  );
}
