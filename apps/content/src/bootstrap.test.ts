import { movieItem } from "@backoffice/contracts";
import type { Database } from "@backoffice/db";
import { createTestDatabase } from "@backoffice/db/testing";
import Fastify from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bootstrap } from "./bootstrap.ts";
import { loadConfig } from "./config.ts";
import { titlesRepository, toMovieItem } from "./repositories/titles.ts";
import { DEMO_TITLES } from "./seed/demo-titles.ts";

const log = Fastify({ logger: false }).log;
let db: Database;

beforeAll(async () => {
  db = await createTestDatabase("content");
});
afterAll(async () => {
  await db.close();
});
// Each test starts from a database that has never been started.
beforeEach(async () => {
  await db.query("delete from titles");
  await db.query("delete from service_state");
});

describe("bootstrap", () => {
  it("adds the demo titles on the first start only", async () => {
    const config = loadConfig({ LOG_LEVEL: "silent" });
    await bootstrap(db, config, log);
    const titles = titlesRepository(db);
    const rows = await titles.list({});
    expect(rows).toHaveLength(DEMO_TITLES.length);
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(rows.map((row) => row.title)).toEqual(DEMO_TITLES.map((demo) => demo.title));
    for (const row of rows) {
      const item = toMovieItem(row);
      expect(() => movieItem.strict().parse(item)).not.toThrow();
      expect(item.poster_path).toMatch(/^\/[A-Za-z0-9]+\.jpg$/);
    }
    const types = new Set(rows.map((row) => row.type));
    expect(types).toEqual(new Set(["movie", "tv"]));
    expect(rows.some((row) => row.featured)).toBe(true);
    expect(rows.some((row) => row.locker_selected)).toBe(true);
    expect(rows.some((row) => row.status === null)).toBe(true);

    await bootstrap(db, config, log);
    expect(await titles.count()).toBe(DEMO_TITLES.length);
    // An admin who deleted everything does not get the demo back on the next start.
    await db.query("delete from titles");
    await bootstrap(db, config, log);
    expect(await titles.count()).toBe(0);
  });

  it("adds nothing with SEED_DEMO=false", async () => {
    await bootstrap(db, loadConfig({ LOG_LEVEL: "silent", SEED_DEMO: "false" }), log);
    expect(await titlesRepository(db).count()).toBe(0);
    // Turning it on later does not add them: only a first start does.
    await bootstrap(db, loadConfig({ LOG_LEVEL: "silent" }), log);
    expect(await titlesRepository(db).count()).toBe(0);
  });
});
