import { dayAndTime } from "@backoffice/contracts";
import { newId } from "@backoffice/db";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInApp } from "../../../test/helpers.ts";

/** `GET /{site}/overview` (docs/PRODUCT-RULES.md#overview). */

// A stand-in content service: its public list, or down when `contentUp` is false.
let contentUp = true;
let content: FastifyInstance;
beforeAll(async () => {
  content = Fastify();
  const title = (type: string, featured: boolean, lockerSelected: boolean, n: number) => ({
    _id: `${n}`.padStart(24, "a"),
    title: `Title ${n}`,
    overview: "",
    type,
    status: null,
    featured,
    featuredStartsAt: null,
    featuredEndsAt: null,
    lockerSelected,
    poster_path: null,
    vote_average: null,
    releaseDate: null,
    genres: [],
    tmdbId: n,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  });
  content.get("/api/movies", async (_request, reply) => {
    if (!contentUp) return reply.code(503).send({ message: "down" });
    return [title("movie", true, false, 1), title("movie", false, true, 2), title("tv", true, true, 3)];
  });
  await content.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => content.close());

const t = signedInApp(() => ({
  CONTENT_URL: `http://127.0.0.1:${(content.server.address() as { port: number }).port}`,
}));

const DAY = 86_400_000;
const dayOf = (ago: number) => new Date(Date.now() - ago * DAY).toISOString().slice(0, 10);
let seq = 0;
const id = () =>
  (Math.floor(Date.now() / 1000).toString(16) + (seq++).toString(16).padStart(16, "0")).slice(0, 24);

async function subscribe(site: string, daysAgo: number, count = 1) {
  for (let i = 0; i < count; i++)
    await t.app.db.query(
      "insert into email_subscriptions (id, site, email, created_at) values ($1, $2, $3, now() - make_interval(days => $4))",
      [id(), site, `s${seq}-${daysAgo}@example.com`, daysAgo],
    );
}

/** A sportbn match whose status was set `setHoursAgo` hours ago (the lifecycle reads from then on). */
const insertMatch = (
  status: string,
  type: string,
  day: string,
  time: string,
  end: string,
  setHoursAgo: number,
  n = seq,
) =>
  t.app.db.query(
    `insert into matches (id, site, status, type, league_name, league_logo, home_name, home_logo, away_name,
       away_logo, day, time, end_time, type_match, match_url, status_set_at)
     values ($1, 'sportbn', $2, $3, 'L', '', $4, '', 'Away', '', $5, $6, $7, 'video', 'https://m.example',
       now() - make_interval(hours => $8))`,
    [id(), status, type, `Home ${n}`, day, time, end, setHoursAgo],
  );

describe("GET /api/v1/{site}/overview", () => {
  it("needs an admin session and a days of 30 or 90", async () => {
    expect((await t.inject({ method: "GET", url: "/api/v1/apkw/overview" })).statusCode).toBe(401);
    const bad = await t.admin("GET", "/api/v1/apkw/overview?days=7");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("days");
  });

  it("apkw: subscriptions per day from the kept counts, the previous period, apps and ads", async () => {
    await subscribe("apkw", 0, 3);
    await subscribe("apkw", 10, 2);
    await subscribe("apkw", 45, 4); // the previous 30 days
    await subscribe("apkw", 100, 5); // inside neither 30-day period; the 90 days' previous
    await subscribe("sportbn", 0, 7); // another site
    await t.admin("POST", "/api/v1/apkw/ads", {
      page: "home",
      url: "https://ads.example/a.js",
      isActive: "true",
    });

    const answer = await t.admin("GET", "/api/v1/apkw/overview");
    expect(answer.statusCode).toBe(200);
    const data = answer.json().data;
    expect(data.days).toBe(30);
    expect(data.subscriptions.days).toHaveLength(30);
    expect(data.subscriptions.days.at(-1)).toEqual({ day: dayOf(0), count: 3 });
    expect(data.subscriptions.days.find((d: { day: string }) => d.day === dayOf(10)).count).toBe(2);
    expect(data.subscriptions).toMatchObject({ total: 5, previous: 4 });
    expect(data.apps).toEqual({
      apps: { total: 0, trending: 0, slider: 0 },
      games: { total: 0, trending: 0, slider: 0 },
    });
    expect(data.ads.active).toBe(1);
    expect(data.matches).toBeUndefined();
    expect(data.contacts).toBeUndefined();
    // The ad's creation is the newest History entry, with who made it.
    expect(data.history[0]).toMatchObject({ resource: "ads", action: "create", admin: "admin@example.com" });
    expect(data.history.length).toBeLessThanOrEqual(10);

    const ninety = (await t.admin("GET", "/api/v1/apkw/overview?days=90")).json().data;
    expect(ninety.subscriptions.days).toHaveLength(90);
    expect(ninety.subscriptions).toMatchObject({ total: 9, previous: 5 });
  });

  it("keeps the per-day counts right when subscriptions are deleted", async () => {
    const before = (await t.admin("GET", "/api/v1/apkw/overview")).json().data.subscriptions.total;
    const [row] = await t.app.db.query<{ id: string }>(
      "select id from email_subscriptions where site = 'apkw' order by created_at desc limit 1",
    );
    const gone = await t.admin("DELETE", "/api/v1/apkw/emails", { ids: [row!.id] });
    expect(gone.statusCode).toBe(200);
    const after = (await t.admin("GET", "/api/v1/apkw/overview")).json().data.subscriptions.total;
    expect(after).toBe(before - 1);
  });

  it("sportbn: matches live, today, this week and by sport; locker state", async () => {
    const match = (status: string, type: string, day: string, n: number) =>
      insertMatch(status, type, day, "10:00", "12:00", 0, n);
    await match("live", "football", dayOf(0), 1);
    await match("upcoming", "football", dayOf(-2), 2);
    await match("upcoming", "basketball", dayOf(-10), 3);
    await match("finished", "football", dayOf(0), 4);
    const data = (await t.admin("GET", "/api/v1/sportbn/overview")).json().data;
    expect(data.matches).toMatchObject({ live: 1, today: 2, week: 1 });
    expect(data.matches.bySport).toEqual([
      { sport: "football", count: 2 },
      { sport: "basketball", count: 1 },
    ]);
    expect(data.locker).toMatchObject({ type: "js", isActive: true });
    expect(data.subscriptions.total).toBe(7);
    expect(data.apps).toBeUndefined();
  });

  it("sportbn: live, today and this week follow the lifecycle, not the stored status", async () => {
    const before = (await t.admin("GET", "/api/v1/sportbn/overview")).json().data.matches;
    const at = (ms: number) => dayAndTime(new Date(Date.now() + ms).toISOString(), "UTC");
    // Stored "upcoming" 3 h ago; its kick-off (1 h ago) has passed since: live now.
    const kickOff = at(-3_600_000);
    await insertMatch("upcoming", "hockey", kickOff.date, kickOff.time, at(3_600_000).time, 3);
    // Stored "live" 3 h ago; its end (1 h ago) has passed since: finished, neither live nor this week.
    await insertMatch("live", "hockey", at(-7_200_000).date, at(-7_200_000).time, at(-3_600_000).time, 3);
    const after = (await t.admin("GET", "/api/v1/sportbn/overview")).json().data.matches;
    expect(after.live).toBe(before.live + 1);
    expect(after.bySport).toContainEqual({ sport: "hockey", count: 1 });
  });

  it("sportbn: stream links failing on live and upcoming matches, the feed's quota and last sync", async () => {
    const ids = await t.app.db.query<{ id: string; status: string }>(
      "select id, status from matches where site = 'sportbn' and home_name in ('Home 1', 'Home 2', 'Home 4')",
    );
    const idOf = (status: string) => ids.find((row) => row.status === status)!.id;
    const health = (matchId: string, url: string, state: string) =>
      t.app.db.query(
        `insert into link_health (match_id, url, site, state, checked_at) values ($1, $2, 'sportbn', $3, now())`,
        [matchId, url, state],
      );
    await health(idOf("live"), "https://a.example/1", "failing");
    await health(idOf("live"), "https://a.example/2", "blocked");
    await health(idOf("live"), "https://a.example/3", "ok");
    await health(idOf("upcoming"), "https://b.example/1", "failing");
    await health(idOf("finished"), "https://c.example/1", "failing"); // over: no longer probed
    await t.app.db.query("insert into feed_calls (provider, day, used) values ('api-sports', $1, 7)", [
      dayOf(0),
    ]);
    await t.app.db.query("insert into feed_syncs (site, at, summary) values ('sportbn', $1, 'ok')", [
      "2026-11-20T08:00:00.000Z",
    ]);
    const data = (await t.admin("GET", "/api/v1/sportbn/overview")).json().data;
    expect(data.links).toEqual({ failing: 3, matches: 2 });
    expect(data.feed).toEqual({
      quota: { used: 7, limit: 100, remaining: 93 },
      lastSync: "2026-11-20T08:00:00.000Z",
    });
    const apkw = (await t.admin("GET", "/api/v1/apkw/overview")).json().data;
    expect(apkw.links).toBeUndefined();
    expect(apkw.feed).toBeUndefined();
  });

  it("movies: titles from the content service, contacts per day with unread, ads per page", async () => {
    for (let i = 0; i < 3; i++)
      await t.inject({
        method: "POST",
        url: "/api/v1/public/movies/contacts",
        payload: { email: `v${i}@example.com`, firstName: "V", subject: "S", message: "M" },
        remoteAddress: `10.51.0.${i}`,
      });
    const data = (await t.admin("GET", "/api/v1/movies/overview")).json().data;
    expect(data.titles).toEqual({ available: true, movies: 2, tv: 1, featured: 2, inLocker: 2 });
    // Never opened the inbox: every message is new.
    expect(data.contacts).toMatchObject({
      total: 3,
      previous: 0,
      unread: 3,
      unreadCapped: false,
      seenAt: null,
    });
    expect(data.ads.byPage.map((p: { page: string }) => p.page)).toEqual([
      "home",
      "info",
      "player",
      "browse",
    ]);
    expect(data.subscriptions).toBeUndefined();
  });

  it("movies: the content service down leaves the titles unavailable and the rest answering", async () => {
    contentUp = false;
    try {
      const answer = await t.admin("GET", "/api/v1/movies/overview");
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data.titles).toMatchObject({ available: false });
      expect(answer.json().data.titles.message).toEqual(expect.any(String));
      expect(answer.json().data.contacts.total).toBe(3);
    } finally {
      contentUp = true;
    }
  });

  it("movies: unread is what arrived since this member last opened the inbox", async () => {
    const overview = async (token = t.token) =>
      (await t.as(token, { method: "GET", url: "/api/v1/movies/overview" })).json().data.contacts;
    const opened = await t.admin("PUT", "/api/v1/movies/contacts/seen");
    expect(opened.statusCode).toBe(200);
    const { seenAt } = opened.json().data;
    expect(await overview()).toMatchObject({ unread: 0, seenAt });

    // In the very second it was opened: just before is seen, just after is new.
    const seen = Date.parse(seenAt);
    const contact = (at: number) =>
      t.app.db.query(
        "insert into contact_messages (id, site, email, message, created_at) values ($1, 'movies', 'n@example.com', 'Hi', $2)",
        [newId(at), new Date(at)],
      );
    await contact(seen - 1);
    await contact(seen + 1);
    expect((await overview()).unread).toBe(1);
    const posted = await t.inject({
      method: "POST",
      url: "/api/v1/public/movies/contacts",
      payload: { email: "late@example.com", firstName: "L", subject: "S", message: "M" },
      remoteAddress: "10.51.1.1",
    });
    expect(posted.statusCode).toBeLessThan(300);
    expect((await overview()).unread).toBe(2);

    // Each member has their own: one who never opened it has every message new. A Viewer records
    // it too (it marks the member's own reading, not the site's data).
    await t.createUser("second-reader@example.com", "Second-pass-1", "admin", {
      level: "viewer",
      sites: ["movies"],
    });
    const second = await t.login("second-reader@example.com", "Second-pass-1");
    expect(await overview(second)).toMatchObject({ unread: 6, seenAt: null });
    const recorded = await t.as(second, { method: "PUT", url: "/api/v1/movies/contacts/seen" });
    expect(recorded.statusCode).toBe(200);
    expect((await overview(second)).unread).toBe(0);
    expect((await overview()).unread).toBe(2);
  });

  it("movies: unread stops counting at 1,000", async () => {
    await t.app.db.query(
      `insert into contact_messages (id, site, email, message, created_at)
       select lpad(to_hex(extract(epoch from now())::int + 60), 8, '0') || lpad(to_hex(g), 16, '0'), 'movies',
         'bulk@example.com', 'Hi', now() + interval '60 seconds'
       from generate_series(1, 1001) g`,
    );
    expect((await t.admin("GET", "/api/v1/movies/overview")).json().data.contacts).toMatchObject({
      unread: 1_000,
      unreadCapped: true,
    });
  });
});
