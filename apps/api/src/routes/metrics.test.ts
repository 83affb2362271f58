import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, scrapeMetrics, type TestApp } from "../../test/helpers.ts";

const TOKEN = "metrics-token-0123456789";
let t: TestApp;
let withToken: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  withToken = await buildTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await t.close();
  await withToken.close();
});

const notFound = { status: "fail", message: "Route GET /metrics not found" };

describe("GET /metrics (Prometheus)", () => {
  it("counts requests per method, route pattern and status, with their durations", async () => {
    const token = await t.login();
    const id = "65a1b2c3d4e5f60718293a4b";
    const before = await scrapeMetrics(t);
    const route = { method: "PUT", route: "/api/v1/apkw/ads/:id", status: "404" };
    for (let i = 0; i < 2; i++) {
      const missing = await t.as(token, { method: "PUT", url: `/api/v1/apkw/ads/${id}`, payload: {} });
      expect(missing.statusCode).toBe(404);
    }
    expect((await t.inject({ method: "GET", url: "/no/such/path/42" })).statusCode).toBe(404);

    const after = await scrapeMetrics(t);
    expect(after("http_requests_total", route) - before("http_requests_total", route)).toBe(2);
    // The raw URL is never a label: one series per pattern, and one for every unmatched path.
    const text = (await t.inject({ method: "GET", url: "/metrics" })).body;
    expect(text).not.toContain(id);
    expect(text).not.toContain("/no/such/path");
    expect(after("http_requests_total", { route: "unmatched", status: "404" })).toBeGreaterThanOrEqual(1);
    const durations = { method: "PUT", route: "/api/v1/apkw/ads/:id" };
    expect(
      after("http_request_duration_seconds_count", durations) -
        before("http_request_duration_seconds_count", durations),
    ).toBe(2);
    expect(after("http_request_duration_seconds_sum", durations)).toBeGreaterThan(0);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.001",method="PUT",route="\/api\/v1\/apkw\/ads\/:id"\}/,
    );
    // The default process metrics come along.
    expect(after("process_cpu_seconds_total")).toBeGreaterThan(0);
    expect(text).toContain("nodejs_eventloop_lag_seconds");
  });

  it("counts a public read's cache miss, then its hit", async () => {
    const read = () => t.inject({ method: "GET", url: "/api/v1/public/sportbn/ads" });
    const before = await scrapeMetrics(t);
    expect((await read()).statusCode).toBe(200);
    const between = await scrapeMetrics(t);
    expect((await read()).statusCode).toBe(200);
    const after = await scrapeMetrics(t);
    expect(between("public_cache_misses_total") - before("public_cache_misses_total")).toBe(1);
    expect(between("public_cache_hits_total") - before("public_cache_hits_total")).toBe(0);
    expect(after("public_cache_hits_total") - between("public_cache_hits_total")).toBe(1);
    expect(after("public_cache_misses_total") - between("public_cache_misses_total")).toBe(0);
    const series = { method: "GET", route: "/api/v1/public/sportbn/ads", status: "200" };
    expect(after("http_requests_total", series) - before("http_requests_total", series)).toBe(2);
  });

  it("answers a scraper on this host when METRICS_TOKEN is unset, and nobody else", async () => {
    for (const remoteAddress of ["127.0.0.1", "127.0.0.2", "::1", "::ffff:127.0.0.1"]) {
      const local = await t.inject({ method: "GET", url: "/metrics", remoteAddress });
      expect(local.statusCode, remoteAddress).toBe(200);
      expect(local.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(local.headers["cache-control"]).toBe("no-store");
    }
    for (const remoteAddress of ["10.1.2.3", "192.168.1.9", "::ffff:10.0.0.1", "2001:db8::1"]) {
      const remote = await t.inject({ method: "GET", url: "/metrics", remoteAddress });
      expect(remote.statusCode, remoteAddress).toBe(404);
      expect(remote.json()).toEqual(notFound);
    }
    // A proxy on this host forwarding the world's request: not a local scraper.
    for (const headers of [{ "x-forwarded-for": "127.0.0.1" }, { forwarded: "for=203.0.113.9" }]) {
      const proxied = await t.inject({ method: "GET", url: "/metrics", headers });
      expect(proxied.statusCode).toBe(404);
    }
    // The refusal is the answer of a path that does not exist.
    const unknown = await t.inject({ method: "GET", url: "/metricz", remoteAddress: "10.1.2.3" });
    expect(unknown.json().message).toBe("Route GET /metricz not found");
  });

  it("with METRICS_TOKEN, answers its bearer token only, from anywhere", async () => {
    const get = (remoteAddress: string, authorization?: string) =>
      withToken.inject({
        method: "GET",
        url: "/metrics",
        remoteAddress,
        ...(authorization ? { headers: { authorization } } : {}),
      });
    const granted = await get("10.9.8.7", `Bearer ${TOKEN}`);
    expect(granted.statusCode).toBe(200);
    expect(granted.body).toContain("# TYPE http_requests_total counter");
    for (const [address, authorization] of [
      ["127.0.0.1", undefined],
      ["127.0.0.1", `Bearer ${TOKEN}x`],
      ["10.9.8.7", `Bearer ${TOKEN.slice(0, -1)}`],
      ["10.9.8.7", TOKEN],
      ["10.9.8.7", `Basic ${TOKEN}`],
    ] as const) {
      const refused = await get(address, authorization);
      expect(refused.statusCode, `${address} ${authorization}`).toBe(404);
      expect(refused.json()).toEqual(notFound);
    }
  });

  it("is reached over a real socket from loopback", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as { port: number };
    const answer = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("http_requests_total");
  });

  it("takes no query parameters", async () => {
    const response = await t.inject({ method: "GET", url: "/metrics?name=x" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: "fail", message: "Unknown field: name" });
  });

  it("refuses a METRICS_TOKEN shorter than 16 characters", async () => {
    await expect(buildTestApp({ METRICS_TOKEN: "short" })).rejects.toThrow(
      /METRICS_TOKEN must be at least 16 characters/,
    );
  });
});
