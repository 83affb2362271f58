import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildSandbox } from "../app.ts";
import { decodePng } from "../lib/png-decode.ts";
import { DAILY_LIMIT_MESSAGE, MISSING_KEY_MESSAGE } from "./routes.ts";

const BASE = "http://sandbox.test:8082";
const NOW = new Date("2026-11-22T15:00:00Z");
const KEY = { "x-apisports-key": "sandbox" };

// The providers' shapes, strict so a missing or stray field fails.
const pair = z.strictObject({ home: z.number().int().nullable(), away: z.number().int().nullable() });
const url = z.string().startsWith(`${BASE}/media/`);

const footballFixture = z.strictObject({
  fixture: z.strictObject({
    id: z.number().int(),
    referee: z.string().nullable(),
    timezone: z.string(),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/),
    timestamp: z.number().int(),
    periods: z.strictObject({ first: z.number().int().nullable(), second: z.number().int().nullable() }),
    venue: z.strictObject({ id: z.number().int(), name: z.string(), city: z.string().nullable() }),
    status: z.strictObject({ long: z.string(), short: z.string(), elapsed: z.number().int().nullable() }),
  }),
  league: z.strictObject({
    id: z.number().int(),
    name: z.string(),
    country: z.string(),
    logo: url,
    flag: url.nullable(),
    season: z.number().int(),
    round: z.string(),
  }),
  teams: z.strictObject({
    home: z.strictObject({
      id: z.number().int(),
      name: z.string(),
      logo: url,
      winner: z.boolean().nullable(),
    }),
    away: z.strictObject({
      id: z.number().int(),
      name: z.string(),
      logo: url,
      winner: z.boolean().nullable(),
    }),
  }),
  goals: pair,
  score: z.strictObject({ halftime: pair, fulltime: pair, extratime: pair, penalty: pair }),
});

const team = z.strictObject({ id: z.number().int(), name: z.string(), logo: url });
const country = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
  flag: url.nullable(),
});
const quarters = (overtimeKey: "over_time" | "overtime") =>
  z.strictObject({
    quarter_1: z.number().int().nullable(),
    quarter_2: z.number().int().nullable(),
    quarter_3: z.number().int().nullable(),
    quarter_4: z.number().int().nullable(),
    [overtimeKey]: z.number().int().nullable(),
    total: z.number().int().nullable(),
  });
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);

// How the v1 `games` APIs (basketball, hockey) open each game.
const gameWhen = {
  id: z.number().int(),
  date: isoDate,
  time: z.string().regex(/^\d{2}:\d{2}$/),
  timestamp: z.number().int(),
  timezone: z.string(),
};

const basketballGame = z.strictObject({
  ...gameWhen,
  stage: z.null(),
  week: z.null(),
  venue: z.string().nullable(),
  status: z.strictObject({ long: z.string(), short: z.string(), timer: z.string().nullable() }),
  league: z.strictObject({
    id: z.number().int(),
    name: z.string(),
    type: z.enum(["League", "Cup"]),
    season: z.string().regex(/^\d{4}-\d{4}$/),
    logo: url,
  }),
  country,
  teams: z.strictObject({ home: team, away: team }),
  scores: z.strictObject({ home: quarters("over_time"), away: quarters("over_time") }),
});

const hockeyGame = z.strictObject({
  ...gameWhen,
  week: z.null(),
  timer: z.string().nullable(),
  status: z.strictObject({ long: z.string(), short: z.string() }),
  country,
  league: z.strictObject({
    id: z.number().int(),
    name: z.string(),
    type: z.enum(["League", "Cup"]),
    logo: url,
    season: z.number().int(),
  }),
  teams: z.strictObject({ home: team, away: team }),
  scores: pair,
  periods: z.strictObject({
    first: z.string().nullable(),
    second: z.string().nullable(),
    third: z.string().nullable(),
    overtime: z.string().nullable(),
    penalties: z.string().nullable(),
  }),
  events: z.boolean(),
});

const americanFootballGame = z.strictObject({
  game: z.strictObject({
    id: z.number().int(),
    stage: z.string(),
    week: z.string(),
    date: z.strictObject({
      timezone: z.string(),
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      time: z.string().regex(/^\d{2}:\d{2}$/),
      timestamp: z.number().int(),
    }),
    venue: z.strictObject({ name: z.string().nullable(), city: z.string().nullable() }),
    status: z.strictObject({ short: z.string(), long: z.string(), timer: z.string().nullable() }),
  }),
  league: z.strictObject({
    id: z.number().int(),
    name: z.string(),
    season: z.string().regex(/^\d{4}$/),
    logo: url,
    country: z.strictObject({ name: z.string(), code: z.string().nullable(), flag: url.nullable() }),
  }),
  teams: z.strictObject({ home: team, away: team }),
  scores: z.strictObject({ home: quarters("overtime"), away: quarters("overtime") }),
});

const SPORTS = [
  { sport: "football", endpoint: "fixtures", item: footballFixture },
  { sport: "basketball", endpoint: "games", item: basketballGame },
  { sport: "hockey", endpoint: "games", item: hockeyGame },
  { sport: "american-football", endpoint: "games", item: americanFootballGame },
] as const;

type Item = Record<string, unknown>;

/** Kick-off date text, status code and timestamp, whatever the sport's shape. */
function facts(sport: string, item: Item): { date: string; short: string; timestamp: number; id: number } {
  const i = item as never as {
    fixture: { date: string; status: { short: string }; timestamp: number; id: number };
    game: { date: { date: string; timestamp: number }; status: { short: string }; id: number };
    date: string;
    status: { short: string };
    timestamp: number;
    id: number;
  };
  if (sport === "football") {
    return {
      date: i.fixture.date.slice(0, 10),
      short: i.fixture.status.short,
      timestamp: i.fixture.timestamp,
      id: i.fixture.id,
    };
  }
  if (sport === "american-football") {
    return {
      date: i.game.date.date,
      short: i.game.status.short,
      timestamp: i.game.date.timestamp,
      id: i.game.id,
    };
  }
  return { date: i.date.slice(0, 10), short: i.status.short, timestamp: i.timestamp, id: i.id };
}

const FINISHED = new Set(["FT", "AET", "PEN", "AOT", "AP", "AW", "CANC", "ABD", "AWD", "WO"]);
const UPCOMING = new Set(["NS", "TBD", "PST", "POST", "SUSP", "INT", "INTR"]);

let app: FastifyInstance;

beforeAll(async () => {
  app = buildSandbox({ now: () => NOW, publicUrl: BASE });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

async function fetchDay(sport: string, endpoint: string, query: string) {
  const response = await app.inject({ url: `/apisports/${sport}/${endpoint}?${query}`, headers: KEY });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    get: string;
    parameters: unknown;
    errors: unknown;
    results: number;
    response: Item[];
  };
}

describe.each(SPORTS)("API-Sports $sport /$endpoint", ({ sport, endpoint, item }) => {
  it("answers the provider's envelope and item shape for any date", async () => {
    for (const date of ["2026-11-22", "2019-02-03", "2031-07-15"]) {
      const body = await fetchDay(sport, endpoint, `date=${date}&timezone=UTC`);
      expect(body.get).toBe(endpoint);
      expect(body.parameters).toEqual({ date, timezone: "UTC" });
      expect(body.errors).toEqual([]);
      expect(body.results).toBe(body.response.length);
      expect(body.response.length).toBeGreaterThanOrEqual(8);
      expect(body.response.length).toBeLessThanOrEqual(20);
      if (sport === "football") expect(body).toHaveProperty("paging", { current: 1, total: 1 });
      else expect(body).not.toHaveProperty("paging");
      for (const record of body.response) {
        const parsed = item.safeParse(record);
        if (!parsed.success) throw new Error(`${sport} ${date}: ${parsed.error.message}`);
        expect(facts(sport, record).date).toBe(date);
      }
    }
  });

  it("is deterministic per date and differs between dates", async () => {
    const first = await fetchDay(sport, endpoint, "date=2026-03-14");
    const other = buildSandbox({ now: () => new Date("2030-01-01T00:00:00Z"), publicUrl: BASE });
    const again = (
      await other.inject({ url: `/apisports/${sport}/${endpoint}?date=2026-03-14`, headers: KEY })
    ).json();
    await other.close();
    expect(again.response).toEqual(first.response);
    const next = await fetchDay(sport, endpoint, "date=2026-03-15");
    expect(next.response).not.toEqual(first.response);
  });

  it("spreads kick-offs over the day and mixes finished, live and upcoming games", async () => {
    for (const date of ["2026-11-22", "2026-05-01", "2027-01-09"]) {
      const body = await fetchDay(sport, endpoint, `date=${date}`);
      const all = body.response.map((r) => facts(sport, r));
      expect(new Set(all.map((f) => f.timestamp)).size).toBeGreaterThanOrEqual(3);
      const shorts = all.map((f) => f.short);
      expect(shorts.some((s) => FINISHED.has(s))).toBe(true);
      expect(shorts.some((s) => UPCOMING.has(s))).toBe(true);
      expect(shorts.some((s) => !FINISHED.has(s) && !UPCOMING.has(s))).toBe(true);
      const sorted = [...all].sort((a, b) => a.timestamp - b.timestamp);
      expect(all).toEqual(sorted);
      expect(new Set(all.map((f) => f.id)).size).toBe(all.length);
    }
  });

  it("places games on the requested date in the requested timezone", async () => {
    const body = await fetchDay(sport, endpoint, "date=2026-11-22&timezone=America/New_York");
    expect(body.response.length).toBeGreaterThan(0);
    for (const record of body.response) {
      const f = facts(sport, record);
      expect(f.date).toBe("2026-11-22");
      const local = new Date((f.timestamp - 5 * 3600) * 1000).toISOString().slice(0, 10);
      expect(local).toBe("2026-11-22");
      if (sport !== "american-football") {
        const date =
          sport === "football" ? (record.fixture as { date: string }).date : (record.date as string);
        expect(date.endsWith("-05:00")).toBe(true);
      }
    }
  });

  it("returns one game by id, and live games of today for live=all", async () => {
    const day = await fetchDay(sport, endpoint, "date=2026-06-10");
    const target = facts(sport, day.response[3] as Item);
    const byId = await fetchDay(sport, endpoint, `id=${target.id}`);
    expect(byId.response).toEqual([day.response[3]]);
    expect((await fetchDay(sport, endpoint, "id=12")).response).toEqual([]);

    const live = await fetchDay(sport, endpoint, "live=all");
    expect(live.response.length).toBeGreaterThan(0);
    for (const record of live.response) {
      const f = facts(sport, record);
      expect(f.date).toBe("2026-11-22");
      expect(FINISHED.has(f.short) || ["NS", "TBD", "PST", "POST"].includes(f.short)).toBe(false);
    }
  });

  it("answers a missing key with HTTP 200, the token error and no data", async () => {
    const response = await app.inject({ url: `/apisports/${sport}/${endpoint}?date=2026-11-22` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      get: endpoint,
      parameters: { date: "2026-11-22" },
      errors: { token: MISSING_KEY_MESSAGE },
      results: 0,
      response: [],
    });
    const blank = await app.inject({
      url: `/apisports/${sport}/${endpoint}?date=2026-11-22`,
      headers: { "x-apisports-key": "  " },
    });
    expect(blank.json().errors).toEqual({ token: MISSING_KEY_MESSAGE });
  });

  it("reports parameter errors in the provider's errors object", async () => {
    const cases: [string, string][] = [
      ["date=2026-02-30", "date"],
      ["date=2026-11-22&timezone=Mars/Olympus", "timezone"],
      ["date=2026-11-22&colour=red", "colour"],
      ["timezone=UTC", "required"],
      ["id=abc", "id"],
    ];
    for (const [query, field] of cases) {
      const body = await fetchDay(sport, endpoint, query);
      expect(body.results).toBe(0);
      expect(body.response).toEqual([]);
      expect(Object.keys(body.errors as object)).toContain(field);
    }
    expect((await fetchDay(sport, endpoint, "date=2026-11-22&colour=red")).errors).toEqual({
      colour: "The Colour field do not exist.",
    });
  });
});

describe("API-Sports football details", () => {
  it("keeps scores consistent with the status", async () => {
    const seen = new Set<string>();
    for (let d = 1; d <= 90; d++) {
      const date = new Date(Date.UTC(2026, 0, d)).toISOString().slice(0, 10);
      const body = await fetchDay("football", "fixtures", `date=${date}`);
      for (const raw of body.response) {
        const f = footballFixture.parse(raw);
        const { short, elapsed } = f.fixture.status;
        seen.add(short);
        if (["NS", "TBD", "PST", "CANC"].includes(short)) {
          expect(f.goals).toEqual({ home: null, away: null });
          expect(elapsed).toBeNull();
          expect(f.fixture.periods.first).toBeNull();
        } else {
          expect(f.goals.home).not.toBeNull();
          expect(f.fixture.periods.first).toBe(f.fixture.timestamp);
        }
        if (short === "FT") {
          expect(elapsed).toBe(90);
          expect(f.goals).toEqual(f.score.fulltime);
        }
        if (short === "AET") {
          expect(elapsed).toBe(120);
          expect(f.score.fulltime.home).toBe(f.score.fulltime.away);
          expect((f.goals.home ?? 0) + (f.goals.away ?? 0)).toBe(
            (f.score.fulltime.home ?? 0) + (f.score.fulltime.away ?? 0) + 1,
          );
        }
        if (short === "PEN") {
          expect(f.goals.home).toBe(f.goals.away);
          expect(f.score.penalty.home).not.toBe(f.score.penalty.away);
          expect(f.teams.home.winner).toBe((f.score.penalty.home ?? 0) > (f.score.penalty.away ?? 0));
        }
        if (short === "1H") expect(elapsed).toBeLessThanOrEqual(45);
        if (short === "2H") expect(elapsed).toBeGreaterThan(45);
        if (FINISHED.has(short) && short !== "CANC" && short !== "ABD" && short !== "PEN") {
          const { home, away } = f.goals;
          expect(f.teams.home.winner).toBe(home === away ? null : (home ?? 0) > (away ?? 0));
        }
      }
    }
    for (const status of ["NS", "1H", "HT", "2H", "FT", "AET", "PEN", "PST"]) expect(seen).toContain(status);
  });

  it("uses real-looking leagues, venues and referees", async () => {
    const leagues = new Set<string>();
    for (let d = 1; d <= 20; d++) {
      const body = await fetchDay("football", "fixtures", `date=2026-10-${String(d).padStart(2, "0")}`);
      for (const raw of body.response) {
        const f = footballFixture.parse(raw);
        leagues.add(f.league.name);
        expect(f.fixture.venue.name.length).toBeGreaterThan(2);
        if (f.fixture.referee) expect(f.fixture.referee).toMatch(/^.+, .+$/);
        expect(f.teams.home.id).not.toBe(f.teams.away.id);
      }
    }
    for (const name of [
      "Premier League",
      "La Liga",
      "Serie A",
      "Bundesliga",
      "Ligue 1",
      "UEFA Champions League",
    ]) {
      expect(leagues).toContain(name);
    }
  });

  it("filters by league, team and status like the provider", async () => {
    const day = await fetchDay("football", "fixtures", "date=2026-11-22");
    const first = footballFixture.parse(day.response[0]);
    const byLeague = await fetchDay("football", "fixtures", `date=2026-11-22&league=${first.league.id}`);
    expect(byLeague.response.length).toBeGreaterThan(0);
    expect(byLeague.response.every((r) => footballFixture.parse(r).league.id === first.league.id)).toBe(true);
    const byTeam = await fetchDay("football", "fixtures", `date=2026-11-22&team=${first.teams.away.id}`);
    expect(byTeam.response).toEqual([day.response[0]]);
    const finished = await fetchDay("football", "fixtures", "date=2026-11-22&status=FT-AET-PEN");
    expect(
      finished.response.every((r) =>
        ["FT", "AET", "PEN"].includes(footballFixture.parse(r).fixture.status.short),
      ),
    ).toBe(true);
  });
});

describe("API-Sports scores of the v1 sports", () => {
  it("adds up quarters and periods", async () => {
    const hockeyStatuses = new Set<string>();
    for (let d = 1; d <= 40; d++) {
      const date = `2026-12-${String(((d - 1) % 28) + 1).padStart(2, "0")}`;
      for (const raw of (await fetchDay("basketball", "games", `date=${date}`)).response) {
        const g = basketballGame.parse(raw);
        for (const side of [g.scores.home, g.scores.away]) {
          const parts = [side.quarter_1, side.quarter_2, side.quarter_3, side.quarter_4, side.over_time];
          if (side.total === null) expect(parts.every((p) => p === null)).toBe(true);
          else expect(parts.reduce<number>((s, p) => s + (p ?? 0), 0)).toBe(side.total);
        }
        if (g.status.short === "FT") expect(g.scores.home.total).not.toBe(g.scores.away.total);
      }
      for (const raw of (await fetchDay("hockey", "games", `date=${date}`)).response) {
        const g = hockeyGame.parse(raw);
        hockeyStatuses.add(g.status.short);
        const periods = [g.periods.first, g.periods.second, g.periods.third, g.periods.overtime];
        if (g.scores.home === null) {
          expect(periods.every((p) => p === null)).toBe(true);
          continue;
        }
        const sumSide = (i: 0 | 1) => periods.reduce((s, p) => s + (p ? Number(p.split("-")[i]) : 0), 0);
        const shootout = g.periods.penalties ? 1 : 0;
        expect((g.scores.home ?? 0) + (g.scores.away ?? 0)).toBe(sumSide(0) + sumSide(1) + shootout);
      }
      for (const raw of (await fetchDay("american-football", "games", `date=${date}`)).response) {
        const g = americanFootballGame.parse(raw);
        for (const side of [g.scores.home, g.scores.away]) {
          const parts = [side.quarter_1, side.quarter_2, side.quarter_3, side.quarter_4, side.overtime];
          if (side.total !== null) expect(parts.reduce<number>((s, p) => s + (p ?? 0), 0)).toBe(side.total);
        }
      }
    }
    for (const status of ["NS", "P1", "FT"]) expect(hockeyStatuses).toContain(status);
  });
});

describe("API-Sports quota, headers, status and media", () => {
  it("sends the rate headers and enforces the daily quota with the provider's error", async () => {
    const limited = buildSandbox({ now: () => NOW, apisportsDailyLimit: 2 });
    const call = () =>
      limited.inject({
        url: "/apisports/hockey/games?date=2026-11-22",
        headers: { "x-apisports-key": "k1" },
      });
    const first = await call();
    expect(first.headers["x-ratelimit-requests-limit"]).toBe("2");
    expect(first.headers["x-ratelimit-requests-remaining"]).toBe("1");
    expect(first.headers["x-ratelimit-remaining"]).toBeDefined();
    expect((await call()).headers["x-ratelimit-requests-remaining"]).toBe("0");
    const third = await call();
    expect(third.statusCode).toBe(200);
    expect(third.json()).toMatchObject({
      errors: { requests: DAILY_LIMIT_MESSAGE },
      results: 0,
      response: [],
    });
    const otherKey = await limited.inject({
      url: "/apisports/hockey/games?date=2026-11-22",
      headers: { "x-apisports-key": "k2" },
    });
    expect(otherKey.json().results).toBeGreaterThan(0);
    const status = await limited.inject({
      url: "/apisports/hockey/status",
      headers: { "x-apisports-key": "k1" },
    });
    expect(status.json().response.requests).toEqual({ current: 2, limit_day: 2 });
    await limited.close();
  });

  it("answers unknown endpoints with an error", async () => {
    const response = await app.inject({ url: "/apisports/football/standings?league=39", headers: KEY });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors).toEqual({ endpoint: "This endpoint do not exist." });
  });

  it("serves every logo and flag the fixtures link to", async () => {
    const urls = new Set<string>();
    for (const { sport, endpoint } of SPORTS) {
      const body = await fetchDay(sport, endpoint, "date=2026-11-22");
      JSON.stringify(body.response).replace(/"(http[^"]+)"/g, (_, link: string) => {
        urls.add(link);
        return "";
      });
    }
    expect(urls.size).toBeGreaterThan(40);
    for (const link of urls) {
      const response = await app.inject({ url: link.slice(BASE.length) });
      expect(response.statusCode, link).toBe(200);
      if (link.endsWith(".png")) {
        expect(response.headers["content-type"]).toBe("image/png");
        const png = decodePng(response.rawPayload);
        expect([png.width, png.height]).toEqual([150, 150]);
      } else {
        expect(response.headers["content-type"]).toBe("image/svg+xml");
        expect(response.body).toMatch(/^<svg /);
      }
    }
  });

  it("derives link hosts from the request when no public URL is set", async () => {
    const plain = buildSandbox({ now: () => NOW });
    const response = await plain.inject({
      url: "/apisports/basketball/games?date=2026-11-22",
      headers: { ...KEY, host: "127.0.0.1:9999" },
    });
    expect(response.json().response[0].teams.home.logo).toMatch(
      /^http:\/\/127\.0\.0\.1:9999\/media\/basketball\/teams\/\d+\.png$/,
    );
    await plain.close();
  });
});
