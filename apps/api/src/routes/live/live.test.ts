// Live updates over real HTTP (docs/PRODUCT-RULES.md#live-updates): the stream is read with fetch
// streaming as the dashboard reads it, on a port of this suite's own.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, buildTestApp, type TestApp } from "../../../test/helpers.ts";
import { sha256 } from "../../lib/crypto.ts";
import { MAX_UNREAD_BYTES } from "./index.ts";
import { openStream } from "./live.testing.ts";

const PORT = 46000 + (process.env.TEST_DB_KIND === "postgres" ? 1 : 0);
const base = `http://127.0.0.1:${PORT}`;
const EDITOR = { email: "editor@example.com", password: "Editor-pass-1" };
const APKW_ONLY = { email: "apkw-only@example.com", password: "Apkw-pass-12" };

let t: TestApp;
let admin: string;
let editor: string;
let apkwOnly: string;
const ad = (token: string, site: string, url: string) =>
  t.as(token, { method: "POST", url: `/api/v1/${site}/ads`, payload: { page: "home", url, isActive: true } });

beforeAll(async () => {
  t = await buildTestApp({ LIVE_STREAMS_PER_MEMBER: "3", LIVE_HEARTBEAT_SECONDS: "0.2" });
  await t.app.listen({ port: PORT, host: "127.0.0.1" });
  await t.createUser(EDITOR.email, EDITOR.password);
  await t.createUser(APKW_ONLY.email, APKW_ONLY.password);
  await t.app.db.query("update users set level = 'editor', sites = '{apkw}' where email = $1", [
    APKW_ONLY.email,
  ]);
  admin = await t.login(ADMIN.email, ADMIN.password);
  editor = await t.login(EDITOR.email, EDITOR.password);
  apkwOnly = await t.login(APKW_ONLY.email, APKW_ONLY.password);
});
let closed = false;
afterAll(() => (closed ? undefined : t?.close()));

describe("GET /api/v1/events", () => {
  it("is refused before it opens without a session, with a bad site, or for a site outside the member's access", async () => {
    const none = await openStream(base, undefined);
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ status: "fail", message: expect.any(String) });
    const badToken = await openStream(base, "not-a-token");
    expect(badToken.status).toBe(401);
    const badSite = await openStream(base, admin, "?site=nowhere");
    expect(badSite.status).toBe(400);
    expect(badSite.body).toMatchObject({ status: "fail", message: expect.stringContaining("site") });
    const outside = await openStream(base, apkwOnly, "?site=movies");
    expect(outside.status).toBe(403);
    expect(outside.body).toEqual({ status: "fail", message: "You don't have access to this site" });
    const inside = await openStream(base, apkwOnly, "?site=apkw");
    expect(inside.status).toBe(200);
    inside.close();
  });

  it("is left out of the OpenAPI description, whose every route the reliability harnesses call and wait on", async () => {
    const spec = (await t.inject({ method: "GET", url: "/api/docs/json" })).json() as { paths: object };
    expect(Object.keys(spec.paths)).not.toContain("/api/v1/events");
    expect(Object.keys(spec.paths)).toContain("/api/v1/apkw/ads");
  });

  it("answers 429 beyond the member's open streams (LIVE_STREAMS_PER_MEMBER), and takes one again once one closes", async () => {
    const streams = [
      await openStream(base, editor),
      await openStream(base, editor),
      await openStream(base, editor),
    ];
    expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200]);
    const extra = await openStream(base, editor);
    expect(extra.status).toBe(429);
    expect(extra.body).toEqual({
      status: "fail",
      message: "Too many live update streams are open for this account",
    });
    // Another member is counted apart.
    const other = await openStream(base, admin);
    expect(other.status).toBe(200);
    other.close();
    streams[0]!.close();
    await expect
      .poll(async () => {
        const again = await openStream(base, editor);
        if (again.status === 200) streams.push(again);
        return again.status;
      })
      .toBe(200);
    for (const stream of streams) stream.close();
  });

  it("sends a write by another member to the member's stream, with site, resource, id and actor; not the member's own", async () => {
    const stream = await openStream(base, admin);
    const own = await ad(admin, "sportbn", "https://ads.example/own");
    expect(own.statusCode).toBe(201);
    const created = await ad(editor, "sportbn", "https://ads.example/by-editor");
    const id = created.json().data._id as string;
    const event = await stream.next((event) => event.type === "record");
    expect(event).toEqual({
      type: "record",
      site: "sportbn",
      resource: "ads",
      id,
      action: "create",
      actor: { id: expect.any(String), email: EDITOR.email },
    });
    const removed = await t.as(editor, { method: "DELETE", url: `/api/v1/sportbn/ads/${id}` });
    expect(removed.statusCode).toBe(200);
    expect(await stream.next((event) => event.type === "record")).toMatchObject({ action: "delete", id });
    stream.close();
  });

  it("sends only events of the member's sites", async () => {
    const stream = await openStream(base, apkwOnly);
    await ad(editor, "sportbn", "https://ads.example/sportbn-only");
    const created = await ad(editor, "apkw", "https://ads.example/apkw");
    const event = await stream.next();
    expect(event).toMatchObject({ type: "record", site: "apkw", id: created.json().data._id });
    stream.close();
  });

  it("counts the public intake: a contact message stored is an event of its site", async () => {
    const stream = await openStream(base, admin);
    const sent = await t.inject({
      method: "POST",
      url: "/api/v1/public/movies/contacts",
      payload: {
        email: "visitor@example.com",
        firstName: "Ann",
        lastName: "Lee",
        subject: "Hi",
        message: "Hello",
      },
    });
    expect(sent.statusCode).toBe(201);
    expect(await stream.next((event) => event.type === "intake")).toEqual({
      type: "intake",
      site: "movies",
      resource: "contacts",
      count: 1,
    });
    stream.close();
  });

  it("is an event stream with the security headers, kept alive with heartbeat comment lines", async () => {
    const stream = await openStream(base, admin);
    expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(stream.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(stream.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(stream.headers.get("x-content-type-options")).toBe("nosniff");
    await expect.poll(() => stream.lines.filter((line) => line === ": heartbeat").length).toBeGreaterThan(1);
    stream.close();
  });

  it("closes a stream at the next heartbeat once its session ended by time (expired; a sign-out ends it at once: access.test.ts)", async () => {
    const token = await t.login(EDITOR.email, EDITOR.password);
    const stream = await openStream(base, token);
    await t.app.db.query("update sessions set expires_at = now() where token_hash = $1", [sha256(token)]);
    await stream.ended;
    expect((await openStream(base, token)).status).toBe(401);
  });

  it("closes a stream at the next heartbeat once its member's sites changed unannounced (a change the other instances missed)", async () => {
    await t.createUser("moved@example.com", "Moved-pass-12", "admin", { level: "editor", sites: ["apkw"] });
    const stream = await openStream(base, await t.login("moved@example.com", "Moved-pass-12"));
    // Not through the Team routes, which end the streams at once (access.test.ts).
    await t.app.db.query("update users set sites = '{movies}' where email = $1", ["moved@example.com"]);
    await stream.ended;
  });

  it("drops a client that stops reading instead of buffering for it", async () => {
    // The streams of the tests before are closed (their ends reach the server in a moment).
    await expect.poll(() => t.app.live.listeners()).toBe(0);
    const before = 0;
    const socket = connect(PORT, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(`GET /api/v1/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${admin}\r\n\r\n`);
    // Reads the answer's head, then stops reading.
    await new Promise((resolve) => socket.once("data", resolve));
    socket.pause();
    expect(t.app.live.listeners()).toBe(before + 1);
    const event = { type: "intake", site: "movies", resource: "contacts", count: 1 } as const;
    let published = 0;
    // Far more than the socket's buffers hold: without the drop this would sit in memory.
    while (t.app.live.listeners() > before && published < 400_000) {
      for (let i = 0; i < 1000; i++) t.app.live.publish(event);
      published += 1000;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(t.app.live.listeners()).toBe(before);
    // Dropped once the unread bytes passed the bound, well before all of them were sent.
    expect(published * 70).toBeGreaterThan(MAX_UNREAD_BYTES);
    expect(published).toBeLessThan(400_000);
    socket.destroy();
  });
});

// Last: it closes the suite's app.
describe("stopping", () => {
  it("ends open streams when the instance closes", async () => {
    const stream = await openStream(base, admin);
    const began = Date.now();
    const closing = t.close();
    closed = true;
    // Ended first, not after the rest of the close (the job runner's stop takes seconds).
    await stream.ended;
    expect(Date.now() - began).toBeLessThan(1000);
    await closing;
  });
});
