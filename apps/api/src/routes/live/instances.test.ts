// Live events across instances (docs/ARCHITECTURE.md, "Live updates"): two api instances on one
// PostgreSQL database, first without Redis (LISTEN/NOTIFY), then with a Redis of this test's own
// (pub/sub), which it also stops to see the fallback and the resync once it is back.
import { type ChildProcess, spawn } from "node:child_process";
import { createTestPostgresDatabase, testDatabaseKind } from "@backoffice/db/testing";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../test/helpers.ts";
import { type OpenStream, openStream } from "./live.testing.ts";

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

/**
 * An access change made on A ends the member's streams on B before A answers: an event A sends
 * after the answer reaches an observer's stream on B, never the member's. The heartbeat is at its
 * longest (55 s), so it is not what ends them.
 */
async function accessChangesReachB(a: TestApp, b: TestApp, owner: string, observerToken: string) {
  const base = `http://127.0.0.1:${PORT}`;
  const observer = await openStream(base, observerToken);
  /** The Owner writes on `site` (on A); resolves once the observer's stream on B has the event. */
  const write = async (site: string, ms = 3000) => {
    const created = await a.as(owner, {
      method: "POST",
      url: `/api/v1/${site}/ads`,
      payload: { page: "home", url: `https://ads.example/${Math.random()}`, isActive: true },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data._id as string;
    await observer.next((event) => event.type === "record" && event.id === id, ms);
    return id;
  };
  // The subscriptions are made as the instances start; the first event may race them.
  await expect
    .poll(() =>
      write("apkw", 300).then(
        () => true,
        () => false,
      ),
    )
    .toBe(true);
  const attack = async (stream: OpenStream, site: string, change: () => Promise<LightMyRequestResponse>) => {
    const before = await write(site);
    await stream.next((event) => event.type === "record" && event.id === before);
    expect((await change()).statusCode).toBe(200);
    const mark = stream.lines.length;
    await write(site);
    const ended = await Promise.race([
      stream.ended.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1000)),
    ]);
    expect({ ended, after: stream.lines.slice(mark).filter((line) => line.startsWith("data: ")) }).toEqual({
      ended: true,
      after: [],
    });
  };

  const email = `member-${Math.random().toString(36).slice(2)}@example.com`;
  await a.createUser(email, "Member-pass-1", "admin", { level: "editor", sites: ["apkw", "sportbn"] });
  const [member] = await a.app.db.query<{ id: string }>("select id from users where email = $1", [email]);
  // Moved from apkw and sportbn to movies by the Owner on A.
  await attack(await openStream(base, await b.login(email, "Member-pass-1")), "sportbn", () =>
    a.as(owner, {
      method: "PATCH",
      url: `/api/v1/team/members/${member!.id}`,
      payload: { level: "editor", sites: ["movies"] },
    }),
  );
  // Signs out everywhere else on A: the other session's stream on B ends.
  const onA = await a.login(email, "Member-pass-1");
  await attack(await openStream(base, await b.login(email, "Member-pass-1")), "movies", () =>
    a.as(onA, { method: "POST", url: "/api/v1/auth/sessions/sign-out-others" }),
  );
  // Disabled by the Owner on A.
  await attack(await openStream(base, onA), "movies", () =>
    a.as(owner, { method: "POST", url: `/api/v1/team/members/${member!.id}/disable` }),
  );
  observer.close();
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

  it("without Redis: a member's access changed on A ends their streams on B before A answers", async () => {
    const [a, b, owner, observer] = await pair({ LIVE_HEARTBEAT_SECONDS: "55" });
    await accessChangesReachB(a, b, owner, observer);
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

  it("with Redis: a member's access changed on A ends their streams on B before A answers", async () => {
    if (!redis || redis.exitCode !== null || redis.signalCode !== null) await startRedis();
    const [a, b, owner, observer] = await pair({
      REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
      LIVE_HEARTBEAT_SECONDS: "55",
    });
    expect(b.app.live.transport).toBe("redis");
    await accessChangesReachB(a, b, owner, observer);

    // A change made while Redis is away cannot be told: B reads its streams' sessions again once
    // Redis is back, well before the heartbeat.
    await a.createUser("moved-offline@example.com", "Member-pass-1", "admin", {
      level: "editor",
      sites: ["apkw"],
    });
    const [member] = await a.app.db.query<{ id: string }>("select id from users where email = $1", [
      "moved-offline@example.com",
    ]);
    const stream = await openStream(
      `http://127.0.0.1:${PORT}`,
      await b.login("moved-offline@example.com", "Member-pass-1"),
    );
    redis!.kill("SIGKILL");
    const moved = await a.as(owner, {
      method: "PATCH",
      url: `/api/v1/team/members/${member!.id}`,
      payload: { level: "editor", sites: ["movies"] },
    });
    expect(moved.statusCode).toBe(200);
    expect(stream.lines).not.toContain('data: {"type":"resync"}');
    await startRedis();
    await stream.next((event) => event.type === "resync", 10_000);
    await stream.ended;
    await a.close();
    await b.close();
  });
});
