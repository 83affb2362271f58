import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTestApp, scrapeMetrics, signedInApp } from "../../../test/helpers.ts";

// A stand-in for TMDB v3 and its image host: records calls, answers with TMDB's shapes and envelope.
const calls: { path: string; query: Record<string, string> }[] = [];
let mode: "ok" | "notFound" | "badKey" | "oddShape" = "ok";
const item = {
  id: 603,
  title: "The Matrix",
  release_date: "1999-03-30",
  vote_average: 8.2,
  poster_path: "/m.jpg",
};
const page = (results: unknown[]) => ({ page: 1, results, total_pages: 1, total_results: results.length });
let tmdb: FastifyInstance;

beforeAll(async () => {
  tmdb = Fastify({ forceCloseConnections: true });
  tmdb.get("/3/*", async (request, reply) => {
    const path = request.url.split("?")[0]!.slice(2);
    calls.push({ path, query: request.query as Record<string, string> });
    if (mode === "badKey")
      return reply.code(401).send({ success: false, status_code: 7, status_message: "Invalid API key" });
    if (mode === "notFound")
      return reply.code(404).send({ success: false, status_code: 34, status_message: "Not found" });
    if (mode === "oddShape") return { nothing: true };
    if (path.startsWith("/trending") || path.startsWith("/search")) return page([{ ...item, extra: "kept" }]);
    return { ...item, genres: [{ id: 1, name: "Action" }] };
  });
  tmdb.get("/img/:size/:file", async (request, reply) => {
    const { file } = request.params as { file: string };
    if (file === "missing.jpg") return reply.code(404).send("no");
    return reply.type("image/png").send(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  });
  await tmdb.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => tmdb.close());
const t = signedInApp(() => {
  const base = `http://127.0.0.1:${(tmdb.server.address() as { port: number }).port}`;
  return { TMDB_API_KEY: "tmdb-key", TMDB_BASE_URL: `${base}/3`, TMDB_IMAGE_BASE_URL: `${base}/img` };
});
beforeEach(() => {
  mode = "ok";
});

const get = (url: string) => t.admin("GET", url);

describe("/api/v1/tmdb (the movie database pass-through)", () => {
  it("needs an admin session", async () => {
    const response = await t.inject({ method: "GET", url: "/api/v1/tmdb/trending/movie/day" });
    expect(response.statusCode).toBe(401);
  });

  it("adds the key server-side, answers TMDB's shape, and caches briefly", async () => {
    const before = calls.length;
    const trending = await get("/api/v1/tmdb/trending/movie/day?language=en-US");
    expect(trending.statusCode).toBe(200);
    expect(trending.json()).toEqual(page([{ ...item, extra: "kept" }]));
    expect(calls.at(-1)).toEqual({
      path: "/trending/movie/day",
      query: { api_key: "tmdb-key", language: "en-US" },
    });
    expect((await get("/api/v1/tmdb/trending/movie/day?language=en-US")).statusCode).toBe(200);
    expect(calls.length).toBe(before + 1);
    expect((await scrapeMetrics(t))("provider_calls_total", { provider: "tmdb", outcome: "ok" })).toBe(1);

    const search = await get("/api/v1/tmdb/search/tv?language=en-US&query=%20breaking%20");
    expect(search.statusCode).toBe(200);
    expect(calls.at(-1)).toEqual({
      path: "/search/tv",
      query: { api_key: "tmdb-key", language: "en-US", query: "breaking" },
    });
    const details = await get("/api/v1/tmdb/movie/603?language=en-US");
    expect(details.json()).toMatchObject({
      id: 603,
      title: "The Matrix",
      genres: [{ id: 1, name: "Action" }],
    });
    expect(calls.at(-1)?.path).toBe("/movie/603");
  });

  it("allows only its three paths and TMDB's documented parameters", async () => {
    const before = calls.length;
    expect((await get("/api/v1/tmdb/trending/movie/day?api_key=mine")).statusCode).toBe(400);
    expect((await get("/api/v1/tmdb/search/movie")).json().message).toMatch(/query is required/);
    expect((await get("/api/v1/tmdb/search/person?query=x")).statusCode).toBe(400);
    expect((await get("/api/v1/tmdb/movie/abc")).json().message).toMatch(
      /id must be a positive whole number/,
    );
    expect((await get("/api/v1/tmdb/discover/movie")).statusCode).toBe(400);
    expect((await get("/api/v1/tmdb/trending/movie/week")).statusCode).toBe(404);
    expect(calls.length).toBe(before);
  });

  it("turns TMDB's error envelope into the dashboard's messages", async () => {
    const before = await scrapeMetrics(t);
    mode = "notFound";
    const missing = await get("/api/v1/tmdb/movie/999999");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: "fail", message: "TMDB error" });
    mode = "badKey";
    const trending = await get("/api/v1/tmdb/trending/tv/day?page=2");
    expect(trending.statusCode).toBe(502);
    expect(trending.json()).toEqual({ status: "error", message: "TMDB trending error" });
    // A failure is not cached: the next call asks again and gets the answer.
    mode = "ok";
    expect((await get("/api/v1/tmdb/trending/tv/day?page=2")).statusCode).toBe(200);
    mode = "oddShape";
    expect((await get("/api/v1/tmdb/search/movie?query=odd")).json()).toEqual({
      status: "error",
      message: "TMDB error",
    });
    // The refused key and the odd shape are errors; an unknown title is the provider's "not found".
    const after = await scrapeMetrics(t);
    const added = (outcome: string) =>
      after("provider_calls_total", { provider: "tmdb", outcome }) -
      before("provider_calls_total", { provider: "tmdb", outcome });
    expect([added("not_found"), added("error"), added("ok")]).toEqual([1, 2, 1]);
  });

  it("answers 502 with the dashboard's texts when TMDB cannot be reached", async () => {
    const down = await buildTestApp({ TMDB_API_KEY: "k", TMDB_BASE_URL: "http://127.0.0.1:9/3" });
    try {
      const admin = await down.login();
      const trending = await down.as(admin, { method: "GET", url: "/api/v1/tmdb/trending/movie/day" });
      expect(trending.statusCode).toBe(502);
      expect(trending.json().message).toBe("Failed to fetch trending from TMDB");
      const search = await down.as(admin, { method: "GET", url: "/api/v1/tmdb/search/movie?query=x" });
      expect(search.json().message).toBe("Failed to fetch from TMDB");
      const metric = await scrapeMetrics(down);
      expect(metric("provider_calls_total", { provider: "tmdb", outcome: "unreachable" })).toBe(2);
    } finally {
      await down.close();
    }
  });

  it("serves posters from its own origin without a session, cacheable", async () => {
    const poster = await t.inject({ method: "GET", url: "/api/v1/tmdb/images/w185/abc.jpg" });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers["content-type"]).toBe("image/png");
    expect(poster.headers["cache-control"]).toMatch(/public, max-age=\d+/);
    expect(poster.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect((await t.inject({ method: "GET", url: "/api/v1/tmdb/images/w185/missing.jpg" })).statusCode).toBe(
      404,
    );
    expect((await t.inject({ method: "GET", url: "/api/v1/tmdb/images/w9999/abc.jpg" })).statusCode).toBe(
      400,
    );
    expect(
      (await t.inject({ method: "GET", url: "/api/v1/tmdb/images/w185/..%2Fsecret.jpg" })).statusCode,
    ).toBe(400);
    const metric = await scrapeMetrics(t);
    expect(metric("provider_calls_total", { provider: "tmdb/images", outcome: "ok" })).toBe(1);
    expect(metric("provider_calls_total", { provider: "tmdb/images", outcome: "not_found" })).toBe(1);
  });
});
