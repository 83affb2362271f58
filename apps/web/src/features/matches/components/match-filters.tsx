import { SlidersHorizontal } from "lucide-react";
import { useState } from "react";
import { FilterSelect, SearchBox } from "@/components/list/url-filters";
import { Button } from "@/components/ui/button";
import { useBreakpoint } from "@/hooks/use-breakpoint";
import { cn } from "@/lib/utils";
import { LIST_STATUS_OPTIONS, SPORT_OPTIONS } from "../utils/match-form";

type MatchFilterKey = "q" | "sport" | "status" | "league";

/**
 * Search, sport and status (and league, when given) filters of the match lists, kept in the URL. On
 * a phone the selects fold behind Filters, which counts those set, so the matches start higher.
 */
export function MatchFilters({
  get,
  set,
  leagues,
}: {
  get: (key: MatchFilterKey) => string;
  set: (key: MatchFilterKey, value: string) => void;
  leagues?: readonly string[];
}) {
  const { mobile } = useBreakpoint();
  const [open, setOpen] = useState(false);
  const selects = (
    [
      ["sport", "Sport", "All Sports", SPORT_OPTIONS],
      ["status", "Status", "All Status", LIST_STATUS_OPTIONS],
      ...(leagues ? [["league", "League", "All Leagues", leagues.map((l) => [l, l] as const)] as const] : []),
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
  ));
  const search = (
    <SearchBox
      label="Search matches"
      placeholder="Search teams or leagues..."
      value={get("q")}
      onChange={(v) => set("q", v)}
      className="flex-1"
    />
  );
  if (mobile) {
    const chosen = (["sport", "status", "league"] as const).filter((key) => get(key) !== "").length;
    return (
      <div className="grid gap-3">
        <div className="flex gap-2">
          {search}
          {/* An icon and the count set, so the search keeps room for its placeholder. */}
          <Button
            variant="outline"
            size={chosen > 0 ? "default" : "icon"}
            aria-label={chosen > 0 ? `Filters (${chosen})` : "Filters"}
            aria-expanded={open}
            onClick={() => setOpen((was) => !was)}
          >
            <SlidersHorizontal aria-hidden="true" />
            {chosen > 0 && chosen}
          </Button>
        </div>
        {open && selects}
      </div>
    );
  }
  return (
    <div
      className={cn(
        "grid gap-3",
        leagues
          ? "sm:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]"
          : "sm:grid-cols-[minmax(0,2fr)_repeat(2,minmax(0,1fr))]",
      )}
    >
      {search}
      {selects}
    </div>
  );
}
