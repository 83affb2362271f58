// Two API instances as production runs them (docs/DEPLOYMENT.md): one PostgreSQL database, one Redis,
// each instance wired by `openServices` from DATABASE_URL and REDIS_URL. What one instance learns
// (a write, a failed attempt, a request) must hold on the other, so alternating gains an attacker
// nothing. Each test fails if that sharing is removed (memory counters, no pub/sub, no Redis store).
import { randomBytes } from "node:crypto";
import { createTestPostgresDatabase, testDatabaseKind } from "@backoffice/db/testing";
import { TestClock } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ADMIN, buildTestApp, scrapeMetrics, type TestApp } from "../test/helpers.ts";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const skipped = !process.env.TEST_DATABASE_URL
  ? "needs PostgreSQL: set TEST_DATABASE_URL"
  : testDatabaseKind() !== "postgres"
    ? "runs in the db-postgres project"
    : "";

// Redis outlives a run: fresh addresses and accounts keep one run's counters out of the next.
const run = randomBytes(3).toString("hex");
const byte = () => randomBytes(1)[0]!;
let addresses = 0;
const freshAddress = () => `10.${byte()}.${byte()}.${++addresses}`;

let a: TestApp;
let b: TestApp;
let drop: () => Promise<void>;
const instances = () => [a, b];
/** The instance that answers the `i`-th request when a balancer alternates: A, B, A, B… */
const alternate = (i: number) => instances()[i % 2]!;

const title = `two api instances on one PostgreSQL database and one Redis${skipped ? ` (skipped: ${skipped})` : ""}`;
describe.skipIf(skipped)(title, () => {
  beforeAll(async () => {
    const database = await createTestPostgresDatabase("api");
    drop = database.drop;
    const env = { DATABASE_URL: database.url, REDIS_URL };
    // One after the other: the first creates the admin, the second finds it.
    a = await buildTestApp(env);
    b = await buildTestApp(env);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it("an ad changed through A is served by B's public read within a second, though B had it cached", async () => {
    const token = await a.login();
    const url = `https://ads.example/${run}`;
    const created = await a.as(token, {
      method: "POST",
      url: "/api/v1/sportbn/ads",
      payload: { page: "home", url, isActive: true },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data._id as string;

    const readOnB = async () => {
      const response = await b.inject({ method: "GET", url: "/api/v1/public/sportbn/ads" });
      expect(response.statusCode).toBe(200);
      return (response.json().data as { _id: string; url: string }[]).find((ad) => ad._id === id)?.url;
    };
    expect(await readOnB()).toBe(url);
    // B answers from its own copy once the creation's invalidation has reached it too (it travels
    // on its own): from then on, without the next invalidation it would keep serving that copy.
    let cachedOnB = false;
    for (let tries = 0; !cachedOnB && tries < 100; tries++) {
      const before = await scrapeMetrics(b);
      expect(await readOnB()).toBe(url);
      const after = await scrapeMetrics(b);
      cachedOnB = after("public_cache_hits_total") - before("public_cache_hits_total") === 1;
    }
    expect(cachedOnB).toBe(true);

    const changed = `${url}/changed`;
    const update = await a.as(token, {
      method: "PUT",
      url: `/api/v1/sportbn/ads/${id}`,
      payload: { url: changed },
    });
    expect(update.statusCode).toBe(200);
    const started = performance.now();
    let served = await readOnB();
    while (served !== changed && performance.now() - started < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      served = await readOnB();
    }
    expect(served).toBe(changed);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("failed sign-ins alternating A and B lock the account and address after 5, as on one instance", async () => {
    const email = `target-${run}@example.com`;
    await a.createUser(email, "Target-pass-1");
    const attacker = freshAddress();
    const login = (i: number, password: string, address = attacker, account = email) =>
      alternate(i).inject({
        method: "POST",
        url: "/api/v1/auth/login",
        payload: { email: account, password },
        remoteAddress: address,
      });
    for (let i = 0; i < 5; i++) expect((await login(i, `wrong-${i}`)).statusCode).toBe(401);
    // The 6th try lands on B, which saw only two of the five failures itself.
    const blocked = await login(5, "Target-pass-1");
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect((await login(6, "Target-pass-1")).statusCode).toBe(429);

    // One address guessing across accounts, alternating instances: refused after 5 in total.
    const guesser = freshAddress();
    for (let i = 0; i < 5; i++)
      expect((await login(i, "nope-nope", guesser, `guess${i}-${run}@example.com`)).statusCode).toBe(401);
    expect((await login(5, ADMIN.password, guesser, ADMIN.email)).statusCode).toBe(429);
    // Elsewhere the admin still signs in, on either instance.
    expect((await login(6, ADMIN.password, freshAddress(), ADMIN.email)).statusCode).toBe(200);
  });

  it("wrong reset codes alternating A and B close the code after 5 in total, and the account's reset mails of the hour are counted across instances", async () => {
    const email = `fumble-${run}@example.com`;
    await a.createUser(email, "Fumble-pass-1");
    // A code is checked from the address that asked for it (its pair).
    const device = freshAddress();
    // The code is mailed once the answer has gone, by the instance that answered.
    const mails = () => [...a.mails, ...b.mails].filter((mail) => mail.to === email);
    const requestCode = async (i: number) => {
      const seen = mails().length;
      const requested = await alternate(i).inject({
        method: "POST",
        url: "/api/v1/auth/get-otp",
        payload: { email },
        remoteAddress: device,
      });
      expect(requested.statusCode).toBe(200);
      const deadline = Date.now() + 5000;
      while (mails().length <= seen && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10));
      return /code is (\d{6})/.exec(mails()[seen]?.text ?? "")?.[1];
    };
    const code = await requestCode(0);
    expect(code).toBeDefined();
    const wrong = code === "123456" ? "654321" : "123456";

    const check = (i: number, otp: string) =>
      alternate(i).inject({
        method: "POST",
        url: "/api/v1/auth/verify-otp",
        payload: { email, otp },
        remoteAddress: device,
      });
    for (let i = 0; i < 5; i++) expect((await check(i, wrong)).statusCode).toBe(400);
    // The right code, on B (which saw two wrong tries), is refused: the code closed at 5.
    const closed = await check(5, code!);
    expect(closed.statusCode).toBe(400);
    expect(closed.json().message).toMatch(/invalid|expired/i);
    // No account-wide check limit (decision 017): the next code works at once.
    const second = await requestCode(1);
    expect((await check(6, second!)).statusCode).toBe(200);
    // The account's reset mails to unknown devices are counted across instances: 5 an hour, then
    // the same answer and no mail.
    for (let i = 2; i < 5; i++) {
      const seen = mails().length;
      const answer = await alternate(i).inject({
        method: "POST",
        url: "/api/v1/auth/get-otp",
        payload: { email },
        remoteAddress: freshAddress(),
      });
      expect(answer.statusCode).toBe(200);
      await expect.poll(() => mails().length).toBe(seen + 1);
    }
    const past = await alternate(5).inject({
      method: "POST",
      url: "/api/v1/auth/get-otp",
      payload: { email },
      remoteAddress: freshAddress(),
    });
    expect(past.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mails()).toHaveLength(5);
  });

  it("code requests per account and address pair are counted across instances: the 4th is refused", async () => {
    const email = `forgetful-${run}@example.com`;
    const device = freshAddress();
    const request = (i: number, remoteAddress = device) =>
      alternate(i).inject({
        method: "POST",
        url: "/api/v1/auth/get-otp",
        payload: { email },
        remoteAddress,
      });
    for (let i = 0; i < 3; i++) expect((await request(i)).statusCode).toBe(200);
    expect((await request(3)).statusCode).toBe(429);
    expect((await request(4, freshAddress())).statusCode).toBe(200);
  });

  it("the public intake's rate limit is one limit across instances", async () => {
    const visitor = freshAddress();
    const subscribe = (i: number) =>
      alternate(i).inject({
        method: "POST",
        url: "/api/v1/public/sportbn/emails",
        payload: { email: `fan${i}-${run}@example.com` },
        remoteAddress: visitor,
      });
    // 10 a minute per address: five on each instance, then the 11th is refused wherever it lands.
    for (let i = 0; i < 10; i++) expect((await subscribe(i)).statusCode).toBe(201);
    const refused = await subscribe(10);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().status).toBe("fail");
    expect((await subscribe(11)).statusCode).toBe(429);
  });

  it("a job run through A runs once, on whichever instance takes it, and shows on B's Jobs list", async () => {
    const token = await a.login();
    const queued = await a.as(token, { method: "POST", url: "/api/v1/jobs/expired-sign-ins/run" });
    expect(queued.statusCode).toBe(200);
    const onB = async () => {
      const list = await b.as(token, { method: "GET", url: "/api/v1/jobs" });
      return (list.json().data as { name: string; lastRun: { result: string } | null }[]).find(
        (job) => job.name === "expired-sign-ins",
      )?.lastRun?.result;
    };
    await vi.waitFor(async () => expect(await onB()).toBe("succeeded"), { timeout: 10_000, interval: 100 });
    // Both instances poll the same queue; a second look a poll later finds still one run.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const runs = await a.app.db.query("select 1 from job_runs where name = 'expired-sign-ins'");
    expect(runs).toHaveLength(1);
  });

  // The schedule's guarantee (docs/decisions/009-job-runner.md): each instance runs pg-boss's cron pass
  // and a worker on every queue, yet a slot's run is sent once and taken once. Two instances of their
  // own on a database of its own, sharing pg-boss's TestClock, so the hour passes without waiting.
  it("a scheduled job due once runs once across two instances, and both Jobs lists show that run", async () => {
    const database = await createTestPostgresDatabase("api");
    const clock = new TestClock(new Date("2026-03-01T10:59:50Z"));
    const env = { DATABASE_URL: database.url, REDIS_URL };
    const first = await buildTestApp(env, { jobsClock: clock });
    const second = await buildTestApp(env, { jobsClock: clock });
    try {
      // The Jobs list starts each instance's runner (the test apps start it at its first use).
      const token = await first.login();
      const jobsOn = async (instance: TestApp) => {
        const list = await instance.as(token, { method: "GET", url: "/api/v1/jobs" });
        expect(list.statusCode).toBe(200);
        return (list.json().data as { name: string }[]).find((job) => job.name === "trash-purge");
      };
      await Promise.all([jobsOn(first), jobsOn(second)]);
      // trash-purge is due at 11:00 ("0 * * * *"): once between 10:59:50 and the test's end (11:07 at most).
      const purges = () =>
        first.app.db.query<{ trigger: string; result: string }>(
          "select trigger, result from job_runs where name = 'trash-purge' order by id",
        );
      const tick = async () => {
        await clock.tick(5000);
        // A handler runs outside the clock's settling: give it a moment of real time.
        await new Promise((resolve) => setTimeout(resolve, 5));
      };
      for (let step = 0; step < 60 && (await purges()).at(-1)?.result !== "succeeded"; step++) await tick();
      // Both instances' cron passes and workers look again for two more minutes: still the one run.
      for (let step = 0; step < 24; step++) await tick();
      expect(await purges()).toEqual([{ trigger: "schedule", result: "succeeded" }]);
      for (const instance of [first, second]) {
        expect(await jobsOn(instance)).toMatchObject({
          lastRun: { trigger: "schedule", result: "succeeded", attempt: 1 },
          nextRunAt: "2026-03-01T12:00:00.000Z",
        });
      }
    } finally {
      await first.close();
      await second.close();
      await database.drop();
    }
  });
  it("200 changes scheduled through both instances are each applied exactly once, at their time", async () => {
    const COUNT = 200;
    const token = await a.login();
    const ids = (
      await a.app.db.query<{ id: string }>(
        `insert into ads (id, site, page, url, is_active)
         select lpad(to_hex(extract(epoch from now())::bigint), 8, '0') || lpad(to_hex(n), 16, '0'), 'sportbn', 'two', $1, false
         from generate_series(1, $2) n returning id`,
        [`https://ads.example/${run}-scheduled`, COUNT],
      )
    ).map((row) => row.id);
    const changes: string[] = [];
    const later = new Date(Date.now() + 3_600_000).toISOString();
    for (const [index, id] of ids.entries()) {
      const scheduled = await alternate(index).as(token, {
        method: "PUT",
        url: `/api/v1/sportbn/ads/${id}?applyAt=${later}`,
        payload: { isActive: true },
      });
      expect(scheduled.statusCode, scheduled.body).toBe(202);
      changes.push(scheduled.json().data._id);
    }
    // All due at one moment, which each instance learns from a reschedule it answers: both appliers
    // then race for the same changes (each claim is a row's move to `applying`).
    const applyAt = new Date(Date.now() + 2000).toISOString();
    await a.app.db.query("update scheduled_changes set apply_at = $1 where id = any($2)", [applyAt, changes]);
    for (const [index, instance] of instances().entries()) {
      const moved = await instance.as(token, {
        method: "PATCH",
        url: `/api/v1/sportbn/schedule/${changes[index]}`,
        payload: { applyAt },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const waiting = async () =>
      (
        await a.app.db.query<{ count: number }>(
          "select count(*)::int as count from scheduled_changes where id = any($1) and status <> 'applied'",
          [changes],
        )
      )[0]!.count;
    for (let pause = 200; (await waiting()) > 0; pause = Math.min(pause * 1.5, 5000)) {
      if (Date.now() > Date.parse(applyAt) + 120_000)
        throw new Error(`${await waiting()} changes still not applied`);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
    const perChange = await a.app.db.query<{ batch: string; count: number }>(
      "select batch::text as batch, count(*)::int as count from audit_log where batch = any($1) group by batch",
      [changes],
    );
    expect(perChange).toHaveLength(COUNT);
    expect(perChange.every((row) => row.count === 1)).toBe(true);
    const active = await a.app.db.query("select 1 from ads where id = any($1) and is_active", [ids]);
    expect(active).toHaveLength(COUNT);
  });
});
