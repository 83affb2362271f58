import { describe, expect, it } from "vitest";
import { buildSandbox } from "./app.ts";
import { loadEnv } from "./env.ts";

describe("sandbox app", () => {
  it("answers the health check", async () => {
    const app = buildSandbox();
    const response = await app.inject({ url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
    await app.close();
  });

  it("answers 404 outside the provider prefixes", async () => {
    const app = buildSandbox();
    expect((await app.inject({ url: "/nothing-here" })).statusCode).toBe(404);
    await app.close();
  });

  it("listens on a real port and serves over HTTP", async () => {
    const app = buildSandbox();
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const response = await fetch(`${address}/apisports/football/fixtures?date=2026-11-22`, {
        headers: { "x-apisports-key": "sandbox" },
      });
      const body = (await response.json()) as { results: number; response: { league: { logo: string } }[] };
      expect(body.results).toBeGreaterThan(0);
      expect(body.response[0]?.league.logo.startsWith(`${address}/media/football/leagues/`)).toBe(true);
      const logo = await fetch(body.response[0]?.league.logo ?? "");
      expect(logo.headers.get("content-type")).toBe("image/png");
    } finally {
      await app.close();
    }
  });
});

describe("configuration", () => {
  it("has the documented defaults", () => {
    expect(loadEnv({})).toEqual({
      SANDBOX_PORT: 8082,
      HOST: "127.0.0.1",
      SANDBOX_APISPORTS_DAILY_LIMIT: 7500,
      LOG_LEVEL: "info",
    });
    expect(loadEnv({ SANDBOX_PORT: "9000", SANDBOX_PUBLIC_URL: "" }).SANDBOX_PORT).toBe(9000);
  });

  it("refuses invalid values with a readable message", () => {
    expect(() => loadEnv({ SANDBOX_PORT: "eighty" })).toThrow(/SANDBOX_PORT/);
    expect(() => loadEnv({ SANDBOX_PUBLIC_URL: "not a url" })).toThrow(/SANDBOX_PUBLIC_URL/);
  });
});
