import { ConfigError } from "@backoffice/server";
import { describe, expect, it } from "vitest";
import { resolveSecret } from "./bootstrap.ts";
import { loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("has the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      CONTENT_PORT: 8081,
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      SEED_DEMO: true,
      SANDBOX_URL: "http://127.0.0.1:8082",
      PUBLIC_ORIGINS: [],
    });
    expect(config.DATA_DIR).toMatch(/data$/);
    expect(config.CONTENT_DATABASE_URL).toBeUndefined();
  });

  it("names the variable of a bad value in one line", () => {
    const cases: [Record<string, string>, string][] = [
      [{ CONTENT_PORT: "eighty" }, "CONTENT_PORT"],
      [{ CONTENT_PORT: "70000" }, "CONTENT_PORT"],
      [{ CONTENT_HMAC_SECRET: "short" }, "CONTENT_HMAC_SECRET must be at least 32 bytes"],
      [{ CONTENT_HMAC_SECRET: "s".repeat(31) }, "CONTENT_HMAC_SECRET must be at least 32 bytes"],
      [{ CONTENT_DATABASE_URL: "not a url" }, "CONTENT_DATABASE_URL"],
      [{ TMDB_BASE_URL: "nope" }, "TMDB_BASE_URL"],
      [{ SEED_DEMO: "maybe" }, "SEED_DEMO"],
      [{ PUBLIC_ORIGINS: "https://a.example, nope" }, "PUBLIC_ORIGINS"],
    ];
    for (const [env, text] of cases) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      try {
        loadConfig(env);
      } catch (error) {
        expect((error as Error).message).toContain(text);
        expect((error as Error).message).not.toContain("\n");
        // A secret's value, even a wrong one, is never printed.
        if (env.CONTENT_HMAC_SECRET) expect((error as Error).message).not.toContain(env.CONTENT_HMAC_SECRET);
      }
    }
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ CONTENT_PORT: "", SEED_DEMO: "" })).toMatchObject({
      CONTENT_PORT: 8081,
      SEED_DEMO: true,
    });
    expect(loadConfig({ SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
  });
});

describe("resolveSecret", () => {
  it("prefers CONTENT_HMAC_SECRET", () => {
    expect(resolveSecret(loadConfig({ CONTENT_HMAC_SECRET: "s".repeat(32), DATA_DIR: "/nonexistent" }))).toBe(
      "s".repeat(32),
    );
  });

  it("requires it with PostgreSQL, where the main API cannot share a file", () => {
    expect(() =>
      resolveSecret(loadConfig({ CONTENT_DATABASE_URL: "postgres://db.example/content" })),
    ).toThrow(/^Invalid configuration: CONTENT_HMAC_SECRET is required when CONTENT_DATABASE_URL is set/);
  });
});
