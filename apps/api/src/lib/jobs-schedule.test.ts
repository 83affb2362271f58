// The Jobs screen's schedule is the one pg-boss holds (docs/DEPLOYMENT.md, "Settings every instance
// shares"): during a rolling deploy that changes FEED_SYNC_MINUTES the instances' settings differ,
// and whichever started last wrote its schedule; the runs follow that one on every instance.
import { type Database, wrapPool } from "@backoffice/db";
import { createTestDatabase, createTestPostgresDatabase, testDatabaseKind } from "@backoffice/db/testing";
import pg from "pg";
import { TestClock } from "pg-boss";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createJobs, type JobDefinition } from "./jobs.ts";

const log = pino({ level: "silent" });
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function database(): Promise<{ db: Database; url: string | undefined }> {
  if (testDatabaseKind() === "postgres") {
    const { url, drop } = await createTestPostgresDatabase("api");
    const db = wrapPool(new pg.Pool({ connectionString: url, max: 3 }));
    cleanups.push(drop, () => db.close());
    return { db, url };
  }
  const db = await createTestDatabase("api");
  cleanups.push(() => db.close());
  return { db, url: undefined };
}

const feedSync = (schedule: string): JobDefinition => ({
  name: "feed-sync",
  title: "Sync the sports feed",
  site: "sportbn",
  schedule,
  run: async () => "Synced.",
});

describe(`the Jobs screen's schedule (${testDatabaseKind()})`, () => {
  it("is the one pg-boss holds; this instance's own setting shows beside it when they differ", async () => {
    const { db, url } = await database();
    const clock = new TestClock(new Date("2026-03-01T10:00:10Z"));
    const jobs = createJobs({ db, url, log, clock });
    jobs.define(feedSync("*/15 * * * *"));
    await jobs.start();
    cleanups.push(() => jobs.stop());
    const [same] = await jobs.list();
    expect(same).toMatchObject({ schedule: "*/15 * * * *", nextRunAt: "2026-03-01T10:15:00.000Z" });
    expect(same!.scheduleHere).toBeUndefined();

    // Another instance, started since with FEED_SYNC_MINUTES=30, wrote its schedule to pg-boss.
    await db.query("update pgboss.schedule set cron = '*/30 * * * *' where name = 'feed-sync'");
    const [differs] = await jobs.list();
    expect(differs).toMatchObject({
      schedule: "*/30 * * * *",
      scheduleHere: "*/15 * * * *",
      nextRunAt: "2026-03-01T10:30:00.000Z",
    });

    // Paused, pg-boss holds none: this instance's setting is what Resume would write.
    await jobs.pause("feed-sync");
    const [paused] = await jobs.list();
    expect(paused).toMatchObject({ schedule: "*/15 * * * *", paused: true, nextRunAt: null });
  });
});
