import { AMERICAN_FOOTBALL_LEAGUES } from "../data/american-football.ts";
import { BASKETBALL_LEAGUES } from "../data/basketball.ts";
import { FOOTBALL_LEAGUES } from "../data/football.ts";
import { HOCKEY_LEAGUES } from "../data/hockey.ts";
import type { League, Sport, Team } from "../data/sports-types.ts";
import { Rng } from "../lib/random.ts";
import { dayStartSeconds, localParts, parseDay } from "../lib/time.ts";

export type Phase = "upcoming" | "live" | "finished";
/** Statuses that interrupt the regular course of a game. */
export type Special = "tbd" | "postponed" | "cancelled" | "interrupted" | "abandoned";

export interface ScheduledGame {
  sport: Sport;
  id: number;
  day: number;
  league: League;
  home: Team;
  away: Team;
  /** Kick-off, epoch seconds. */
  timestamp: number;
  phase: Phase;
  /** How far a live (or interrupted, abandoned) game got, in (0, 1). */
  progress: number;
  special: Special | null;
}

interface SportConfig {
  leagues: readonly League[];
  /** Provider-looking ids: base + day * IDS_PER_DAY + index in the day. */
  idBase: number;
  minGames: number;
  maxGames: number;
  /** Wall-clock length of a game, breaks included, in minutes. */
  durationMinutes: number;
}

const IDS_PER_DAY = 40;

export const SPORTS: Record<Sport, SportConfig> = {
  football: {
    leagues: FOOTBALL_LEAGUES,
    idBase: 1_000_000,
    minGames: 10,
    maxGames: 18,
    durationMinutes: 115,
  },
  basketball: {
    leagues: BASKETBALL_LEAGUES,
    idBase: 300_000,
    minGames: 8,
    maxGames: 16,
    durationMinutes: 140,
  },
  hockey: { leagues: HOCKEY_LEAGUES, idBase: 200_000, minGames: 9, maxGames: 18, durationMinutes: 150 },
  "american-football": {
    leagues: AMERICAN_FOOTBALL_LEAGUES,
    idBase: 10_000,
    minGames: 8,
    maxGames: 14,
    durationMinutes: 195,
  },
};

function toSeconds(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60;
}

/**
 * Each day's games are a snapshot of that day at a seeded moment: games that kicked off long
 * enough before it are finished, the ones under way are live, the rest upcoming. The same day
 * always gives the same games, and every day has all three kinds.
 */
function buildDay(sport: Sport, day: number): ScheduledGame[] {
  const config = SPORTS[sport];
  const rng = new Rng(`${sport}:${day}`);
  const count = rng.int(config.minGames, config.maxGames);
  const used = new Set<number>();
  const drafts: { league: League; home: Team; away: Team; timestamp: number }[] = [];
  for (let i = 0; i < count; i++) {
    const eligible = config.leagues.filter((l) => l.teams.filter((t) => !used.has(t.id)).length >= 2);
    if (eligible.length === 0) break;
    const league = eligible[rng.weighted(eligible.map((l) => l.weight))] as League;
    const free = league.teams.filter((t) => !used.has(t.id));
    const home = rng.pick(free);
    const away = rng.pick(free.filter((t) => t.id !== home.id));
    used.add(home.id);
    used.add(away.id);
    drafts.push({
      league,
      home,
      away,
      timestamp: dayStartSeconds(day) + toSeconds(rng.pick(league.kickoffs)),
    });
  }
  drafts.sort((a, b) => a.timestamp - b.timestamp || a.league.id - b.league.id || a.home.id - b.home.id);

  const duration = config.durationMinutes * 60;
  const pivotIndex = Math.floor(drafts.length * (0.3 + rng.next() * 0.4));
  const pivot = drafts[Math.min(pivotIndex, drafts.length - 1)];
  const now = (pivot?.timestamp ?? 0) + Math.floor(duration * (0.15 + rng.next() * 0.7));

  const games: ScheduledGame[] = drafts.map((draft, index) => {
    const elapsed = now - draft.timestamp;
    const phase: Phase = elapsed < 0 ? "upcoming" : elapsed >= duration ? "finished" : "live";
    return {
      sport,
      id: config.idBase + day * IDS_PER_DAY + index,
      day,
      ...draft,
      phase,
      progress: phase === "live" ? Math.min(0.98, Math.max(0.02, elapsed / duration)) : 0,
      special: null,
    };
  });

  // Kick-off times cluster by league, so the clock alone can leave a day without finished or
  // upcoming games; the earliest and latest kick-offs fill those in.
  const first = games[0];
  const last = games[games.length - 1];
  if (first && last && first !== last) {
    if (!games.some((g) => g.phase === "finished")) {
      for (const g of games) if (g.timestamp === first.timestamp) g.phase = "finished";
    }
    if (!games.some((g) => g.phase === "upcoming")) {
      for (const g of games) if (g.timestamp === last.timestamp) g.phase = "upcoming";
    }
  }

  for (const game of games) {
    const roll = rng.next();
    if (game.phase === "upcoming") {
      if (roll < 0.06) game.special = "postponed";
      else if (roll < 0.08) game.special = "cancelled";
      else if (roll < 0.1 && sport === "football") game.special = "tbd";
    } else if (game.phase === "live") {
      if (roll < 0.05) game.special = "interrupted";
    } else if (roll < 0.03) {
      game.special = "abandoned";
      game.progress = 0.3 + rng.next() * 0.5;
    }
  }
  return games;
}

const cache = new Map<string, ScheduledGame[]>();
const CACHE_LIMIT = 256;

/** All games of one UTC day (days since 1970-01-01), memoised. */
export function gamesForDay(sport: Sport, day: number): ScheduledGame[] {
  const key = `${sport}:${day}`;
  let games = cache.get(key);
  if (!games) {
    games = buildDay(sport, day);
    if (cache.size >= CACHE_LIMIT) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    cache.set(key, games);
  }
  return games;
}

/** Games whose kick-off falls on `date` (YYYY-MM-DD) in the zone, in kick-off order. */
export function gamesOnDate(sport: Sport, date: string, timeZone: string): ScheduledGame[] {
  const day = parseDay(date);
  if (day === null) return [];
  const candidates = [day - 1, day, day + 1].filter((d) => d >= 1).flatMap((d) => gamesForDay(sport, d));
  return candidates
    .filter((g) => localParts(g.timestamp, timeZone).date === date)
    .sort((a, b) => a.timestamp - b.timestamp || a.id - b.id);
}

/** The game with a given id, or null: ids encode their day, so any id can be looked up. */
export function gameById(sport: Sport, id: number): ScheduledGame | null {
  const offset = id - SPORTS[sport].idBase;
  if (!Number.isSafeInteger(offset) || offset < IDS_PER_DAY) return null;
  const day = Math.floor(offset / IDS_PER_DAY);
  return gamesForDay(sport, day).find((g) => g.id === id) ?? null;
}

/** Whether the game is under way (what `live=all` returns). */
export function isInPlay(game: ScheduledGame): boolean {
  return game.phase === "live" && game.special !== "postponed" && game.special !== "cancelled";
}

/** Season label of a league on a day: 2026 or "2026-2027". */
export function seasonOf(league: League, timestamp: number): number | string {
  const date = new Date(timestamp * 1000);
  const month = date.getUTCMonth() + 1;
  const start = month >= league.seasonStartMonth ? date.getUTCFullYear() : date.getUTCFullYear() - 1;
  return league.seasonStyle === "span" ? `${start}-${start + 1}` : start;
}

/** Whole weeks since the season started, from 1 (used for rounds and NFL weeks). */
export function weekOfSeason(league: League, timestamp: number, startDay = 1): number {
  const season = Number(String(seasonOf(league, timestamp)).slice(0, 4));
  const start = Date.UTC(season, league.seasonStartMonth - 1, startDay) / 1000;
  return Math.max(1, Math.floor((timestamp - start) / (7 * 86_400)) + 1);
}
