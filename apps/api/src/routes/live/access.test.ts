// A live stream follows its member's access (docs/PRODUCT-RULES.md#live-updates): an Owner's change
// of level or sites, a disable, a removal or any sign-out ends the member's streams at once, before
// the change's answer, so no event sent after that answer reaches them. The heartbeat (which also
// ends streams of dead sessions) is set to its longest here, so it cannot be what ends them.
import type { LiveEvent } from "@backoffice/contracts/live";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, buildTestApp, type TestApp } from "../../../test/helpers.ts";
import { type OpenStream, openStream } from "./live.testing.ts";

const PORT = 46030 + (process.env.TEST_DB_KIND === "postgres" ? 1 : 0);
const base = `http://127.0.0.1:${PORT}`;
const PASSWORD = "Member-pass-1";

let t: TestApp;
let owner: string;
/** Sees every site's events: each test waits for its event here, then checks the member's stream. */
let observer: OpenStream;
let members = 0;

beforeAll(async () => {
  t = await buildTestApp({ LIVE_HEARTBEAT_SECONDS: "55" });
  await t.app.listen({ port: PORT, host: "127.0.0.1" });
  owner = await t.login(ADMIN.email, ADMIN.password);
  await t.createUser("observer@example.com", PASSWORD);
  observer = await openStream(base, await t.login("observer@example.com", PASSWORD));
});
afterAll(async () => {
  observer?.close();
  await t?.close();
});

/** A new member with this access, signed in: its id, email and token. */
async function member(level: "editor" | "viewer", sites: string[] | null) {
  const email = `member-${++members}@example.com`;
  await t.createUser(email, PASSWORD, "admin", { level, sites: sites as never });
  const [row] = await t.app.db.query<{ id: string }>("select id from users where email = $1", [email]);
  return { id: row!.id, email, token: await t.login(email, PASSWORD) };
}

/** A record event of `site` made by the Owner, once the observer received it (its id). */
async function ownerWrites(site: string): Promise<string> {
  const created = await t.as(owner, {
    method: "POST",
    url: `/api/v1/${site}/ads`,
    payload: { page: "home", url: `https://ads.example/${site}/${Math.random()}`, isActive: true },
  });
  expect(created.statusCode).toBe(201);
  const id = created.json().data._id as string;
  await observer.next((event) => event.type === "record" && event.id === id);
  return id;
}

const dataLines = (stream: OpenStream, from: number) =>
  stream.lines.slice(from).filter((line) => line.startsWith("data: "));
const endedWithin = (stream: OpenStream, ms: number) =>
  Promise.race([
    stream.ended.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

/**
 * The attack: `stream` is open and hears `site`; `change` answers 200; the Owner writes on `site` at
 * once. The stream ended by the time of the answer (within a second at most) and got no event after it.
 */
async function endsAtOnce(stream: OpenStream, site: string, change: () => Promise<LightMyRequestResponse>) {
  const before = await ownerWrites(site);
  expect(await stream.next((event) => event.type === "record" && event.id === before)).toBeTruthy();
  const answer = await change();
  expect(answer.statusCode).toBe(200);
  const mark = stream.lines.length;
  await ownerWrites(site);
  expect(await endedWithin(stream, 1000)).toBe(true);
  expect(dataLines(stream, mark)).toEqual([]);
}

const team = (method: "PATCH" | "POST" | "DELETE", url: string, payload?: object) =>
  t.as(owner, { method, url: `/api/v1/team${url}`, ...(payload ? { payload } : {}) });

describe("an Owner's change of a member's access", () => {
  it("moved to another site: the stream of both old sites ends, and a new one hears only the new site", async () => {
    const m = await member("editor", ["apkw", "sportbn"]);
    const stream = await openStream(base, m.token);
    const narrowed = await openStream(base, m.token, "?site=sportbn");
    await endsAtOnce(stream, "sportbn", () =>
      team("PATCH", `/members/${m.id}`, { level: "editor", sites: ["movies"] }),
    );
    await narrowed.ended;
    expect(await endedWithin(narrowed, 0)).toBe(true);
    // REST and a new stream agree: the old site is refused, the new one is heard.
    expect((await openStream(base, m.token, "?site=sportbn")).status).toBe(403);
    const again = await openStream(base, m.token);
    const mark = again.lines.length;
    await ownerWrites("sportbn");
    const movies = await ownerWrites("movies");
    expect(await again.next((event) => event.type === "record")).toMatchObject({
      site: "movies",
      id: movies,
    });
    expect(
      dataLines(again, mark).map((line) => (JSON.parse(line.slice(6)) as LiveEvent & { site: string }).site),
    ).toEqual(["movies"]);
    again.close();
  });

  it("from every site to a Viewer of one: the stream ends, and the other sites' events stop", async () => {
    const m = await member("editor", null);
    const stream = await openStream(base, m.token);
    await endsAtOnce(stream, "apkw", () =>
      team("PATCH", `/members/${m.id}`, { level: "viewer", sites: ["movies"] }),
    );
  });

  it("the same access saved again ends nothing", async () => {
    const m = await member("editor", ["apkw"]);
    const stream = await openStream(base, m.token);
    expect((await team("PATCH", `/members/${m.id}`, { level: "editor", sites: ["apkw"] })).statusCode).toBe(
      200,
    );
    const id = await ownerWrites("apkw");
    expect(await stream.next((event) => event.type === "record" && event.id === id)).toBeTruthy();
    stream.close();
  });

  it("disabled, signed out by the Owner, or removed: the member's streams end at once", async () => {
    for (const change of [
      (id: string) => team("POST", `/members/${id}/disable`),
      (id: string) => team("POST", `/members/${id}/sign-out`),
      (id: string) => team("DELETE", `/members/${id}`),
    ]) {
      const m = await member("editor", ["apkw"]);
      const streams = [await openStream(base, m.token), await openStream(base, m.token, "?site=apkw")];
      await endsAtOnce(streams[0]!, "apkw", () => change(m.id));
      expect(await endedWithin(streams[1]!, 1000)).toBe(true);
    }
  });
});

describe("the member's own sign-outs", () => {
  it("sign out: the session's stream ends before the answer", async () => {
    const m = await member("editor", ["apkw"]);
    const stream = await openStream(base, m.token);
    await endsAtOnce(stream, "apkw", () => t.as(m.token, { method: "POST", url: "/api/v1/auth/logout" }));
  });

  it("sign out everywhere else: the other sessions' streams end, the current one's goes on", async () => {
    const m = await member("editor", ["apkw"]);
    const other = await t.login(m.email, PASSWORD);
    const kept = await openStream(base, m.token);
    const ended = await openStream(base, other);
    await endsAtOnce(ended, "apkw", () =>
      t.as(m.token, { method: "POST", url: "/api/v1/auth/sessions/sign-out-others" }),
    );
    const id = await ownerWrites("apkw");
    expect(await kept.next((event) => event.type === "record" && event.id === id)).toBeTruthy();
    kept.close();
  });

  it("one session signed out from the sessions list: its stream ends, the others go on", async () => {
    const m = await member("editor", ["apkw"]);
    const other = await t.login(m.email, PASSWORD);
    const kept = await openStream(base, m.token);
    const ended = await openStream(base, other);
    const list = await t.as(m.token, { method: "GET", url: "/api/v1/auth/sessions" });
    const { id: otherId } = (list.json().data as { id: string; current: boolean }[]).find((s) => !s.current)!;
    await endsAtOnce(ended, "apkw", () =>
      t.as(m.token, { method: "DELETE", url: `/api/v1/auth/sessions/${otherId}` }),
    );
    const id = await ownerWrites("apkw");
    expect(await kept.next((event) => event.type === "record" && event.id === id)).toBeTruthy();
    kept.close();
  });

  it("a password changed in Edit Profile ends the other sessions' streams", async () => {
    const m = await member("editor", ["apkw"]);
    const other = await t.login(m.email, PASSWORD);
    const ended = await openStream(base, other);
    await endsAtOnce(ended, "apkw", () =>
      t.as(m.token, {
        method: "PUT",
        url: "/api/v1/auth/me/edit-profile",
        payload: { email: m.email, password: "Changed-pass-2", currentPassword: PASSWORD },
      }),
    );
  });

  it("a forgotten password reset ends every stream of the member", async () => {
    const m = await member("editor", ["apkw"]);
    const stream = await openStream(base, m.token);
    const remoteAddress = "10.41.0.7";
    await t.inject({
      method: "POST",
      url: "/api/v1/auth/get-otp",
      payload: { email: m.email },
      remoteAddress,
    });
    await expect.poll(() => t.mails.some((mail) => mail.to === m.email)).toBe(true);
    const otp = t.mails.find((mail) => mail.to === m.email)!.text.match(/code is (\d{6})/)![1];
    await endsAtOnce(stream, "apkw", () =>
      t.inject({
        method: "POST",
        url: "/api/v1/auth/forgot-password",
        payload: { email: m.email, otp, password: "Reset-pass-3" },
        remoteAddress,
      }),
    );
  });
});

describe("an Owner requires a second factor", () => {
  it("ends the streams of the members it stops at once; a member with a factor keeps theirs", async () => {
    const stopped = await member("editor", ["apkw"]);
    const kept = await member("editor", ["apkw"]);
    // The Owner, the observer and `kept` have a factor; `stopped` has none.
    await t.app.db.query("update users set totp_enabled_at = now() where email = any($1)", [
      [ADMIN.email, "observer@example.com", kept.email],
    ]);
    const keptStream = await openStream(base, kept.token);
    const ended = await openStream(base, stopped.token);
    const rule = (required: boolean) =>
      t.as(owner, { method: "PUT", url: "/api/v1/auth/second-factor/policy", payload: { required } });
    await endsAtOnce(ended, "apkw", () => rule(true));
    const id = await ownerWrites("apkw");
    expect(await keptStream.next((event) => event.type === "record" && event.id === id)).toBeTruthy();
    keptStream.close();
    expect((await rule(false)).statusCode).toBe(200);
  });
});

// Last: it reads what the observer's stream got through every test above.
describe("the bus's messages", () => {
  it("an access change is no event: no stream ever receives one, and the events' type has none", () => {
    expect(observer.lines.filter((line) => line.includes('"access"'))).toEqual([]);
    // @ts-expect-error the streams' events (contracts/live.ts) have no access change
    const notAnEvent: LiveEvent = { type: "access", userId: "x" };
    expect(notAnEvent).toBeTruthy();
  });
});
