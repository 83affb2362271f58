import { quarterMinutes } from "../data/basketball.ts";
import { REFEREES } from "../data/football.ts";
import type { League, Sport } from "../data/sports-types.ts";
import { hashString, Rng } from "../lib/random.ts";
import { isoWithOffset, localParts } from "../lib/time.ts";
import { type ScheduledGame, seasonOf, weekOfSeason } from "./schedule.ts";

/** Absolute URLs of the sandbox's stand-in for media.api-sports.io. */
export class MediaLinks {
  private readonly base: string;

  constructor(base: string) {
    this.base = base;
  }

  teamLogo(sport: Sport, id: number): string {
    return `${this.base}/media/${sport}/teams/${id}.png`;
  }

  leagueLogo(sport: Sport, id: number): string {
    return `${this.base}/media/${sport}/leagues/${id}.png`;
  }

  flag(code: string | null): string | null {
    return code ? `${this.base}/media/flags/${code}.svg` : null;
  }
}

type Pair = { home: number | null; away: number | null };
const NO_SCORE: Pair = { home: null, away: null };

function scoringRng(game: ScheduledGame): Rng {
  return new Rng(`${game.sport}:score:${game.id}`);
}

// ---------------------------------------------------------------- football (v3 /fixtures)

const FOOTBALL_STATUS = {
  TBD: "Time To Be Defined",
  NS: "Not Started",
  "1H": "First Half",
  HT: "Halftime",
  "2H": "Second Half",
  INT: "Match Interrupted",
  FT: "Match Finished",
  AET: "Match Finished",
  PEN: "Match Finished",
  PST: "Match Postponed",
  CANC: "Match Cancelled",
  ABD: "Match Abandoned",
} as const;
type FootballShort = keyof typeof FOOTBALL_STATUS;

function goalMinutes(rng: Rng): number[] {
  const count = rng.weighted([24, 33, 23, 12, 5, 3]);
  return Array.from({ length: count }, () => rng.int(1, 90)).sort((a, b) => a - b);
}

function footballRound(league: League, timestamp: number): string {
  if (league.knockout) {
    const stages = ["3rd Round", "4th Round", "Round of 16", "Quarter-finals"];
    return stages[new Date(timestamp * 1000).getUTCMonth() % stages.length] as string;
  }
  return `${league.round} - ${Math.min(league.rounds, weekOfSeason(league, timestamp, 8))}`;
}

/** One element of API-Football's `/fixtures` response. */
export function renderFootball(game: ScheduledGame, timeZone: string, media: MediaLinks): unknown {
  const rng = scoringRng(game);
  const homeGoals = goalMinutes(rng);
  const awayGoals = goalMinutes(rng);
  const at = (minute: number): Pair => ({
    home: homeGoals.filter((m) => m <= minute).length,
    away: awayGoals.filter((m) => m <= minute).length,
  });

  let short: FootballShort = "NS";
  let elapsed: number | null = null;
  let goals: Pair = NO_SCORE;
  let halftime: Pair = NO_SCORE;
  let fulltime: Pair = NO_SCORE;
  let extratime: Pair = NO_SCORE;
  let penalty: Pair = NO_SCORE;
  let winner: { home: boolean | null; away: boolean | null } = { home: null, away: null };

  const inPlayMinute = (progress: number): { short: FootballShort; minute: number } => {
    if (progress < 0.42)
      return { short: "1H", minute: Math.max(1, Math.min(45, Math.round((progress / 0.42) * 45))) };
    if (progress < 0.55) return { short: "HT", minute: 45 };
    return { short: "2H", minute: Math.min(90, 46 + Math.round(((progress - 0.55) / 0.45) * 44)) };
  };

  if (game.special === "tbd") short = "TBD";
  else if (game.special === "postponed") short = "PST";
  else if (game.special === "cancelled") short = "CANC";
  else if (game.phase === "live" || game.special === "abandoned") {
    const state = inPlayMinute(game.progress);
    short = game.special === "abandoned" ? "ABD" : game.special === "interrupted" ? "INT" : state.short;
    elapsed = state.minute;
    goals = at(state.minute);
    halftime = state.minute <= 45 ? goals : at(45);
  } else if (game.phase === "finished") {
    short = "FT";
    elapsed = 90;
    halftime = at(45);
    fulltime = at(90);
    goals = fulltime;
    const home = fulltime.home ?? 0;
    const away = fulltime.away ?? 0;
    if (game.league.knockout && home === away) {
      elapsed = 120;
      if (rng.chance(0.5)) {
        short = "AET";
        extratime = rng.chance(0.5) ? { home: 1, away: 0 } : { home: 0, away: 1 };
        goals = { home: home + (extratime.home ?? 0), away: away + (extratime.away ?? 0) };
      } else {
        short = "PEN";
        extratime = { home: 0, away: 0 };
        const loser = rng.int(2, 4);
        penalty = rng.chance(0.5) ? { home: loser + 1, away: loser } : { home: loser, away: loser + 1 };
      }
    }
    const [h, a] =
      short === "PEN" ? [penalty.home ?? 0, penalty.away ?? 0] : [goals.home ?? 0, goals.away ?? 0];
    winner = h === a ? { home: null, away: null } : { home: h > a, away: a > h };
  }

  const started = elapsed !== null;
  const referees = REFEREES[game.league.country.name] ?? [];
  const referee =
    referees.length > 0 && rng.chance(0.75) ? `${rng.pick(referees)}, ${game.league.country.name}` : null;
  const venue = game.home.venue ?? "Stadium";
  return {
    fixture: {
      id: game.id,
      referee,
      timezone: timeZone,
      date: isoWithOffset(game.timestamp, timeZone),
      timestamp: game.timestamp,
      periods: {
        first: started ? game.timestamp : null,
        second: started && (elapsed ?? 0) > 45 ? game.timestamp + 3600 : null,
      },
      venue: { id: 1000 + (hashString(venue) % 19_000), name: venue, city: game.home.city },
      status: { long: FOOTBALL_STATUS[short], short, elapsed },
    },
    league: {
      id: game.league.id,
      name: game.league.name,
      country: game.league.country.name,
      logo: media.leagueLogo("football", game.league.id),
      flag: media.flag(game.league.country.flag),
      season: seasonOf(game.league, game.timestamp),
      round: footballRound(game.league, game.timestamp),
    },
    teams: {
      home: {
        id: game.home.id,
        name: game.home.name,
        logo: media.teamLogo("football", game.home.id),
        winner: winner.home,
      },
      away: {
        id: game.away.id,
        name: game.away.name,
        logo: media.teamLogo("football", game.away.id),
        winner: winner.away,
      },
    },
    goals,
    score: { halftime, fulltime, extratime, penalty },
  };
}

// ---------------------------------------------------------------- basketball (v1 /games)

const BASKETBALL_STATUS = {
  NS: "Not Started",
  Q1: "Quarter 1",
  Q2: "Quarter 2",
  Q3: "Quarter 3",
  Q4: "Quarter 4",
  OT: "Over Time",
  BT: "Break Time",
  HT: "Halftime",
  FT: "Game Finished",
  AOT: "After Over Time",
  POST: "Game Postponed",
  CANC: "Game Cancelled",
  SUSP: "Game Suspended",
  ABD: "Game Abandoned",
} as const;
type BasketballShort = keyof typeof BASKETBALL_STATUS;

/** Where a game of four periods with breaks stands at a progress value. */
function periodAt(
  progress: number,
  periods: readonly (readonly [number, number])[],
): { period: number; fraction: number } | { breakAfter: number } {
  for (let i = 0; i < periods.length; i++) {
    const [start, end] = periods[i] as readonly [number, number];
    if (progress < start) return { breakAfter: i };
    if (progress < end) return { period: i + 1, fraction: (progress - start) / (end - start) };
  }
  return { breakAfter: periods.length };
}

const QUARTERS = [
  [0, 0.22],
  [0.25, 0.47],
  [0.55, 0.77],
  [0.8, 1],
] as const;

function partialTotals(points: readonly number[], period: number, fraction: number): (number | null)[] {
  return points.map((p, i) => (i + 1 < period ? p : i + 1 === period ? Math.round(p * fraction) : null));
}

const sum = (values: readonly (number | null)[]) => values.reduce<number>((s, v) => s + (v ?? 0), 0);

/**
 * The `scores` block of a four-quarter game (basketball, American football): each side's quarters,
 * its overtime (named as each API names it) and a total once the game has started.
 */
function quarterScores(
  home: (number | null)[],
  away: (number | null)[],
  ot: Pair,
  overtimeKey: "over_time" | "overtime",
) {
  const started = home[0] !== null;
  const side = (points: (number | null)[], overtime: number | null) => ({
    quarter_1: points[0] ?? null,
    quarter_2: points[1] ?? null,
    quarter_3: points[2] ?? null,
    quarter_4: points[3] ?? null,
    [overtimeKey]: overtime,
    total: started ? sum(points) + (overtime ?? 0) : null,
  });
  return { home: side(home, ot.home), away: side(away, ot.away) };
}

/** One element of API-Basketball's `/games` response. */
export function renderBasketball(game: ScheduledGame, timeZone: string, media: MediaLinks): unknown {
  const rng = scoringRng(game);
  const nba = game.league.id === 12;
  const quarter = () => (nba ? rng.int(21, 36) : rng.int(14, 27));
  const homePoints = [quarter(), quarter(), quarter(), quarter()];
  const awayPoints = [quarter(), quarter(), quarter(), quarter()];
  let homeOt: number | null = null;
  let awayOt: number | null = null;
  if (sum(homePoints) === sum(awayPoints)) {
    homeOt = rng.int(6, 15);
    awayOt = rng.int(6, 15);
    if (homeOt === awayOt) homeOt += 2;
  }

  let short: BasketballShort = "NS";
  let timer: string | null = null;
  let home: (number | null)[] = [null, null, null, null];
  let away: (number | null)[] = [null, null, null, null];
  let ot: Pair = NO_SCORE;
  if (game.special === "postponed") short = "POST";
  else if (game.special === "cancelled") short = "CANC";
  else if (game.phase === "live" || game.special === "abandoned") {
    const state = periodAt(game.progress, QUARTERS);
    if ("period" in state) {
      short = `Q${state.period}` as BasketballShort;
      timer = String(Math.max(1, Math.ceil((1 - state.fraction) * quarterMinutes(game.league.id))));
      home = partialTotals(homePoints, state.period, state.fraction);
      away = partialTotals(awayPoints, state.period, state.fraction);
    } else {
      short = state.breakAfter === 2 ? "HT" : "BT";
      home = homePoints.map((p, i) => (i < state.breakAfter ? p : null));
      away = awayPoints.map((p, i) => (i < state.breakAfter ? p : null));
    }
    if (game.special === "abandoned") short = "ABD";
    if (game.special === "interrupted") short = "SUSP";
  } else if (game.phase === "finished") {
    short = homeOt === null ? "FT" : "AOT";
    home = homePoints;
    away = awayPoints;
    ot = { home: homeOt, away: awayOt };
  }
  const local = localParts(game.timestamp, timeZone);
  return {
    id: game.id,
    date: isoWithOffset(game.timestamp, timeZone),
    time: local.time,
    timestamp: game.timestamp,
    timezone: timeZone,
    stage: null,
    week: null,
    venue: game.home.venue,
    status: { long: BASKETBALL_STATUS[short], short, timer },
    league: {
      id: game.league.id,
      name: game.league.name,
      type: game.league.type,
      season: seasonOf(game.league, game.timestamp),
      logo: media.leagueLogo("basketball", game.league.id),
    },
    country: {
      id: game.league.country.id,
      name: game.league.country.name,
      code: game.league.country.code,
      flag: media.flag(game.league.country.flag),
    },
    teams: {
      home: { id: game.home.id, name: game.home.name, logo: media.teamLogo("basketball", game.home.id) },
      away: { id: game.away.id, name: game.away.name, logo: media.teamLogo("basketball", game.away.id) },
    },
    scores: quarterScores(home, away, ot, "over_time"),
  };
}

// ---------------------------------------------------------------- hockey (v1 /games)

const HOCKEY_STATUS = {
  NS: "Not Started",
  P1: "First Period",
  P2: "Second Period",
  P3: "Third Period",
  OT: "Over Time",
  PT: "Penalties Time",
  BT: "Break Time",
  POST: "Postponed",
  CANC: "Cancelled",
  INTR: "Interrupted",
  ABD: "Abandoned",
  AOT: "After Over Time",
  AP: "After Penalties",
  FT: "Finished",
} as const;
type HockeyShort = keyof typeof HOCKEY_STATUS;

const PERIODS = [
  [0, 0.27],
  [0.36, 0.63],
  [0.73, 1],
] as const;

/** One element of API-Hockey's `/games` response (scores are plain numbers, periods "h-a" texts). */
export function renderHockey(game: ScheduledGame, timeZone: string, media: MediaLinks): unknown {
  const rng = scoringRng(game);
  const goals = () => rng.weighted([45, 33, 15, 7]);
  const homeP = [goals(), goals(), goals()];
  const awayP = [goals(), goals(), goals()];

  let short: HockeyShort = "NS";
  let timer: string | null = null;
  let shown = 0;
  let partial = 1;
  let overtime: string | null = null;
  let penalties: string | null = null;
  let bonus: Pair = { home: 0, away: 0 };
  if (game.special === "postponed") short = "POST";
  else if (game.special === "cancelled") short = "CANC";
  else if (game.phase === "live" || game.special === "abandoned") {
    const state = periodAt(game.progress, PERIODS);
    if ("period" in state) {
      short = `P${state.period}` as HockeyShort;
      timer = String(Math.max(1, Math.floor(state.fraction * 20)));
      shown = state.period;
      partial = state.fraction;
    } else {
      short = "BT";
      shown = state.breakAfter;
    }
    if (game.special === "abandoned") short = "ABD";
    if (game.special === "interrupted") short = "INTR";
  } else if (game.phase === "finished") {
    short = "FT";
    shown = 3;
    if (sum(homeP) === sum(awayP)) {
      const homeWins = rng.chance(0.5);
      if (rng.chance(0.55)) {
        short = "AOT";
        overtime = homeWins ? "1-0" : "0-1";
      } else {
        short = "AP";
        overtime = "0-0";
        const loser = rng.int(0, 2);
        penalties = homeWins ? `${loser + 1}-${loser}` : `${loser}-${loser + 1}`;
      }
      bonus = homeWins ? { home: 1, away: 0 } : { home: 0, away: 1 };
    }
  }
  const periodText = (i: number): string | null => {
    if (i >= shown) return null;
    const f = i === shown - 1 ? partial : 1;
    return `${Math.round((homeP[i] ?? 0) * f)}-${Math.round((awayP[i] ?? 0) * f)}`;
  };
  const periods = { first: periodText(0), second: periodText(1), third: periodText(2), overtime, penalties };
  const total = (side: 0 | 1) =>
    [periods.first, periods.second, periods.third].reduce(
      (s, text) => s + (text ? Number(text.split("-")[side]) : 0),
      0,
    );
  const scores: Pair =
    shown === 0 ? NO_SCORE : { home: total(0) + (bonus.home ?? 0), away: total(1) + (bonus.away ?? 0) };
  const local = localParts(game.timestamp, timeZone);
  return {
    id: game.id,
    date: isoWithOffset(game.timestamp, timeZone),
    time: local.time,
    timestamp: game.timestamp,
    timezone: timeZone,
    week: null,
    timer,
    status: { long: HOCKEY_STATUS[short], short },
    country: {
      id: game.league.country.id,
      name: game.league.country.name,
      code: game.league.country.code,
      flag: media.flag(game.league.country.flag),
    },
    league: {
      id: game.league.id,
      name: game.league.name,
      type: game.league.type,
      logo: media.leagueLogo("hockey", game.league.id),
      season: seasonOf(game.league, game.timestamp),
    },
    teams: {
      home: { id: game.home.id, name: game.home.name, logo: media.teamLogo("hockey", game.home.id) },
      away: { id: game.away.id, name: game.away.name, logo: media.teamLogo("hockey", game.away.id) },
    },
    scores,
    periods,
    events: scores.home !== null,
  };
}

// ---------------------------------------------------------------- american football (v1 /games)

const NFL_STATUS = {
  NS: "Not Started",
  Q1: "First Quarter",
  Q2: "Second Quarter",
  Q3: "Third Quarter",
  Q4: "Fourth Quarter",
  OT: "Overtime",
  HT: "Halftime",
  FT: "Finished",
  AOT: "After Over Time",
  CANC: "Cancelled",
  PST: "Postponed",
} as const;
type NflShort = keyof typeof NFL_STATUS;

const NFL_QUARTERS = [
  [0, 0.2],
  [0.2, 0.42],
  [0.55, 0.77],
  [0.77, 1],
] as const;

/** Whole weeks from a date of the game's year (month 1-12), from 1. */
function weeksSince(timestamp: number, month: number, day: number): number {
  const start = Date.UTC(new Date(timestamp * 1000).getUTCFullYear(), month - 1, day) / 1000;
  return Math.floor((timestamp - start) / (7 * 86_400)) + 1;
}

function nflStageAndWeek(game: ScheduledGame): { stage: string; week: string } {
  const month = new Date(game.timestamp * 1000).getUTCMonth() + 1;
  if (game.league.id !== 1) {
    const week =
      month >= 8 ? Math.max(1, Math.min(game.league.rounds, weeksSince(game.timestamp, 8, 24))) : 1;
    return { stage: game.league.round, week: `Week ${week}` };
  }
  if (month <= 2) return { stage: "Post Season", week: month === 1 ? "Wild Card" : "Super Bowl" };
  if (month < 9)
    return {
      stage: "Pre Season",
      week: `Week ${Math.max(1, Math.min(3, weeksSince(game.timestamp, 8, 1)))}`,
    };
  return {
    stage: "Regular Season",
    week: `Week ${Math.max(1, Math.min(18, weeksSince(game.timestamp, 9, 4)))}`,
  };
}

/** One element of API-American-Football's `/games` response. */
export function renderAmericanFootball(game: ScheduledGame, timeZone: string, media: MediaLinks): unknown {
  const rng = scoringRng(game);
  const options = [0, 0, 3, 3, 7, 7, 7, 10, 10, 14, 6, 13, 17];
  const homePoints = [rng.pick(options), rng.pick(options), rng.pick(options), rng.pick(options)];
  const awayPoints = [rng.pick(options), rng.pick(options), rng.pick(options), rng.pick(options)];
  let homeOt: number | null = null;
  let awayOt: number | null = null;
  if (sum(homePoints) === sum(awayPoints)) {
    const points = rng.chance(0.6) ? 3 : 6;
    [homeOt, awayOt] = rng.chance(0.5) ? [points, 0] : [0, points];
  }

  let short: NflShort = "NS";
  let timer: string | null = null;
  let home: (number | null)[] = [null, null, null, null];
  let away: (number | null)[] = [null, null, null, null];
  let ot: Pair = NO_SCORE;
  if (game.special === "postponed") short = "PST";
  else if (game.special === "cancelled") short = "CANC";
  else if (game.phase === "live" || game.special === "abandoned" || game.special === "interrupted") {
    const state = periodAt(game.progress, NFL_QUARTERS);
    if ("period" in state) {
      short = `Q${state.period}` as NflShort;
      const left = Math.max(1, Math.round((1 - state.fraction) * 900));
      timer = `${String(Math.floor(left / 60)).padStart(2, "0")}:${String(left % 60).padStart(2, "0")}`;
      home = partialTotals(homePoints, state.period, state.fraction);
      away = partialTotals(awayPoints, state.period, state.fraction);
    } else {
      short = "HT";
      home = homePoints.map((p, i) => (i < 2 ? p : null));
      away = awayPoints.map((p, i) => (i < 2 ? p : null));
    }
  } else if (game.phase === "finished") {
    short = homeOt === null ? "FT" : "AOT";
    home = homePoints;
    away = awayPoints;
    ot = { home: homeOt, away: awayOt };
  }
  const local = localParts(game.timestamp, timeZone);
  const { stage, week } = nflStageAndWeek(game);
  return {
    game: {
      id: game.id,
      stage,
      week,
      date: { timezone: timeZone, date: local.date, time: local.time, timestamp: game.timestamp },
      venue: { name: game.home.venue, city: game.home.city },
      status: { short, long: NFL_STATUS[short], timer },
    },
    league: {
      id: game.league.id,
      name: game.league.name,
      season: String(seasonOf(game.league, game.timestamp)),
      logo: media.leagueLogo("american-football", game.league.id),
      country: {
        name: game.league.country.name,
        code: game.league.country.code,
        flag: media.flag(game.league.country.flag),
      },
    },
    teams: {
      home: {
        id: game.home.id,
        name: game.home.name,
        logo: media.teamLogo("american-football", game.home.id),
      },
      away: {
        id: game.away.id,
        name: game.away.name,
        logo: media.teamLogo("american-football", game.away.id),
      },
    },
    scores: quarterScores(home, away, ot, "overtime"),
  };
}

export const RENDERERS: Record<Sport, (game: ScheduledGame, timeZone: string, media: MediaLinks) => unknown> =
  {
    football: renderFootball,
    basketball: renderBasketball,
    hockey: renderHockey,
    "american-football": renderAmericanFootball,
  };
