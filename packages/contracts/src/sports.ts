// The sports feed's rules (docs/PRODUCT-RULES.md#matches-and-the-sports-feed), as pure functions the
// api and the web app share: the sports, the predefined leagues, the feed status mapping, one
// normaliser per sport of API-Sports' records and the payload an accepted fixture becomes. Zod-free on
// purpose.

/** Sport types of a stored match. */
export const MATCH_SPORTS = ["football", "basketball", "tennis", "hockey", "AM-football"] as const;
export type MatchSport = (typeof MATCH_SPORTS)[number];

export const MATCH_STATUSES = ["live", "upcoming", "finished"] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** The sports the feed serves, as the fetch screen names them. */
export const FEED_SPORTS = ["football", "basketball", "hockey", "nfl"] as const;
export type FeedSport = (typeof FEED_SPORTS)[number];

/** `GET /connect/{path}` of each feed sport. */
export const FEED_PATHS: Record<FeedSport, string> = {
  football: "football",
  basketball: "basketball",
  hockey: "hockey",
  nfl: "am-football",
};

/** The stored sport of a feed sport: `nfl` is stored as `AM-football`. */
export const STORED_SPORT: Record<FeedSport, MatchSport> = {
  football: "football",
  basketball: "basketball",
  hockey: "hockey",
  nfl: "AM-football",
};

export const SPORT_LABELS: Record<MatchSport, string> = {
  football: "Football",
  basketball: "Basketball",
  tennis: "Tennis",
  hockey: "Hockey",
  "AM-football": "American Football",
};

/** Where the api serves the predefined leagues' logos (generated, so they work offline). */
export const LEAGUE_LOGOS_PATH = "/api/v1/assets/leagues";

export interface PredefinedLeague {
  name: string;
  /** File name under LEAGUE_LOGOS_PATH. */
  logo: string;
}

const league = (name: string): PredefinedLeague => ({
  name,
  logo: `${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}.svg`,
});

/** The predefined leagues of each sport: football's ten by name; five real ones for the others. */
export const PREDEFINED_LEAGUES: Record<MatchSport, readonly PredefinedLeague[]> = {
  football: [
    "Champions League",
    "Premier League",
    "La Liga",
    "Serie A",
    "Bundesliga",
    "Ligue 1",
    "Europa League",
    "MLS",
    "Conference League",
    "World Cup",
  ].map(league),
  basketball: ["NBA", "EuroLeague", "WNBA", "Liga ACB", "NBL"].map(league),
  tennis: ["Australian Open", "Roland Garros", "Wimbledon", "US Open", "ATP Finals"].map(league),
  hockey: ["NHL", "KHL", "SHL", "Liiga", "DEL"].map(league),
  "AM-football": ["NFL", "NCAA", "CFL", "UFL", "Arena Football League"].map(league),
};

/**
 * A refinement of "FT finished, NS upcoming, anything else live", which would call a match decided
 * on penalties live (docs/PRODUCT-RULES.md#matches-and-the-sports-feed): a match
 * decided on penalties, after overtime, cancelled or awarded is finished; one not yet played or
 * postponed is upcoming; everything else is live.
 */
const FINISHED = new Set(["FT", "AET", "PEN", "AOT", "AP", "AW", "CANC", "ABD", "AWD", "WO"]);
const UPCOMING = new Set(["NS", "TBD", "PST", "POST", "SUSP", "INT", "INTR"]);

export function feedStatus(short: string | null | undefined): MatchStatus {
  const code = (short ?? "").toUpperCase();
  if (FINISHED.has(code)) return "finished";
  if (UPCOMING.has(code) || code === "") return "upcoming";
  return "live";
}

/**
 * The provider's short status codes in words, one table for the four feed sports as API-Sports
 * documents them (football v3; basketball, hockey and american football v1): the fetch screen's
 * cards say these, never the code (docs/PRODUCT-RULES.md#matches-and-the-sports-feed). A code means
 * the same in every sport that has it (HT, OT, BT, FT, AOT...).
 */
export const FEED_STATUS_WORDS: Readonly<Record<string, string>> = {
  TBD: "Time to be decided",
  NS: "Not started",
  LIVE: "In play",
  "1H": "1st half",
  HT: "Half-time",
  "2H": "2nd half",
  ET: "Extra time",
  BT: "Break",
  P: "Penalty shoot-out",
  Q1: "1st quarter",
  Q2: "2nd quarter",
  Q3: "3rd quarter",
  Q4: "4th quarter",
  OT: "Overtime",
  P1: "1st period",
  P2: "2nd period",
  P3: "3rd period",
  PT: "Penalty shoot-out",
  SUSP: "Suspended",
  INT: "Interrupted",
  INTR: "Interrupted",
  FT: "Finished",
  AET: "Finished after extra time",
  PEN: "Finished after penalties",
  AOT: "Finished after overtime",
  AP: "Finished after penalties",
  PST: "Postponed",
  POST: "Postponed",
  CANC: "Cancelled",
  ABD: "Abandoned",
  AWD: "Awarded",
  AW: "Awarded",
  WO: "Walkover",
};

/** A provider's status code in words; an unknown code as it came ("Unknown" when there is none). */
export function feedStatusWord(short: string | null | undefined): string {
  const code = (short ?? "").trim();
  return FEED_STATUS_WORDS[code.toUpperCase()] ?? (code || "Unknown");
}

/**
 * Fixtures the feed says will not be played as planned: their card names it in a badge instead of
 * the code, never as live (docs/PRODUCT-RULES.md#matches-and-the-sports-feed).
 */
const HALTED = new Set(["PST", "POST", "CANC", "ABD"]);
export const haltedLabel = (short: string | null | undefined) =>
  HALTED.has((short ?? "").toUpperCase()) ? feedStatusWord(short) : undefined;

/** A fixture of the feed as the fetch screen shows it. */
export interface FetchedMatch {
  id: number | string;
  sport: FeedSport;
  /** When it starts, an ISO 8601 instant. */
  date: string;
  /** The provider's short status code (FT, NS, Q2, ...). */
  status: string;
  league: string;
  leagueLogo: string;
  country: string;
  homeTeam: string;
  homeLogo: string;
  awayTeam: string;
  awayLogo: string;
  homeScore: number | null;
  awayScore: number | null;
  venue: string;
  /** The time zone the provider answered in (the `timezone` the api asked for: FEED_TIMEZONE). */
  timeZone: string;
  /** The provider's record as it came. */
  data: unknown;
}

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (value && typeof value === "object" ? (value as Json) : {});
const text = (value: unknown): string => (typeof value === "string" ? value : "");
const score = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) ? value : null;
const instant = (seconds: unknown, iso: unknown): string => {
  if (typeof seconds === "number" && Number.isFinite(seconds)) return new Date(seconds * 1000).toISOString();
  const parsed = new Date(text(iso));
  return Number.isNaN(parsed.getTime()) ? "" : parsed.toISOString();
};

/** The teams block every API-Sports record shares: names and logos, empty text when missing. */
function teams(record: Json) {
  const { home, away } = obj(record.teams) as { home?: unknown; away?: unknown };
  return {
    homeTeam: text(obj(home).name),
    homeLogo: text(obj(home).logo),
    awayTeam: text(obj(away).name),
    awayLogo: text(obj(away).logo),
  };
}

/** One normaliser per sport: the fields the fetch screen reads from each provider record. */
export const NORMALISERS: Record<FeedSport, (raw: unknown) => FetchedMatch> = {
  football(raw) {
    const record = obj(raw);
    const fixture = obj(record.fixture);
    const goals = obj(record.goals);
    return {
      ...common(record, "football", { game: fixture, when: fixture, country: obj(record.league).country }),
      homeScore: score(goals.home),
      awayScore: score(goals.away),
      venue: text(obj(fixture.venue).name),
      data: raw,
    };
  },
  // Basketball's sides carry quarters and a total, hockey's only the goals.
  basketball: (raw) => gamesLayout(raw, "basketball", (side) => obj(side).total),
  hockey: (raw) => gamesLayout(raw, "hockey", (side) => side),
  nfl(raw) {
    const record = obj(raw);
    const game = obj(record.game);
    const scores = obj(record.scores);
    return {
      ...common(record, "nfl", { game, when: obj(game.date), country: obj(obj(record.league).country).name }),
      homeScore: score(obj(scores.home).total),
      awayScore: score(obj(scores.away).total),
      venue: text(obj(game.venue).name),
      data: raw,
    };
  },
};

/** Basketball and hockey share the v1 `games` layout; only where a side's score sits differs. */
function gamesLayout(raw: unknown, sport: "basketball" | "hockey", scoreOf: (side: unknown) => unknown) {
  const record = obj(raw);
  const scores = obj(record.scores);
  return {
    ...common(record, sport, { game: record, when: record, country: obj(record.country).name }),
    homeScore: score(scoreOf(scores.home)),
    awayScore: score(scoreOf(scores.away)),
    venue: text(record.venue),
    data: raw,
  };
}

/**
 * The fields every sport's record holds, each sport keeping them in its own blocks: `game` has the
 * id and status, `when` the timestamp, date and time zone (basketball and hockey keep all on the record).
 */
function common(record: Json, sport: FeedSport, blocks: { game: Json; when: Json; country: unknown }) {
  const { game, when } = blocks;
  const leagueBlock = obj(record.league);
  return {
    id: (game.id as number) ?? "",
    sport,
    date: instant(when.timestamp, when.date),
    status: text(obj(game.status).short),
    league: text(leagueBlock.name),
    leagueLogo: text(leagueBlock.logo),
    country: text(blocks.country),
    timeZone: text(when.timezone) || "UTC",
    ...teams(record),
  };
}

/** The flattened payload `POST /matches` takes when a fixture is accepted. */
export interface AcceptedMatchPayload {
  status: MatchStatus;
  type: MatchSport;
  league_name: string;
  league_logo: string;
  homeTeam_name: string;
  homeTeam_logo: string;
  awayTeam_name: string;
  awayTeam_logo: string;
  date: string;
  time: string;
  end_time: string;
  type_match: "video" | "iframe";
  isFirst: "true" | "false";
  matchUrl: string;
  homeTeam_score?: number;
  awayTeam_score?: number;
  /** Where the fixture came from, so the feed sync can follow it. */
  feed_sport: FeedSport;
  feed_fixture_id: string;
  feed_status: string;
}

// One formatter per time zone: building one costs more than formatting (the lifecycle reads every match).
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterIn(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** `yyyy-MM-dd` and `HH:mm` of an instant in a time zone. */
export function dayAndTime(iso: string, timeZone: string): { date: string; time: string } {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return { date: "", time: "" };
  const parts = Object.fromEntries(
    formatterIn(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/**
 * What accepting a fixture sends: the stored sport, the mapped status, names and logos (empty text
 * when missing), the date and time in the feed's time zone (the record's own unless given), end time 23:59, a video match that is
 * not first, and the sportbn site as its URL. An unknown sport is reported through `warn` and keeps
 * the defaults (football).
 */
export function acceptPayload(
  match: FetchedMatch,
  options: { matchUrl: string; timeZone?: string; warn?: (message: string) => void },
): AcceptedMatchPayload {
  const type = (STORED_SPORT as Record<string, MatchSport | undefined>)[match.sport];
  if (!type) options.warn?.(`Unknown sport "${String(match.sport)}": the match keeps the default type`);
  // The feed answered in FEED_TIMEZONE; its records say so, so the browser needs no setting.
  const { date, time } = dayAndTime(match.date, options.timeZone ?? match.timeZone);
  return {
    status: feedStatus(match.status),
    type: type ?? "football",
    league_name: match.league ?? "",
    league_logo: match.leagueLogo ?? "",
    homeTeam_name: match.homeTeam ?? "",
    homeTeam_logo: match.homeLogo ?? "",
    awayTeam_name: match.awayTeam ?? "",
    awayTeam_logo: match.awayLogo ?? "",
    date,
    time,
    end_time: "23:59",
    type_match: "video",
    isFirst: "false",
    matchUrl: options.matchUrl,
    ...(match.homeScore === null ? {} : { homeTeam_score: match.homeScore }),
    ...(match.awayScore === null ? {} : { awayTeam_score: match.awayScore }),
    feed_sport: match.sport,
    feed_fixture_id: String(match.id),
    feed_status: match.status ?? "",
  };
}

// The match lifecycle (docs/PRODUCT-RULES.md#matches-and-the-sports-feed): one implementation for the
// api's reads and the dashboard's Add Match proposal.

// Offsets change only on quarter hours: one formatting per zone and quarter hour (a read of 10,000
// matches formats a few hundred times, not 40,000).
const offsets = new Map<string, number>();
function offsetIn(timeZone: string, at: number): number {
  const quarter = Math.floor(at / 900_000) * 900_000;
  const key = `${timeZone} ${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const shown = dayAndTime(new Date(quarter).toISOString(), timeZone);
    offset = Date.parse(`${shown.date}T${shown.time}:00Z`) - quarter;
    if (offsets.size >= 100_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** The UTC instant (ms) of a wall-clock day ("yyyy-MM-dd") and time ("HH:mm") in a time zone. */
export function instantIn(day: string, time: string, timeZone: string): number {
  const guess = Date.parse(`${day}T${time}:00Z`);
  if (Number.isNaN(guess)) return Number.NaN;
  const offset = (at: number) => offsetIn(timeZone, at);
  // Twice: the offset at the guess may differ from the offset at the answer around a DST change.
  const first = guess - offset(guess);
  return guess - offset(first);
}

/** A match's day and times, as stored. */
export interface MatchTimes {
  date: string;
  time: string;
  end_time: string;
}

/** Kick-off and end instants; an end time earlier than the kick-off is on the next day. */
export function matchBoundaries(match: MatchTimes, timeZone: string): { kickOff: number; end: number } {
  const kickOff = instantIn(match.date, match.time, timeZone);
  const end = instantIn(match.date, match.end_time, timeZone);
  return { kickOff, end: match.end_time < match.time ? end + 86_400_000 : end };
}

/** The status the clock gives at `now`: upcoming before kick-off, live until the end, then finished. */
export function clockStatus(match: MatchTimes, timeZone: string, now: number): MatchStatus {
  return statusAt(matchBoundaries(match, timeZone), now);
}

const statusAt = ({ kickOff, end }: { kickOff: number; end: number }, now: number): MatchStatus =>
  now < kickOff ? "upcoming" : now < end ? "live" : "finished";

/**
 * The status shown at `now`: the one set at `setAt` (by an admin, or the feed) stays until the clock
 * crosses the next kick-off or end after it; from then on the clock's.
 */
export function effectiveStatus(
  match: MatchTimes & { status: MatchStatus },
  setAt: number,
  timeZone: string,
  now: number,
): MatchStatus {
  const moments = matchBoundaries(match, timeZone);
  const crossed = (moment: number) => setAt < moment && moment <= now;
  return crossed(moments.kickOff) || crossed(moments.end) ? statusAt(moments, now) : match.status;
}
