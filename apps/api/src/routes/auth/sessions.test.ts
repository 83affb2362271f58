import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildTestApp, type TestApp } from "../../../test/helpers.ts";

const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const MINUTE = 60_000;

let t: TestApp;
beforeAll(async () => {
  // A short idle limit, so it differs from the absolute 12 hours.
  t = await buildTestApp({ SESSION_IDLE_MINUTES: "30" });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

let member = 0;
/** A fresh member, so each test's sessions are its own. */
async function newMember() {
  const email = `member${++member}@sessions.example`;
  await t.createUser(email, "Member-pass-1");
  return email;
}
async function signIn(email: string, userAgent: string, remoteAddress: string) {
  const response = await t.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    payload: { email, password: "Member-pass-1" },
    headers: { "user-agent": userAgent },
    remoteAddress,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.token as string;
}
const list = (token: string) => t.as(token, { method: "GET", url: "/api/v1/auth/sessions" });
const csrfStatus = async (token: string) =>
  (await t.inject({ method: "GET", url: "/api/v1/csrf", headers: { authorization: `Bearer ${token}` } }))
    .statusCode;

describe("sign-in records the session's client", () => {
  it("keeps the user agent, the address and the member's last sign-in", async () => {
    const email = await newMember();
    const before = Date.now();
    await signIn(email, CHROME_MAC, "10.70.0.1");
    const [session] = await t.app.db.query<{ user_agent: string; address: string }>(
      "select s.user_agent, s.address from sessions s join users u on u.id = s.user_id where u.email = $1",
      [email],
    );
    expect(session).toEqual({ user_agent: CHROME_MAC, address: "10.70.0.1" });
    const [user] = await t.app.db.query<{ last_sign_in_at: Date }>(
      "select last_sign_in_at from users where email = $1",
      [email],
    );
    expect(user!.last_sign_in_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("refuses a disabled member with a clear message, and their sessions end", async () => {
    const email = await newMember();
    const token = await signIn(email, CHROME_MAC, "10.70.0.2");
    await t.app.db.query("update users set disabled_at = now() where email = $1", [email]);
    const refused = await t.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { email, password: "Member-pass-1" },
      remoteAddress: "10.70.0.2",
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      status: "fail",
      message: "Your account is disabled. Ask an Owner of your team to enable it.",
    });
    expect(await csrfStatus(token)).toBe(401);
  });
});

describe("GET /api/v1/auth/sessions", () => {
  it("lists the member's live sessions, newest first, with browser, system, address and this device", async () => {
    const email = await newMember();
    const laptop = await signIn(email, CHROME_MAC, "10.71.0.1");
    const phone = await signIn(email, FIREFOX_LINUX, "10.71.0.2");
    const ended = await signIn(email, FIREFOX_LINUX, "10.71.0.3");
    await t.as(ended, { method: "POST", url: "/api/v1/auth/logout" });
    // Another member's session is never listed.
    await signIn(await newMember(), CHROME_MAC, "10.71.0.4");

    const answer = await list(laptop);
    expect(answer.statusCode).toBe(200);
    const sessions = answer.json().data;
    expect(sessions).toEqual([
      {
        id: expect.any(String),
        name: null,
        browser: "Firefox 133",
        system: "Linux",
        address: "10.71.0.2",
        startedAt: expect.any(String),
        lastActiveAt: expect.any(String),
        lastScreen: null,
        current: false,
      },
      {
        id: expect.any(String),
        name: null,
        browser: "Chrome 131",
        system: "macOS",
        address: "10.71.0.1",
        startedAt: expect.any(String),
        lastActiveAt: expect.any(String),
        lastScreen: null,
        current: true,
      },
    ]);
    expect((await list(phone)).json().data.map((s: { current: boolean }) => s.current)).toEqual([
      true,
      false,
    ]);
  });

  it("needs a session", async () => {
    const answer = await t.inject({ method: "GET", url: "/api/v1/auth/sessions" });
    expect(answer.statusCode).toBe(401);
  });
});

describe("signing sessions out", () => {
  it("DELETE /sessions/{id} ends one of the member's own other sessions", async () => {
    const email = await newMember();
    const laptop = await signIn(email, CHROME_MAC, "10.72.0.1");
    const phone = await signIn(email, FIREFOX_LINUX, "10.72.0.2");
    const phoneId = (await list(laptop)).json().data.find((s: { current: boolean }) => !s.current).id;

    const answer = await t.as(laptop, { method: "DELETE", url: `/api/v1/auth/sessions/${phoneId}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: "success", message: "Session signed out" });
    expect(await csrfStatus(phone)).toBe(401);
    expect(await csrfStatus(laptop)).toBe(200);

    const again = await t.as(laptop, { method: "DELETE", url: `/api/v1/auth/sessions/${phoneId}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ status: "fail", message: "Session not found" });
  });

  it("refuses another member's session, this session, a malformed id and a missing CSRF token", async () => {
    const email = await newMember();
    const mine = await signIn(email, CHROME_MAC, "10.73.0.1");
    const theirs = await signIn(await newMember(), CHROME_MAC, "10.73.0.2");
    const theirId = (await list(theirs)).json().data[0].id;
    const myId = (await list(mine)).json().data[0].id;

    const other = await t.as(mine, { method: "DELETE", url: `/api/v1/auth/sessions/${theirId}` });
    expect(other.statusCode).toBe(404);
    expect(await csrfStatus(theirs)).toBe(200);

    const self = await t.as(mine, { method: "DELETE", url: `/api/v1/auth/sessions/${myId}` });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe("Use Logout to end this session");

    const malformed = await t.as(mine, { method: "DELETE", url: "/api/v1/auth/sessions/nope" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe("id must be 24 hexadecimal digits");

    const noCsrf = await t.inject({
      method: "DELETE",
      url: `/api/v1/auth/sessions/${theirId}`,
      headers: { authorization: `Bearer ${mine}` },
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it("POST /sessions/sign-out-others ends every other session of the member and keeps this one", async () => {
    const email = await newMember();
    const laptop = await signIn(email, CHROME_MAC, "10.74.0.1");
    const phone = await signIn(email, FIREFOX_LINUX, "10.74.0.2");
    const tablet = await signIn(email, FIREFOX_LINUX, "10.74.0.3");
    const someoneElse = await signIn(await newMember(), CHROME_MAC, "10.74.0.4");

    const answer = await t.as(laptop, { method: "POST", url: "/api/v1/auth/sessions/sign-out-others" });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: "success", message: "Other sessions signed out", signedOut: 2 });
    expect([await csrfStatus(laptop), await csrfStatus(phone), await csrfStatus(tablet)]).toEqual([
      200, 401, 401,
    ]);
    expect(await csrfStatus(someoneElse)).toBe(200);
    expect((await list(laptop)).json().data).toHaveLength(1);

    const extra = await t.as(laptop, {
      method: "POST",
      url: "/api/v1/auth/sessions/sign-out-others",
      payload: { all: true },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toBe("Unknown field: all");
  });

  it("a signed-out session's 401 says it was signed out, not that it expired", async () => {
    const email = await newMember();
    const laptop = await signIn(email, CHROME_MAC, "10.76.0.1");
    const phone = await signIn(email, FIREFOX_LINUX, "10.76.0.2");
    const tablet = await signIn(email, FIREFOX_LINUX, "10.76.0.3");
    const phoneId = (await list(laptop))
      .json()
      .data.find((s: { current: boolean; address: string }) => s.address === "10.76.0.2").id;
    await t.as(laptop, { method: "DELETE", url: `/api/v1/auth/sessions/${phoneId}` });
    const csrf = (token: string) =>
      t.inject({ method: "GET", url: "/api/v1/csrf", headers: { authorization: `Bearer ${token}` } });
    const one = await csrf(phone);
    expect(one.statusCode).toBe(401);
    expect(one.json().message).toBe("You were signed out. Please sign in again.");
    await t.as(laptop, { method: "POST", url: "/api/v1/auth/sessions/sign-out-others" });
    const all = await list(tablet);
    expect(all.statusCode).toBe(401);
    expect(all.json().message).toBe("You were signed out. Please sign in again.");
    // A token that never was a session is not one that was signed out.
    expect((await csrf("0".repeat(64))).json().message).toBe("Session expired. Please login again.");
  });
});

describe("idle timeout (SESSION_IDLE_MINUTES = 30 here)", () => {
  const lastActive = async (token: string) =>
    Date.parse((await list(token)).json().data.find((s: { current: boolean }) => s.current).lastActiveAt);

  it("ends a session unused for the idle time, with the session-expired message", async () => {
    const token = await signIn(await newMember(), CHROME_MAC, "10.75.0.1");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 31 * MINUTE);
    const answer = await t.inject({
      method: "GET",
      url: "/api/v1/csrf",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.json().message).toBe("Session expired. Please login again.");
  });

  it("keeps a session in use alive past the idle time, until the absolute 12 hours", async () => {
    const token = await signIn(await newMember(), CHROME_MAC, "10.75.0.2");
    const started = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    // Used every 20 minutes: alive at 11 h 40 min, gone at 12 h 0 min.
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      vi.setSystemTime(started + minutes * MINUTE);
      expect(await csrfStatus(token), `${minutes} min`).toBe(200);
    }
    vi.setSystemTime(started + 12 * 60 * MINUTE + 1000);
    expect(await csrfStatus(token)).toBe(401);
  });

  it("writes the last activity at most once a minute", async () => {
    const token = await signIn(await newMember(), CHROME_MAC, "10.75.0.3");
    const signedIn = await lastActive(token);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(signedIn + 50_000);
    expect(await lastActive(token)).toBe(signedIn);
    vi.setSystemTime(signedIn + 70_000);
    await csrfStatus(token);
    expect(await lastActive(token)).toBe(signedIn + 70_000);
    vi.setSystemTime(signedIn + 100_000);
    expect(await lastActive(token)).toBe(signedIn + 70_000);
  });
});

describe("telling two browsers apart: device names and the last screen", () => {
  const rename = (token: string, id: string, name: unknown) =>
    t.as(token, { method: "PATCH", url: `/api/v1/auth/sessions/${id}`, payload: { name } });
  const mine = async (token: string) =>
    (await list(token)).json().data as { id: string; name: string | null; current: boolean }[];

  it("PATCH /sessions/{id} names this device or another of the member's sessions; null gives the name back", async () => {
    const email = await newMember();
    const laptop = await signIn(email, CHROME_MAC, "10.76.0.1");
    const phone = await signIn(email, FIREFOX_LINUX, "10.76.0.2");
    const [other, current] = await mine(laptop);
    expect(current!.current).toBe(true);

    const named = await rename(laptop, current!.id, "  Office laptop  ");
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toMatchObject({
      status: "success",
      message: "Session renamed",
      data: { id: current!.id, name: "Office laptop", browser: "Chrome 131", current: true },
    });
    const sixty = "P".repeat(60);
    expect((await rename(laptop, other!.id, sixty)).json().data).toMatchObject({
      name: sixty,
      current: false,
    });
    // Both browsers see the names.
    expect((await mine(phone)).map((session) => session.name)).toEqual([sixty, "Office laptop"]);

    expect((await rename(laptop, current!.id, null)).json().data.name).toBeNull();
    expect((await mine(laptop)).map((session) => session.name)).toEqual([sixty, null]);
  });

  it("refuses a name out of 1-60 characters, another member's or an ended session, and no CSRF token", async () => {
    const email = await newMember();
    const token = await signIn(email, CHROME_MAC, "10.76.0.3");
    const [session] = await mine(token);
    const cases: [unknown, string][] = [
      ["", "name is required"],
      ["   ", "name is required"],
      ["P".repeat(61), "name must be at most 60 characters"],
      ["Two\nlines", "name must be on one line"],
      [7, "name must be text or null"],
    ];
    for (const [name, message] of cases) {
      const answer = await rename(token, session!.id, name);
      expect(answer.statusCode, message).toBe(400);
      expect(answer.json().message).toContain(message);
    }
    const strangers = await signIn(await newMember(), CHROME_MAC, "10.76.0.4");
    const theirs = (await mine(strangers))[0]!;
    const refused = await rename(token, theirs.id, "Mine now");
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe("Session not found");
    expect((await mine(strangers))[0]!.name).toBeNull();
    const ended = await signIn(email, FIREFOX_LINUX, "10.76.0.5");
    const endedId = (await mine(ended)).find((s) => s.current)!.id;
    await t.as(ended, { method: "POST", url: "/api/v1/auth/logout" });
    expect((await rename(token, endedId, "Gone")).statusCode).toBe(404);
    const noCsrf = await t.inject({
      method: "PATCH",
      url: `/api/v1/auth/sessions/${session!.id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { name: "No token" },
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it("keeps the screen the dashboard sends (x-screen) with the last activity, at most once a minute", async () => {
    const email = await newMember();
    const token = await signIn(email, CHROME_MAC, "10.76.0.6");
    const other = await signIn(email, FIREFOX_LINUX, "10.76.0.7");
    const from = (screen: string) =>
      t.inject({
        method: "GET",
        url: "/api/v1/csrf",
        headers: { authorization: `Bearer ${token}`, "x-screen": screen },
      });
    const shown = async () =>
      (
        (await list(other)).json().data as {
          current: boolean;
          lastScreen: string | null;
          lastActiveAt: string;
        }[]
      )
        .filter((session) => !session.current)
        .map((session) => ({ screen: session.lastScreen, at: Date.parse(session.lastActiveAt) }))[0]!;
    const signedIn = (await shown()).at;
    vi.useFakeTimers({ toFake: ["Date"] });

    // Within the sign-in's minute nothing is written, the screen neither.
    vi.setSystemTime(signedIn + 30_000);
    await from("/movies/emails");
    expect(await shown()).toEqual({ screen: null, at: signedIn });
    vi.setSystemTime(signedIn + 70_000);
    await from("/movies/emails");
    expect(await shown()).toEqual({ screen: "/movies/emails", at: signedIn + 70_000 });
    // The next minute's first call writes again; the calls between write nothing.
    vi.setSystemTime(signedIn + 100_000);
    await from("/apkw/ads");
    expect(await shown()).toEqual({ screen: "/movies/emails", at: signedIn + 70_000 });
    vi.setSystemTime(signedIn + 140_000);
    await from("/sportbn/matches");
    expect(await shown()).toEqual({ screen: "/sportbn/matches", at: signedIn + 140_000 });

    // No header, a query string, a credential's shape or too long: the activity is kept, the screen is not.
    const ignored = [
      undefined,
      "/movies/emails?q=ada",
      "/invitation/Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7cDe0f",
      `/${"a".repeat(200)}`,
      "movies/emails",
    ];
    for (const [index, screen] of ignored.entries()) {
      const at = signedIn + 140_000 + (index + 1) * 61_000;
      vi.setSystemTime(at);
      await t.inject({
        method: "GET",
        url: "/api/v1/csrf",
        headers: {
          authorization: `Bearer ${token}`,
          ...(screen === undefined ? {} : { "x-screen": screen }),
        },
      });
      expect(await shown(), String(screen)).toEqual({ screen: "/sportbn/matches", at });
    }
  });
});
