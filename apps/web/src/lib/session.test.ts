import { beforeEach, describe, expect, it } from "vitest";
import {
  clearSession,
  getSession,
  isSessionStale,
  saveSession,
  storeSite,
  subscribeSession,
} from "./session";
import { installTestWindow } from "./test-window";

let data: Map<string, string>;
beforeEach(() => {
  data = installTestWindow();
});

describe("session storage", () => {
  it("stores token, user and date with and without the :movies suffix", () => {
    saveSession("tok", { email: "a@example.com", role: "admin" });
    const today = new Date().toISOString().slice(0, 10);
    expect(Object.fromEntries(data)).toEqual({
      token: "tok",
      "token:movies": "tok",
      user: '{"email":"a@example.com","role":"admin"}',
      "user:movies": '{"email":"a@example.com","role":"admin"}',
      date: today,
      "date:movies": today,
    });
    expect(getSession()).toEqual({ token: "tok", user: { email: "a@example.com", role: "admin" } });
  });

  it("clearing empties all local storage and notifies", () => {
    let calls = 0;
    const stop = subscribeSession(() => calls++);
    saveSession("tok", { email: "a@example.com", role: "admin" });
    storeSite("movies");
    data.set("other", "x");
    clearSession();
    stop();
    expect(data.size).toBe(0);
    expect(getSession()).toBeNull();
    expect(calls).toBe(3);
  });

  it("the daily check: another day's marker is stale, today's is not", () => {
    saveSession("tok", { email: "a@example.com", role: "admin" });
    expect(isSessionStale()).toBe(false);
    expect(isSessionStale(new Date(Date.now() + 86_400_000))).toBe(true);
    data.set("date:movies", "2000-01-01");
    expect(isSessionStale()).toBe(true);
  });

  it("no session, nothing to check", () => {
    expect(isSessionStale()).toBe(false);
  });
});
