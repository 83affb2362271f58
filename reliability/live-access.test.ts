// A live stream never outlives its member's access. An Owner moves a member to another site, lowers
// their level, disables, signs out or removes them, or the member signs out (one session, everywhere
// else, a new password, a reset one), or the `user` command line disables or resets them: the
// member's streams end before the change's answer, on every instance, and no event sent after that
// answer reaches them, though a burst of events of the sites they had follows at once from both
// instances. On PostgreSQL two instances on one database (LISTEN/NOTIFY between them: Redis pub/sub
// is the same path, routes/live/instances.test.ts); on PGlite one. The heartbeat, which also ends
// dead sessions' streams, is at its longest (55 s): it cannot be what ends them.
import { spawn } from "node:child_process";
import { join } from "node:path";
import type { LiveEvent } from "@backoffice/contracts/live";
import { createTestPostgresDatabase, testDatabaseKind } from "@backoffice/db/testing";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenStream, openStream } from "../apps/api/src/routes/live/live.testing.ts";
import { buildTestApp, type TestApp } from "../apps/api/test/helpers.ts";
import { report } from "./support.ts";

const engine = testDatabaseKind();
const PASSWORD = "Member-pass-1";
/** Events sent right after each answer, half by each instance. */
const BURST = 20;

interface Db {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}
const dbOf = (t: TestApp) => (t.app as unknown as { db: Db }).db;

let a: TestApp;
/** Serves the members' streams: another instance than A's on PostgreSQL, A itself on PGlite. */
let b: TestApp;
let base: string;
let databaseUrl: string | undefined;
let drop = async () => {};
let owner: { a: string; b: string };
let observer: OpenStream;

beforeAll(async () => {
  const env: Record<string, string> = { LIVE_HEARTBEAT_SECONDS: "55" };
  if (engine === "postgres") {
    const database = await createTestPostgresDatabase("api");
    databaseUrl = database.url;
    drop = database.drop;
    a = await buildTestApp({ ...env, DATABASE_URL: databaseUrl });
    b = await buildTestApp({ ...env, DATABASE_URL: databaseUrl });
  } else {
    a = await buildTestApp(env);
    b = a;
  }
  await b.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(b.app.server.address() as { port: number }).port}`;
  owner = { a: await a.login(), b: await b.login() };
  await a.createUser("observer@example.com", PASSWORD);
  observer = await openStream(base, await b.login("observer@example.com", PASSWORD));
  // B's LISTEN connection is made as it starts: the first event may race it.
  for (
    let tries = 0;
    !(await ownerWrites("apkw", 1, 300).then(
      () => true,
      () => false,
    ));
    tries++
  )
    if (tries === 30) throw new Error("the observer's stream on B hears nothing");
}, 120_000);
afterAll(async () => {
  observer?.close();
  await a?.close();
  if (b !== a) await b?.close();
  await drop();
});

let writes = 0;
/**
 * `count` ads written on `site` by the Owner, alternately on A and on B, all at once; resolves once
 * the observer's stream (on B) has every one of them.
 */
async function ownerWrites(site: string, count: number, ms = 5000) {
  const ids = await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const [t, token] = index % 2 === 0 ? [a, owner.a] : [b, owner.b];
      const created = await t.as(token, {
        method: "POST",
        url: `/api/v1/${site}/ads`,
        payload: { page: "home", url: `https://ads.example/${site}/${++writes}`, isActive: true },
      });
      expect(created.statusCode).toBe(201);
      return created.json().data._id as string;
    }),
  );
  const waiting = new Set(ids);
  while (waiting.size)
    waiting.delete(
      (
        (await observer.next((event) => event.type === "record" && waiting.has(event.id!), ms)) as {
          id: string;
        }
      ).id,
    );
  return ids;
}

let members = 0;
async function member(level: "editor" | "viewer", sites: string[] | null) {
  const email = `live-member-${++members}@example.com`;
  await a.createUser(email, PASSWORD, "admin", { level, sites: sites as never });
  const [row] = await dbOf(a).query<{ id: string }>("select id from users where email = $1", [email]);
  return { id: row!.id, email };
}

/**
 * Milliseconds from each answer until this process read the end of the stream (the server ended it
 * before the answer on its instance; this process meanwhile sends the burst and serves both instances).
 */
const endings: Record<string, number> = {};

/**
 * The attack: `stream` (on B) hears `site`; `change` answers (on A, or the command line exits); a
 * burst of `site`'s events follows at once. The stream got none of them and ended within a second.
 */
async function attack(what: string, stream: OpenStream, site: string, change: () => Promise<number>) {
  expect(stream.status).toBe(200);
  const [before] = await ownerWrites(site, 1);
  await stream.next((event) => event.type === "record" && event.id === before);
  let endedAt = Number.POSITIVE_INFINITY;
  void stream.ended.then(() => (endedAt = performance.now()));
  expect(await change()).toBe(200);
  const answeredAt = performance.now();
  const mark = stream.lines.length;
  await ownerWrites(site, BURST);
  await Promise.race([stream.ended, new Promise((resolve) => setTimeout(resolve, 1000))]);
  const after = stream.lines.slice(mark).filter((line) => line.startsWith("data: "));
  endings[what] = Math.max(0, Math.round(endedAt - answeredAt));
  expect({ what, eventsAfterAnswer: after, endedWithinASecond: endedAt - answeredAt < 1000 }).toEqual({
    what,
    eventsAfterAnswer: [],
    endedWithinASecond: true,
  });
}
const status = (response: Promise<LightMyRequestResponse>) => response.then((answer) => answer.statusCode);
const team = (method: "PATCH" | "POST" | "DELETE", url: string, payload?: object) =>
  status(a.as(owner.a, { method, url: `/api/v1/team${url}`, ...(payload ? { payload } : {}) }));
const signIn = (email: string, password = PASSWORD) => b.login(email, password);

/** The `user` command line on the same database (PostgreSQL: the server need not be stopped). */
function cli(...args: string[]): Promise<number> {
  const child = spawn(process.execPath, [join(import.meta.dirname, "../apps/api/src/cli/user.ts"), ...args], {
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return new Promise((resolve) => child.on("exit", (code) => resolve(code === 0 ? 200 : 500)));
}

describe(`live streams after their member's access changed (${engine}, ${engine === "postgres" ? "two instances" : "one instance"})`, () => {
  it("an Owner's change on A ends the member's streams on B before its answer: moved, narrowed, disabled, signed out, removed", async () => {
    const moved = await member("editor", ["apkw", "sportbn"]);
    const narrowedToo = await openStream(base, await signIn(moved.email), "?site=sportbn");
    await attack("moved to another site", await openStream(base, await signIn(moved.email)), "sportbn", () =>
      team("PATCH", `/members/${moved.id}`, { level: "editor", sites: ["movies"] }),
    );
    await narrowedToo.ended;
    // A new stream has the new access: refused for the old site, only the new site's events.
    expect((await openStream(base, await signIn(moved.email), "?site=sportbn")).status).toBe(403);
    const again = await openStream(base, await signIn(moved.email));
    const mark = again.lines.length;
    await ownerWrites("sportbn", 2);
    const [movies] = await ownerWrites("movies", 1);
    await again.next((event) => event.type === "record" && event.id === movies);
    const sites = again.lines
      .slice(mark)
      .filter((line) => line.startsWith("data: "))
      .map((line) => (JSON.parse(line.slice(6)) as Extract<LiveEvent, { site: string }>).site);
    expect(sites).toEqual(["movies"]);
    again.close();

    const lowered = await member("editor", null);
    await attack(
      "every site to a Viewer of one",
      await openStream(base, await signIn(lowered.email)),
      "apkw",
      () => team("PATCH", `/members/${lowered.id}`, { level: "viewer", sites: ["movies"] }),
    );
    for (const [what, action] of [
      ["disabled", (id: string) => team("POST", `/members/${id}/disable`)],
      ["signed out by the Owner", (id: string) => team("POST", `/members/${id}/sign-out`)],
      ["removed", (id: string) => team("DELETE", `/members/${id}`)],
    ] as const) {
      const m = await member("editor", ["apkw"]);
      await attack(what, await openStream(base, await signIn(m.email)), "apkw", () => action(m.id));
    }
  });

  it("the member's own sign-outs on A end the streams of the sessions they ended on B, and only those", async () => {
    const m = await member("editor", ["apkw"]);
    const here = await a.login(m.email, PASSWORD);
    const kept = await openStream(base, here);
    const mine = await a.login(m.email, PASSWORD);
    await attack("sign out (this session)", await openStream(base, mine), "apkw", () =>
      status(a.as(mine, { method: "POST", url: "/api/v1/auth/logout" })),
    );
    await attack("sign out everywhere else", await openStream(base, await signIn(m.email)), "apkw", () =>
      status(a.as(here, { method: "POST", url: "/api/v1/auth/sessions/sign-out-others" })),
    );
    const revoked = await signIn(m.email);
    const list = await a.as(here, { method: "GET", url: "/api/v1/auth/sessions" });
    const { id } = (list.json().data as { id: string; current: boolean }[]).find((s) => !s.current)!;
    await attack("one session signed out", await openStream(base, revoked), "apkw", () =>
      status(a.as(here, { method: "DELETE", url: `/api/v1/auth/sessions/${id}` })),
    );
    await attack("a new password", await openStream(base, await signIn(m.email)), "apkw", () =>
      status(
        a.as(here, {
          method: "PUT",
          url: "/api/v1/auth/me/edit-profile",
          payload: { email: m.email, password: "Changed-pass-2", currentPassword: PASSWORD },
        }),
      ),
    );
    // The session that changed it goes on, and hears what followed.
    const [last] = await ownerWrites("apkw", 1);
    await kept.next((event) => event.type === "record" && event.id === last);
    kept.close();
  });

  it.skipIf(engine !== "postgres")(
    "the command line's disable and reset end the member's streams on the running instances",
    {
      timeout: 60_000,
    },
    async () => {
      const disabled = await member("editor", ["apkw"]);
      await attack(
        "disabled by the command line",
        await openStream(base, await signIn(disabled.email)),
        "apkw",
        () => cli("disable", "--email", disabled.email),
      );
      const reset = await member("editor", ["apkw"]);
      await attack(
        "password reset by the command line",
        await openStream(base, await signIn(reset.email)),
        "apkw",
        () => cli("reset", "--email", reset.email, "--password", "Reset-pass-123"),
      );
    },
  );

  it("reports", () => {
    report("live-access", {
      instances: engine === "postgres" ? 2 : 1,
      burst: BURST,
      msUntilTheClientReadTheEnd: endings,
    });
    expect(Object.keys(endings).length).toBeGreaterThan(0);
  });
});
