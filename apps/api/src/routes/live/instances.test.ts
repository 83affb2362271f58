// Live events across instances (docs/ARCHITECTURE.md, "Live updates"): two api instances on one
// PostgreSQL database, first without Redis (LISTEN/NOTIFY), then with a Redis of this test's own
// (pub/sub), which it also stops to see the fallback and the resync once it is back.
import { type ChildProcess, spawn } from "node:child_process";
import { createTestPostgresDatabase, testDatabaseKind } from "@backoffice/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../test/helpers.ts";
import { openStream } from "./live.testing.ts";

const skipped = !process.env.TEST_DATABASE_URL
  ? "needs PostgreSQL: set TEST_DATABASE_URL"
  : testDatabaseKind() !== "postgres"
    ? "runs in the db-postgres project"
    : "";
const REDIS_PORT = 46020;
const PORT = 46021;

let databaseUrl = "";
let drop: () => Promise<void> = async () => {};
let redis: ChildProcess | undefined;

async function startRedis() {
  redis = spawn("redis-server", ["--port", String(REDIS_PORT), "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
  const { Redis } = await import("ioredis");
  const probe = new Redis(REDIS_PORT, "127.0.0.1", { lazyConnect: true, retryStrategy: () => null });
  probe.on("error", () => {});
  await expect
    .poll(
      () =>
        probe.connect().then(
          () => true,
          () => false,
        ),
      { timeout: 5000 },
    )
    .toBe(true);
  probe.disconnect();
}

/** Two instances; A's write, B's stream: the event arrives though B served nothing of it. */
async function pair(env: Record<string, string>): Promise<[TestApp, TestApp, string, string]> {
  const a = await buildTestApp({ DATABASE_URL: databaseUrl, ...env });
  const b = await buildTestApp({ DATABASE_URL: databaseUrl, ...env });
  await b.app.listen({ port: PORT, host: "127.0.0.1" });
  const email = `writer-${Math.random().toString(36).slice(2)}@example.com`;
  await a.createUser(email, "Writer-pass-1");
  return [a, b, await a.login(email, "Writer-pass-1"), await b.login()];
}

const title = `live events across two instances${skipped ? ` (skipped: ${skipped})` : ""}`;
describe.skipIf(skipped)(title, () => {
  beforeAll(async () => {
    const database = await createTestPostgresDatabase("api");
    databaseUrl = database.url;
    drop = database.drop;
  });
  afterAll(async () => {
    redis?.kill("SIGKILL");
    await drop();
  });

  it("without Redis: PostgreSQL LISTEN/NOTIFY carries a write on A to a stream on B", async () => {
    const [a, b, writer, reader] = await pair({});
    expect(a.app.live.transport).toBe("postgres");
    const stream = await openStream(`http://127.0.0.1:${PORT}`, reader);
    const created = await a.as(writer, {
      method: "POST",
      url: "/api/v1/apkw/ads",
      payload: { page: "home", url: "https://ads.example/notify", isActive: true },
    });
    expect(await stream.next((event) => event.type === "record")).toMatchObject({
      site: "apkw",
      resource: "ads",
      id: created.json().data._id,
    });
    stream.close();
    await a.close();
    await b.close();
  });

  it("with Redis: pub/sub carries it; while Redis is down writes still succeed, and its return tells streams to resync", async () => {
    await startRedis();
    const [a, b, writer, reader] = await pair({ REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}` });
    expect(b.app.live.transport).toBe("redis");
    const stream = await openStream(`http://127.0.0.1:${PORT}`, reader);
    const write = (url: string) =>
      a.as(writer, {
        method: "POST",
        url: "/api/v1/apkw/ads",
        payload: { page: "home", url, isActive: true },
      });
    // The subscriptions are made as the instances start; the first event may race them.
    await expect
      .poll(async () => {
        await write("https://ads.example/pubsub");
        return stream
          .next((event) => event.type === "record", 300)
          .then(
            () => true,
            () => false,
          );
      })
      .toBe(true);

    redis!.kill("SIGKILL");
    const during = await write("https://ads.example/while-down");
    expect(during.statusCode).toBe(201);
    await startRedis();
    expect(await stream.next((event) => event.type === "resync", 10_000)).toEqual({ type: "resync" });
    stream.close();
    await a.close();
    await b.close();
  });
});
