export type Sport = "football" | "basketball" | "hockey" | "american-football";

export interface Country {
  id: number;
  name: string;
  /** ISO-like code, null for continental competitions ("World", "Europe"). */
  code: string | null;
  /** File name of the flag under /media/flags (e.g. "gb-eng"), null when the provider has none. */
  flag: string | null;
}

export interface Team {
  id: number;
  name: string;
  venue: string | null;
  city: string | null;
}

export interface League {
  id: number;
  name: string;
  type: "League" | "Cup";
  country: Country;
  teams: readonly Team[];
  /** Usual kick-off times, "HH:MM" in UTC. */
  kickoffs: readonly string[];
  /** Relative share of the day's fixtures. */
  weight: number;
  /** Month (1-12) the season starts in, for the season label. */
  seasonStartMonth: number;
  /** "year" gives 2026, "span" gives "2026-2027" (basketball's label). */
  seasonStyle: "year" | "span";
  /** Knockout competitions decide draws in extra time or penalties. */
  knockout?: boolean;
  /** Round or stage label prefix, e.g. "Regular Season" or "League Stage". */
  round: string;
  /** Length of a regular-season round list, used to clamp the round number. */
  rounds: number;
}

/** Compact team rows: [id, name, venue, city]. */
export type TeamRow = readonly [number, string, string | null, string | null];

export function teams(rows: readonly TeamRow[]): Team[] {
  return rows.map(([id, name, venue, city]) => ({ id, name, venue, city }));
}

export function teamsById(all: readonly Team[], ids: readonly number[]): Team[] {
  return ids.map((id) => {
    const team = all.find((t) => t.id === id);
    if (!team) throw new Error(`unknown team ${id}`);
    return team;
  });
}
