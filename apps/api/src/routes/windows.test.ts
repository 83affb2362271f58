import { WINDOWED_KINDS, type WindowedKind } from "@backoffice/contracts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signedInApp } from "../../test/helpers.ts";
import { validApp } from "./apps/app.testing.ts";
import { validMatch } from "./matches/match.testing.ts";

// Windows (docs/PRODUCT-RULES.md#windows) of every kind whose descriptor says `window`, with the clock
// set, not waited for: Date is faked (the app's clock is Date.now()), the database's own is not used.
const t = signedInApp();
const { admin } = t;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
// Close to the real time, so the admin's session stays valid; on a whole minute.
const base = Math.ceil(Date.now() / MINUTE) * MINUTE + 10 * MINUTE;
const clock = (ms: number) => vi.setSystemTime(base + ms);
const at = (ms: number) => new Date(base + ms).toISOString();
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  clock(0);
});
afterAll(() => vi.useRealTimers());

let matchId: string;
async function aMatch() {
  matchId ??= (await admin("POST", "/api/v1/sportbn/matches", validMatch())).json().data._id;
  return matchId;
}

/** Each windowed kind: how a record is created with a body, updated, and read back by the admin. */
const KINDS: Record<
  WindowedKind,
  {
    create(body: object): ReturnType<typeof admin>;
    update(id: string, body: object): ReturnType<typeof admin>;
    read(id: string): Promise<Record<string, unknown> | undefined>;
    count(): Promise<number>;
  }
> = {
  ads: {
    create: (body) =>
      admin("POST", "/api/v1/sportbn/ads", { page: "Windows", url: "https://ads.example/w", ...body }),
    update: (id, body) => admin("PUT", `/api/v1/sportbn/ads/${id}`, body),
    read: async (id) =>
      (await admin("GET", "/api/v1/sportbn/ads")).json().data.find((ad: { _id: string }) => ad._id === id),
    count: async () => (await admin("GET", "/api/v1/sportbn/ads")).json().data.length,
  },
  servers: {
    create: async (body) =>
      admin("POST", "/api/v1/sportbn/other-servers", {
        match_id: await aMatch(),
        name: "Window server",
        url: "https://streams.example/w",
        ...body,
      }),
    update: (id, body) => admin("PUT", `/api/v1/sportbn/other-servers/${id}`, body),
    read: async (id) =>
      (await admin("GET", "/api/v1/sportbn/other-servers/all"))
        .json()
        .data.find((s: { _id: string }) => s._id === id),
    count: async () => (await admin("GET", "/api/v1/sportbn/other-servers/all")).json().data.length,
  },
  locker: {
    create: (body) => admin("POST", "/api/v1/movies/locker", { seconds: 30, isActive: true, ...body }),
    update: (id, body) => admin("PUT", `/api/v1/movies/locker/${id}`, body),
    read: async () => (await admin("GET", "/api/v1/movies/locker")).json().data[0],
    count: async () => (await admin("GET", "/api/v1/movies/locker")).json().data.length,
  },
};

describe.each(WINDOWED_KINDS)("the window of %s", (kind) => {
  const facts = KINDS[kind];

  it("is stored as instants, given in any offset, and answered as startsAt and endsAt", async () => {
    const created = await facts.create({ startsAt: "2027-01-10T20:00:00+01:00", endsAt: null });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const record = created.json().data;
    expect(record).toMatchObject({ startsAt: "2027-01-10T19:00:00.000Z", endsAt: null });
    expect(await facts.read(record._id)).toMatchObject({
      startsAt: "2027-01-10T19:00:00.000Z",
      endsAt: null,
    });
    // Left out: unchanged; null: open.
    const ended = await facts.update(record._id, { endsAt: "2027-01-10T22:00:00Z" });
    expect(ended.json().data).toMatchObject({
      startsAt: "2027-01-10T19:00:00.000Z",
      endsAt: "2027-01-10T22:00:00.000Z",
    });
    const opened = await facts.update(record._id, { startsAt: null, endsAt: null });
    expect(opened.json().data).toMatchObject({ startsAt: null, endsAt: null });
  });

  it("refuses an end before its start, or a time more than 2 years ahead, naming the field, and stores nothing", async () => {
    const created = await facts.create({ startsAt: at(HOUR), endsAt: at(2 * HOUR) });
    const id = created.json().data._id;
    const stored = await facts.read(id);

    const backwards = await facts.update(id, { startsAt: at(3 * HOUR), endsAt: at(2 * HOUR) });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual([expect.objectContaining({ path: "endsAt" })]);
    // One end given, the other stored: checked on the record as it would be.
    const alone = await facts.update(id, { endsAt: at(HOUR) });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().errors).toEqual([expect.objectContaining({ path: "endsAt" })]);
    const far = await facts.update(id, { startsAt: new Date(base + 2 * 366 * DAY).toISOString() });
    expect(far.statusCode).toBe(400);
    expect(far.json().errors).toEqual([expect.objectContaining({ path: "startsAt", code: "invalid" })]);
    const noOffset = await facts.update(id, { endsAt: "2027-01-10T22:00" });
    expect(noOffset.statusCode).toBe(400);
    expect(noOffset.json().errors[0].path).toBe("endsAt");
    expect(await facts.read(id)).toEqual(stored);

    const count = await facts.count();
    const refused = await facts.create({ startsAt: at(2 * HOUR), endsAt: at(HOUR) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].path).toBe("endsAt");
    expect(await facts.count()).toBe(count);
    expect(await facts.read(id)).toEqual(stored);
  });
});

describe("public reads follow the windows with the clock", () => {
  it("lists an ad from its start to its end, to the millisecond, and its answer expires at each boundary", async () => {
    clock(0);
    const ad = (
      await admin("POST", "/api/v1/sportbn/ads", {
        page: "Boundary",
        url: "https://ads.example/boundary",
        isActive: true,
        startsAt: at(MINUTE),
        endsAt: at(2 * MINUTE),
      })
    ).json().data;
    const read = () => t.inject({ method: "GET", url: "/api/v1/public/sportbn/ads?page=Boundary" });
    const listed = async () => (await read()).json().data.map((a: { _id: string }) => a._id);

    const before = await read();
    expect(before.json().data).toEqual([]);
    expect(before.headers.expires).toBe(new Date(base + MINUTE).toUTCString());
    clock(MINUTE - 1);
    expect(await listed()).toEqual([]);
    clock(MINUTE);
    const during = await read();
    expect(during.json().data.map((a: { _id: string }) => a._id)).toEqual([ad._id]);
    expect(during.headers.etag).not.toBe(before.headers.etag);
    expect(during.headers.expires).toBe(new Date(base + 2 * MINUTE).toUTCString());
    clock(2 * MINUTE - 1);
    expect(await listed()).toEqual([ad._id]);
    clock(2 * MINUTE);
    const after = await read();
    expect(after.json().data).toEqual([]);
    expect(after.headers.expires).toBeUndefined();

    // Switched off, its window changes nothing.
    await admin("PUT", `/api/v1/sportbn/ads/${ad._id}`, { isActive: false, endsAt: at(10 * MINUTE) });
    clock(3 * MINUTE);
    expect((await read()).headers.expires).toBeUndefined();
  });

  it("drops the front door's kept answer at the boundary: a real socket sees the change at once", async () => {
    clock(0);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api/v1/public/sportbn/ads?page=Door`;
    const ad = (
      await admin("POST", "/api/v1/sportbn/ads", {
        page: "Door",
        url: "https://ads.example/door",
        isActive: true,
        startsAt: at(5 * MINUTE),
      })
    ).json().data;
    const read = async () => {
      const response = await fetch(url);
      const body = (await response.json()) as { data: { _id: string }[] };
      return { ids: body.data.map((a) => a._id), cacheControl: response.headers.get("cache-control") };
    };
    const kept = () => t.app.publicCache.stats().answeredBeforeRouting;
    // Far from the boundary: the usual caching, and repeats answered at the front door.
    expect(await read()).toEqual({ ids: [], cacheControl: "public, max-age=30, stale-while-revalidate=30" });
    const before = kept();
    expect((await read()).ids).toEqual([]);
    expect(kept()).toBe(before + 1);
    // Nearer than a browser's or CDN's copy may live: they keep it only until the boundary, no stale use.
    clock(5 * MINUTE - 12_500);
    expect(await read()).toEqual({ ids: [], cacheControl: "public, max-age=12" });
    expect((await read()).cacheControl).toBe("public, max-age=12");
    expect(kept()).toBe(before + 1);
    clock(5 * MINUTE);
    expect(await read()).toEqual({
      ids: [ad._id],
      cacheControl: "public, max-age=30, stale-while-revalidate=30",
    });
  });

  it("counts on the overview only the ads running now", async () => {
    clock(0);
    const running = async () => (await admin("GET", "/api/v1/apkw/overview")).json().data.ads.active;
    const before = await running();
    await admin("POST", "/api/v1/apkw/ads", {
      page: "Overview",
      url: "https://ads.example/overview",
      isActive: true,
      startsAt: at(MINUTE),
    });
    expect(await running()).toBe(before);
    clock(MINUTE);
    expect(await running()).toBe(before + 1);
  });

  it("switches the locker on and off at its window's boundaries", async () => {
    clock(0);
    await admin("POST", "/api/v1/sportbn/locker", {
      seconds: 45,
      isActive: true,
      startsAt: at(HOUR),
      endsAt: at(2 * HOUR),
    });
    const active = async () =>
      (await t.inject({ method: "GET", url: "/api/v1/public/sportbn/locker" })).json().data.isActive;
    expect(await active()).toBe(false);
    clock(HOUR);
    expect(await active()).toBe(true);
    clock(2 * HOUR);
    expect(await active()).toBe(false);
    // The older client's save, without a window, keeps it.
    clock(0);
    const saved = await admin("POST", "/api/v1/sportbn/locker", {
      type: "js",
      seconds: "45",
      isActive: "true",
    });
    expect(saved.json().data).toMatchObject({ startsAt: at(HOUR), endsAt: at(2 * HOUR) });
    await admin("POST", "/api/v1/sportbn/locker", {
      seconds: 30,
      isActive: true,
      startsAt: null,
      endsAt: null,
    });
  });

  it("shows a stream server in the public matches only within its window", async () => {
    clock(0);
    const match = await aMatch();
    const server = (
      await admin("POST", "/api/v1/sportbn/other-servers", {
        match_id: match,
        name: "Late server",
        url: "https://streams.example/late",
        startsAt: at(30 * SECOND),
      })
    ).json().data;
    const shown = async () => {
      const read = await t.inject({ method: "GET", url: "/api/v1/public/sportbn/matches" });
      const found = read.json().data.find((m: { _id: string }) => m._id === match);
      return found.servers.some((s: { _id: string }) => s._id === server._id);
    };
    expect(await shown()).toBe(false);
    clock(30 * SECOND);
    expect(await shown()).toBe(true);
    await admin("PUT", `/api/v1/sportbn/other-servers/${server._id}`, { endsAt: at(40 * SECOND) });
    expect(await shown()).toBe(true);
    clock(40 * SECOND);
    expect(await shown()).toBe(false);
  });
});

describe("the windows of an app's Trending and Slider flags", () => {
  it("turn each flag on and off in the public read at its boundaries; the admin's answer keeps the flags as set", async () => {
    clock(0);
    const created = await admin(
      "POST",
      "/api/v1/apkw/apps",
      validApp({
        title: "Windowed app",
        trending: "true",
        trendingStartsAt: at(MINUTE),
        slider: "true",
        sliderEndsAt: at(2 * MINUTE),
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const app = created.json().data;
    expect(app).toMatchObject({
      trending: true,
      trendingStartsAt: at(MINUTE),
      trendingEndsAt: null,
      slider: true,
      sliderStartsAt: null,
      sliderEndsAt: at(2 * MINUTE),
    });
    const overview = async () => {
      const { games } = (await admin("GET", "/api/v1/apkw/overview")).json().data.apps;
      return { trending: games.trending, slider: games.slider };
    };
    const read = () => t.inject({ method: "GET", url: "/api/v1/public/apkw/apps" });
    const flags = async () => {
      const answer = await read();
      const found = answer.json().data.find((a: { _id: string }) => a._id === app._id);
      return { trending: found.trending, slider: found.slider, expires: answer.headers.expires };
    };
    expect(await flags()).toEqual({
      trending: false,
      slider: true,
      expires: new Date(base + MINUTE).toUTCString(),
    });
    const counted = await overview();
    clock(MINUTE);
    // The overview counts the flags as the public site shows them.
    expect(await overview()).toEqual({ trending: counted.trending + 1, slider: counted.slider });
    expect(await flags()).toEqual({
      trending: true,
      slider: true,
      expires: new Date(base + 2 * MINUTE).toUTCString(),
    });
    clock(2 * MINUTE);
    expect(await flags()).toEqual({ trending: true, slider: false, expires: undefined });

    // An end alone before its stored start is refused naming the flag's end; nothing stored.
    const refused = await admin("PUT", `/api/v1/apkw/apps/${app._id}`, { trendingEndsAt: at(0) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([expect.objectContaining({ path: "trendingEndsAt" })]);
    const far = await admin("PUT", `/api/v1/apkw/apps/${app._id}`, {
      sliderStartsAt: new Date(base + 2 * 366 * DAY).toISOString(),
    });
    expect(far.statusCode).toBe(400);
    expect(far.json().errors[0].path).toBe("sliderStartsAt");
  });
});
