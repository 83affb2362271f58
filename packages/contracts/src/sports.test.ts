import { describe, expect, it } from "vitest";
import {
  acceptPayload,
  dayAndTime,
  FEED_STATUS_WORDS,
  feedStatus,
  feedStatusWord,
  haltedLabel,
  MATCH_SPORTS,
  NORMALISERS,
  PREDEFINED_LEAGUES,
} from "./sports.ts";

// Records in API-Sports' shapes (football v3 fixtures; basketball, hockey, american-football v1 games).
const football = {
  fixture: {
    id: 1208021,
    referee: null,
    timezone: "Europe/London",
    date: "2026-11-23T20:00:00+00:00",
    timestamp: 1795464000,
    venue: { id: 556, name: "Old Trafford", city: "Manchester" },
    status: { long: "Match Finished", short: "PEN", elapsed: 120 },
  },
  league: { id: 2, name: "UEFA Champions League", country: "World", logo: "https://media.example/l/2.png" },
  teams: {
    home: { id: 33, name: "Manchester United", logo: "https://media.example/t/33.png", winner: true },
    away: { id: 50, name: "Manchester City", logo: "https://media.example/t/50.png", winner: false },
  },
  goals: { home: 1, away: 1 },
  score: { penalty: { home: 5, away: 4 } },
};

const basketball = {
  id: 401584,
  date: "2026-11-23T19:30:00-05:00",
  time: "19:30",
  timestamp: 1795480200,
  timezone: "America/New_York",
  venue: null,
  status: { long: "Quarter 2", short: "Q2", timer: "7" },
  league: {
    id: 12,
    name: "NBA",
    type: "League",
    season: "2026-2027",
    logo: "https://media.example/l/12.png",
  },
  country: { id: 5, name: "USA", code: "US", flag: "https://media.example/f/us.svg" },
  teams: {
    home: { id: 140, name: "Boston Celtics", logo: "https://media.example/t/140.png" },
    away: { id: 151, name: "New York Knicks", logo: null },
  },
  scores: {
    home: { quarter_1: 28, quarter_2: 12, quarter_3: null, quarter_4: null, over_time: null, total: 40 },
    away: { quarter_1: 25, quarter_2: 10, quarter_3: null, quarter_4: null, over_time: null, total: 35 },
  },
};

const hockey = {
  id: 37701,
  date: "2026-11-24T01:00:00+00:00",
  time: "01:00",
  timestamp: 1795482000,
  timezone: "UTC",
  week: null,
  timer: null,
  status: { long: "Not Started", short: "NS" },
  country: { id: 5, name: "USA", code: "US", flag: null },
  league: { id: 57, name: "NHL", type: "League", logo: "https://media.example/l/57.png", season: 2026 },
  teams: {
    home: { id: 670, name: "Boston Bruins", logo: "https://media.example/t/670.png" },
    away: { id: 683, name: "Toronto Maple Leafs", logo: "https://media.example/t/683.png" },
  },
  scores: { home: null, away: null },
  periods: { first: null, second: null, third: null, overtime: null, penalties: null },
  events: false,
};

const nfl = {
  game: {
    id: 9988,
    stage: "Regular Season",
    week: "Week 12",
    date: { timezone: "UTC", date: "2026-11-23", time: "18:00", timestamp: 1795456800 },
    venue: { name: "Lambeau Field", city: "Green Bay" },
    status: { short: "AOT", long: "After Over Time", timer: null },
  },
  league: {
    id: 1,
    name: "NFL",
    season: "2026",
    logo: "https://media.example/l/1.png",
    country: { name: "USA", code: "US", flag: null },
  },
  teams: {
    home: { id: 10, name: "Green Bay Packers", logo: "https://media.example/t/10.png" },
    away: { id: 11, name: "Chicago Bears", logo: "https://media.example/t/11.png" },
  },
  scores: {
    home: { quarter_1: 7, quarter_2: 3, quarter_3: 7, quarter_4: 0, overtime: 3, total: 20 },
    away: { quarter_1: 0, quarter_2: 10, quarter_3: 0, quarter_4: 7, overtime: 0, total: 17 },
  },
};

describe("normalisers", () => {
  it("football: fixture id, date, short status, venue, league and country, teams, goals", () => {
    expect(NORMALISERS.football(football)).toEqual({
      id: 1208021,
      sport: "football",
      date: "2026-11-23T20:00:00.000Z",
      status: "PEN",
      league: "UEFA Champions League",
      leagueLogo: "https://media.example/l/2.png",
      country: "World",
      homeTeam: "Manchester United",
      homeLogo: "https://media.example/t/33.png",
      awayTeam: "Manchester City",
      awayLogo: "https://media.example/t/50.png",
      homeScore: 1,
      awayScore: 1,
      venue: "Old Trafford",
      timeZone: "Europe/London",
      data: football,
    });
  });

  it("basketball: totals as scores; a missing venue and logo become empty text", () => {
    const match = NORMALISERS.basketball(basketball);
    expect(match).toMatchObject({ id: 401584, status: "Q2", league: "NBA", country: "USA", venue: "" });
    expect([match.homeScore, match.awayScore]).toEqual([40, 35]);
    expect(match.awayLogo).toBe("");
    expect(match.date).toBe(new Date(1795480200 * 1000).toISOString());
  });

  it("hockey: integer scores, null before the game", () => {
    const match = NORMALISERS.hockey(hockey);
    expect(match).toMatchObject({ id: 37701, status: "NS", league: "NHL", homeTeam: "Boston Bruins" });
    expect([match.homeScore, match.awayScore]).toEqual([null, null]);
    expect(NORMALISERS.hockey({ ...hockey, scores: { home: 3, away: 2 } }).homeScore).toBe(3);
  });

  it("nfl: game id, date timestamp, status, venue, league country, totals", () => {
    expect(NORMALISERS.nfl(nfl)).toMatchObject({
      id: 9988,
      sport: "nfl",
      date: new Date(1795456800 * 1000).toISOString(),
      status: "AOT",
      league: "NFL",
      country: "USA",
      homeTeam: "Green Bay Packers",
      awayTeam: "Chicago Bears",
      homeScore: 20,
      awayScore: 17,
      venue: "Lambeau Field",
    });
  });

  it("a record with nothing in it gives empty text and null scores, never a crash", () => {
    for (const normalise of Object.values(NORMALISERS)) {
      expect(normalise({})).toMatchObject({ league: "", homeTeam: "", awayTeam: "", homeScore: null });
      expect(normalise(null).venue).toBe("");
    }
  });
});

describe("feed status mapping", () => {
  it("maps every family", () => {
    for (const code of ["FT", "AET", "PEN", "AOT", "AP", "AW", "CANC", "ABD", "AWD", "WO"])
      expect(feedStatus(code)).toBe("finished");
    for (const code of ["NS", "TBD", "PST", "POST", "SUSP", "INT", "INTR"])
      expect(feedStatus(code)).toBe("upcoming");
    for (const code of ["1H", "HT", "2H", "ET", "P", "BT", "Q1", "Q4", "OT", "P2"])
      expect(feedStatus(code)).toBe("live");
  });
});

describe("feed status words", () => {
  // The short codes API-Sports documents for each sport's games (football v3; the others v1).
  const documented: Record<string, string[]> = {
    football: [
      ...["TBD", "NS", "1H", "HT", "2H", "ET", "BT", "P", "SUSP", "INT", "FT", "AET", "PEN"],
      ...["PST", "CANC", "ABD", "AWD", "WO", "LIVE"],
    ],
    basketball: [
      "NS",
      "Q1",
      "Q2",
      "Q3",
      "Q4",
      "OT",
      "BT",
      "HT",
      "FT",
      "AOT",
      "POST",
      "CANC",
      "SUSP",
      "AWD",
      "ABD",
    ],
    hockey: [
      "NS",
      "P1",
      "P2",
      "P3",
      "OT",
      "PT",
      "BT",
      "AW",
      "POST",
      "CANC",
      "INTR",
      "ABD",
      "AOT",
      "AP",
      "FT",
    ],
    "american football": ["NS", "Q1", "Q2", "Q3", "Q4", "OT", "HT", "FT", "AOT", "CANC", "PST"],
  };

  it("has words for every code API-Sports documents for football, basketball, hockey and american football", () => {
    for (const [sport, codes] of Object.entries(documented))
      for (const code of codes) expect(FEED_STATUS_WORDS[code], `${sport}: ${code}`).toMatch(/^[A-Z0-9]/);
  });

  it("says a code in words, whatever its case; an unknown code as it came", () => {
    expect(
      ["FT", "2H", "NS", "AOT", "P3", "HT", "1H", "ET", "PEN", "AET", "CANC", "PST", "Q2", "OT", "BT"].map(
        feedStatusWord,
      ),
    ).toEqual([
      "Finished",
      "2nd half",
      "Not started",
      "Finished after overtime",
      "3rd period",
      "Half-time",
      "1st half",
      "Extra time",
      "Finished after penalties",
      "Finished after extra time",
      "Cancelled",
      "Postponed",
      "2nd quarter",
      "Overtime",
      "Break",
    ]);
    expect(feedStatusWord("ft")).toBe("Finished");
    expect(feedStatusWord("Q5")).toBe("Q5");
    expect(feedStatusWord("")).toBe("Unknown");
  });

  it("a halted fixture's badge says the table's word", () => {
    for (const code of ["PST", "POST", "CANC", "ABD"]) expect(haltedLabel(code)).toBe(feedStatusWord(code));
    expect(haltedLabel("FT")).toBeUndefined();
  });
});

describe("accept payload", () => {
  const options = { timeZone: "Europe/Paris", matchUrl: "https://sportbn.example" };

  it("builds the flattened payload with the feed's time zone and the defaults", () => {
    expect(acceptPayload(NORMALISERS.football(football), options)).toEqual({
      status: "finished",
      type: "football",
      league_name: "UEFA Champions League",
      league_logo: "https://media.example/l/2.png",
      homeTeam_name: "Manchester United",
      homeTeam_logo: "https://media.example/t/33.png",
      awayTeam_name: "Manchester City",
      awayTeam_logo: "https://media.example/t/50.png",
      date: "2026-11-23",
      time: "21:00",
      end_time: "23:59",
      type_match: "video",
      isFirst: "false",
      matchUrl: "https://sportbn.example",
      // The scores and where the fixture came from, for the feed sync.
      homeTeam_score: 1,
      awayTeam_score: 1,
      feed_sport: "football",
      feed_fixture_id: "1208021",
      feed_status: "PEN",
    });
  });

  it("uses the time zone the feed answered in when none is given", () => {
    expect(
      acceptPayload(NORMALISERS.basketball(basketball), { matchUrl: "https://sportbn.example" }),
    ).toMatchObject({
      date: "2026-11-23",
      time: "19:30",
    });
  });

  it("stores nfl as AM-football and keeps missing logos as empty text", () => {
    expect(acceptPayload(NORMALISERS.nfl(nfl), options)).toMatchObject({
      type: "AM-football",
      status: "finished",
    });
    expect(acceptPayload(NORMALISERS.basketball(basketball), options)).toMatchObject({
      type: "basketball",
      status: "live",
      awayTeam_logo: "",
    });
    expect(acceptPayload(NORMALISERS.hockey(hockey), options).status).toBe("upcoming");
  });

  it("an unknown sport warns and keeps the defaults", () => {
    const warnings: string[] = [];
    const payload = acceptPayload(
      { ...NORMALISERS.hockey(hockey), sport: "cricket" as never },
      { ...options, warn: (message) => warnings.push(message) },
    );
    expect(payload.type).toBe("football");
    expect(warnings).toEqual(['Unknown sport "cricket": the match keeps the default type']);
  });

  it("formats day and time in a time zone, across midnight", () => {
    expect(dayAndTime("2026-11-23T23:30:00Z", "Asia/Tokyo")).toEqual({ date: "2026-11-24", time: "08:30" });
    expect(dayAndTime("not a date", "UTC")).toEqual({ date: "", time: "" });
  });
});

describe("predefined leagues", () => {
  it("names football's ten and five for every other sport, each with a logo file", () => {
    // Football's ten, in their order, written out here as one line.
    expect(PREDEFINED_LEAGUES.football.map((l) => l.name).join(", ")).toBe(
      "Champions League, Premier League, La Liga, Serie A, Bundesliga, Ligue 1, Europa League, MLS, Conference League, World Cup",
    );
    for (const sport of MATCH_SPORTS) {
      expect(PREDEFINED_LEAGUES[sport].length).toBe(sport === "football" ? 10 : 5);
      for (const league of PREDEFINED_LEAGUES[sport]) expect(league.logo).toMatch(/^[a-z0-9-]+\.svg$/);
    }
  });
});
