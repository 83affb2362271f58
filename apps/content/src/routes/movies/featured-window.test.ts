import { signRead, signRequest } from "@backoffice/server/signing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildTestApp, SECRET, type TestApp } from "../../../test/helpers.ts";

// The window of a title's Featured flag (docs/PRODUCT-RULES.md#windows), with the clock set, not waited
// for: Date is faked (the service's clock and the signatures' are Date.now()).
let t: TestApp;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;
const base = Math.ceil(Date.now() / MINUTE) * MINUTE + 10 * MINUTE;
const clock = (ms: number) => vi.setSystemTime(base + ms);
const at = (ms: number) => new Date(base + ms).toISOString();

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  clock(0);
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

type Item = {
  _id: string;
  featured: boolean;
  featuredStartsAt: string | null;
  featuredEndsAt: string | null;
};
// The public read, or with a query the api's signed read (the flags as set, a preview `at`).
const read = (query = "") =>
  query ? t.signedRead(`/api/movies${query}`) : t.inject({ method: "GET", url: "/api/movies" });
const itemIn = async (id: string, query = "") =>
  ((await read(query)).json() as Item[]).find((item) => item._id === id)!;

describe("the Featured flag's window", () => {
  it("is stored as instants and answered beside the flag; an end alone keeps the stored start", async () => {
    clock(0);
    const id = await t.addTitle({ title: "Windowed", featured: true });
    const saved = await t.signed("PATCH", `/api/movies/${id}`, {
      featuredStartsAt: "2027-01-10T20:00:00+01:00",
      featuredEndsAt: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      featured: true,
      featuredStartsAt: "2027-01-10T19:00:00.000Z",
      featuredEndsAt: null,
    });
    const ended = await t.signed("PATCH", `/api/movies/${id}`, { featuredEndsAt: "2027-01-10T22:00:00Z" });
    expect(ended.json().data).toMatchObject({
      featuredStartsAt: "2027-01-10T19:00:00.000Z",
      featuredEndsAt: "2027-01-10T22:00:00.000Z",
    });
  });

  it("refuses an end before its start or a time more than 2 years ahead, naming the field, storing nothing", async () => {
    clock(0);
    const id = await t.addTitle({ title: "Refused window", featured: true });
    await t.signed("PATCH", `/api/movies/${id}`, { featuredStartsAt: at(DAY), featuredEndsAt: at(2 * DAY) });
    const stored = await itemIn(id, "?flags=set");

    const backwards = await t.signed("PATCH", `/api/movies/${id}`, {
      featuredStartsAt: at(3 * DAY),
      featuredEndsAt: at(2 * DAY),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual([expect.objectContaining({ path: "featuredEndsAt" })]);
    // One end given, the other stored: the database checks the title as it would be.
    const alone = await t.signed("PATCH", `/api/movies/${id}`, { featuredEndsAt: at(DAY / 2) });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().errors).toEqual([
      expect.objectContaining({ path: "featuredEndsAt", message: "endsAt must be after startsAt" }),
    ]);
    const far = await t.signed("PATCH", `/api/movies/${id}`, {
      featuredStartsAt: new Date(base + 2 * 366 * DAY).toISOString(),
    });
    expect(far.statusCode).toBe(400);
    expect(far.json().errors).toEqual([expect.objectContaining({ path: "featuredStartsAt" })]);
    expect(await itemIn(id, "?flags=set")).toEqual(stored);
  });

  it("turns featured on and off in the public list at its boundaries, to the millisecond; flags=set keeps it as set", async () => {
    clock(0);
    await t.clearTitles();
    const id = await t.addTitle({ title: "Match night", featured: true });
    await t.signed("PATCH", `/api/movies/${id}`, {
      featuredStartsAt: at(MINUTE),
      featuredEndsAt: at(2 * MINUTE),
    });
    const before = await read();
    expect((before.json() as Item[])[0]!.featured).toBe(false);
    expect(await itemIn(id, "?flags=set")).toMatchObject({ featured: true, featuredStartsAt: at(MINUTE) });
    // Cached until the boundary, not a millisecond longer: the answer and its ETag change then.
    clock(MINUTE - 1);
    expect((await itemIn(id)).featured).toBe(false);
    expect((await read()).headers.etag).toBe(before.headers.etag);
    clock(MINUTE);
    const during = await read();
    expect((during.json() as Item[])[0]!.featured).toBe(true);
    expect(during.headers.etag).not.toBe(before.headers.etag);
    // A client holding the old ETag gets the new answer, not a 304.
    const revalidated = await t.inject({
      method: "GET",
      url: "/api/movies",
      headers: { "if-none-match": before.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(200);
    clock(2 * MINUTE - 1);
    expect((await itemIn(id)).featured).toBe(true);
    clock(2 * MINUTE);
    expect((await itemIn(id)).featured).toBe(false);
    // Unfeatured, its window changes nothing.
    await t.signed("PATCH", `/api/movies/${id}`, { featured: false, featuredEndsAt: at(10 * MINUTE) });
    clock(3 * MINUTE);
    expect((await itemIn(id)).featured).toBe(false);
    expect((await itemIn(id, "?flags=set")).featured).toBe(false);
  });

  it("drops the front door's kept list at the boundary: a real socket sees the change at once", async () => {
    clock(0);
    await t.clearTitles();
    const id = await t.addTitle({ title: "Door", featured: true });
    await t.signed("PATCH", `/api/movies/${id}`, { featuredStartsAt: at(5 * MINUTE) });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api/movies`;
    const featured = async () => ((await (await fetch(url)).json()) as Item[])[0]!.featured;
    expect(await featured()).toBe(false);
    expect(await featured()).toBe(false);
    clock(5 * MINUTE);
    expect(await featured()).toBe(true);
  });

  it("answers the flags as set and a preview at another moment to the api's signed read only, and keeps neither", async () => {
    clock(0);
    await t.clearTitles();
    const id = await t.addTitle({ title: "Tonight", featured: true });
    await t.signed("PATCH", `/api/movies/${id}`, {
      featuredStartsAt: at(10 * MINUTE),
      featuredEndsAt: at(20 * MINUTE),
    });
    const previewOf = (ms: number) => `/api/movies?at=${encodeURIComponent(at(ms))}`;

    const during = await t.signedRead(previewOf(15 * MINUTE));
    expect(during.statusCode, during.body).toBe(200);
    expect(during.headers["cache-control"]).toBe("private, no-store");
    expect((during.json() as Item[])[0]!.featured).toBe(true);
    expect(((await t.signedRead(previewOf(20 * MINUTE))).json() as Item[])[0]!.featured).toBe(false);
    expect((await itemIn(id)).featured).toBe(false);
    const malformed = await t.signedRead("/api/movies?at=tonight");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual([expect.objectContaining({ path: "at" })]);

    // Anyone else: unsigned, or signed for another query, or with a write's signature.
    for (const url of [previewOf(15 * MINUTE), "/api/movies?flags=set"])
      expect((await t.inject({ method: "GET", url })).statusCode).toBe(401);
    const otherQuery = signRead(previewOf(16 * MINUTE), SECRET);
    expect(
      (await t.inject({ method: "GET", url: previewOf(15 * MINUTE), headers: otherQuery })).statusCode,
    ).toBe(401);
    const writeSignature = signRequest({ method: "GET", path: "/api/movies", secret: SECRET });
    expect(
      (await t.inject({ method: "GET", url: "/api/movies?flags=set", headers: writeSignature })).statusCode,
    ).toBe(401);

    // On a real socket, a signed view read twice is still refused unsigned: the front door kept none.
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: "127.0.0.1" });
    const origin = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    for (const url of [previewOf(15 * MINUTE), "/api/movies?flags=set"]) {
      for (let time = 0; time < 2; time++)
        expect((await fetch(origin + url, { headers: signRead(url, SECRET) })).status).toBe(200);
      expect((await fetch(origin + url)).status).toBe(401);
    }
  });

  it("puts a trashed title back with its window, and one trashed before windows without", async () => {
    clock(0);
    const id = await t.addTitle({ title: "Restored", featured: true });
    await t.signed("PATCH", `/api/movies/${id}`, { featuredEndsAt: at(DAY) });
    const item = await itemIn(id, "?flags=set");
    await t.signed("DELETE", "/api/movies", { ids: [id] });
    const { featuredStartsAt: _s, featuredEndsAt: _e, ...older } = item;
    const oldId = "abcdefabcdefabcdefabcdef";
    const restored = await t.signed("POST", "/api/movies/restore", {
      titles: [item, { ...older, _id: oldId, tmdbId: null }],
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await itemIn(id, "?flags=set")).toMatchObject({ featuredEndsAt: at(DAY) });
    expect(await itemIn(oldId, "?flags=set")).toMatchObject({ featuredStartsAt: null, featuredEndsAt: null });
  });
});
