import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildTestApp, scrapeMetrics, signedInApp } from "../../../test/helpers.ts";

// A local stand-in for API-Sports: counts calls, answers as the provider does (errors with HTTP 200).
type Behaviour = "ok" | "errors" | "forbidden" | "silent" | "down";
const behaviour: Record<string, Behaviour> = { football: "ok", basketball: "ok", hockey: "ok", nfl: "ok" };
const calls: { sport: string; key: string | undefined; query: Record<string, string> }[] = [];
let provider: FastifyInstance;

beforeAll(async () => {
  provider = Fastify({ forceCloseConnections: true });
  for (const sport of ["football", "basketball", "hockey", "nfl"]) {
    const path = `/${sport}/${sport === "football" ? "fixtures" : "games"}`;
    provider.get(path, async (request, reply) => {
      calls.push({
        sport,
        key: request.headers["x-apisports-key"] as string | undefined,
        query: request.query as Record<string, string>,
      });
      const mode = behaviour[sport];
      // Never answers; lets go once the caller gives up.
      if (mode === "silent") return new Promise((resolve) => request.raw.on("close", resolve));
      if (mode === "down") return reply.code(503).send("unavailable");
      if (mode === "forbidden") return reply.code(403).send({ message: "Forbidden" });
      reply.header("x-ratelimit-requests-limit", "100").header("x-ratelimit-requests-remaining", "97");
      if (mode === "errors")
        return {
          get: "games",
          errors: { token: "Error/Missing application key." },
          results: 0,
          response: [],
        };
      return { get: "games", errors: [], results: 1, response: [{ id: 1, sport }] };
    });
  }
  await provider.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => provider.close());
const t = signedInApp(() => {
  const base = `http://127.0.0.1:${(provider.server.address() as { port: number }).port}`;
  return {
    APISPORTS_KEY: "test-key",
    APISPORTS_FOOTBALL_URL: `${base}/football`,
    APISPORTS_BASKETBALL_URL: `${base}/basketball`,
    APISPORTS_HOCKEY_URL: `${base}/hockey`,
    APISPORTS_AMFOOTBALL_URL: `${base}/nfl`,
    FEED_TIMEZONE: "Europe/Paris",
  };
});

const connect = (sport: string) => t.as(t.token, { method: "GET", url: `/api/v1/sportbn/connect/${sport}` });
const refresh = (sport: string) =>
  t.as(t.token, { method: "POST", url: `/api/v1/sportbn/connect/${sport}/refresh` });
const used = async () =>
  (await t.as(t.token, { method: "GET", url: "/api/v1/sportbn/feed/status" })).json().quota.used as number;
const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date());

describe("GET /connect/{sport} and its Refresh (the sports feed)", () => {
  it("a visit reads what was kept and never asks the provider: nothing kept today is no fixtures, fetchedAt null", async () => {
    const before = calls.length;
    const spent = await used();
    for (const sport of ["football", "basketball", "hockey", "am-football"]) {
      const read = await connect(sport);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({
        status: "success",
        response: [],
        quota: { remaining: null, limit: null },
        fetchedAt: null,
      });
    }
    // A visit long after the last one still costs nothing (it cost 4 calls every 5 minutes).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 30 * 60_000);
    try {
      for (const sport of ["football", "basketball", "hockey", "am-football"]) await connect(sport);
    } finally {
      vi.useRealTimers();
    }
    expect(calls.length).toBe(before);
    expect(await used()).toBe(spent);
  });

  it("Refresh asks API-Sports for today in FEED_TIMEZONE with the key and keeps the answer, which visits then read", async () => {
    const spent = await used();
    const first = await refresh("football");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      status: "success",
      response: [{ id: 1, sport: "football" }],
      quota: { remaining: 97, limit: 100 },
      fetchedAt: expect.any(String),
    });
    expect(Date.now() - Date.parse(first.json().fetchedAt)).toBeLessThan(60_000);
    expect(calls.at(-1)).toEqual({
      sport: "football",
      key: "test-key",
      query: { date: today, timezone: "Europe/Paris" },
    });
    expect(await used()).toBe(spent + 1);
    const before = calls.length;
    // A visit reads the kept answer, with when it was fetched: no provider call.
    expect((await connect("football")).json()).toEqual(first.json());
    expect(calls.length).toBe(before);
    // Refresh is on purpose: each one asks again and spends a call.
    expect((await refresh("football")).statusCode).toBe(200);
    expect(calls.length).toBe(before + 1);
    expect(await used()).toBe(spent + 2);
    // /metrics counts the provider calls and shows the quota their headers gave.
    const metric = await scrapeMetrics(t);
    expect(metric("provider_calls_total", { provider: "api-sports/football", outcome: "ok" })).toBe(2);
    expect(metric("provider_quota_remaining", { provider: "api-sports/football" })).toBe(97);
    expect(metric("provider_quota_limit", { provider: "api-sports/football" })).toBe(100);
    // am-football is the nfl feed (v1 games).
    expect((await refresh("am-football")).json().response).toEqual([{ id: 1, sport: "nfl" }]);
  });

  it("a provider error for one sport is a 502 for that sport only, and is not kept", async () => {
    behaviour.basketball = "errors";
    const failed = await refresh("basketball");
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({
      status: "error",
      message: "Basketball feed: Error/Missing application key.",
    });
    expect((await connect("basketball")).json()).toMatchObject({ response: [], fetchedAt: null });
    expect((await refresh("hockey")).statusCode).toBe(200);
    behaviour.basketball = "ok";
    expect((await refresh("basketball")).statusCode).toBe(200);
    const metric = await scrapeMetrics(t);
    expect(metric("provider_calls_total", { provider: "api-sports/basketball", outcome: "error" })).toBe(1);
    expect(metric("provider_calls_total", { provider: "api-sports/basketball", outcome: "ok" })).toBe(1);
  });

  it("a refused key, a provider that is down and one that never answers are clear 502s", async () => {
    behaviour.nfl = "down";
    behaviour.football = "forbidden";
    const t2 = await buildTestApp({
      APISPORTS_KEY: "test-key",
      APISPORTS_FOOTBALL_URL: t.config.APISPORTS_FOOTBALL_URL!,
      APISPORTS_AMFOOTBALL_URL: t.config.APISPORTS_AMFOOTBALL_URL!,
      APISPORTS_HOCKEY_URL: t.config.APISPORTS_HOCKEY_URL!,
    });
    const token2 = await t2.login();
    const post = (sport: string) =>
      t2.as(token2, { method: "POST", url: `/api/v1/sportbn/connect/${sport}/refresh` });
    expect((await post("football")).json()).toEqual({
      status: "error",
      message: "Football feed refused the API key (403)",
    });
    expect((await post("am-football")).json()).toEqual({
      status: "error",
      message: "American football feed failed (503)",
    });
    behaviour.hockey = "silent";
    const silent = await post("hockey");
    expect(silent.statusCode).toBe(502);
    expect(silent.json().message).toBe("Hockey feed did not answer in time");
    const metric = await scrapeMetrics(t2);
    expect(metric("provider_calls_total", { provider: "api-sports/football", outcome: "error" })).toBe(1);
    expect(metric("provider_calls_total", { provider: "api-sports/nfl", outcome: "error" })).toBe(1);
    expect(metric("provider_calls_total", { provider: "api-sports/hockey", outcome: "unreachable" })).toBe(1);
    await t2.close();
    Object.assign(behaviour, { football: "ok", hockey: "ok", nfl: "ok" });
  }, 30_000);

  it("only the four feed paths exist, and only for admins", async () => {
    expect((await connect("tennis")).json().message).toBe(
      "sport must be one of football, basketball, hockey, am-football",
    );
    expect((await refresh("tennis")).statusCode).toBe(400);
    expect((await t.inject({ url: "/api/v1/sportbn/connect/football" })).statusCode).toBe(401);
    expect(
      (await t.inject({ method: "POST", url: "/api/v1/sportbn/connect/football/refresh" })).statusCode,
    ).toBe(401);
    expect((await t.as(t.token, { method: "GET", url: "/api/v1/apkw/connect/football" })).statusCode).toBe(
      404,
    );
  });
});
