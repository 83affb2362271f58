import { SCHEDULE_MESSAGES } from "@backoffice/contracts";
import { describe, expect, it } from "vitest";
import { contentWithMovieDatabase } from "../../../test/content-service.ts";
import { signedInApp } from "../../../test/helpers.ts";

// Titles' Featured window and scheduled title edits (docs/PRODUCT-RULES.md#windows and
// #scheduled-changes), through the api's pass-through to the real content service.
const SECRET = "titles-schedule-secret-0123456789";
const content = contentWithMovieDatabase(SECRET);

const t = signedInApp(() => ({ CONTENT_URL: content.service.url, CONTENT_HMAC_SECRET: SECRET }));
const { admin } = t;

type Title = {
  _id: string;
  tmdbId: number;
  title: string;
  featured: boolean;
  featuredStartsAt: string | null;
  featuredEndsAt: string | null;
};
const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
const catalog = async () => (await admin("GET", "/api/v1/movies/catalog")).json() as Title[];
const titleOf = async (id: string) => (await catalog()).find((item) => item._id === id)!;
/** What the movies site reads: the content service's public list. */
const publicTitle = async (id: string) =>
  ((await (await fetch(`${content.service.url}/api/movies`)).json()) as Title[]).find(
    (item) => item._id === id,
  )!;
const schedule = async () => (await admin("GET", "/api/v1/movies/schedule")).json().data;

let nextTmdbId = 500;
async function aTitle(): Promise<string> {
  const tmdbId = nextTmdbId++;
  const answer = await admin("POST", "/api/v1/movies/catalog/import/tmdb", { tmdbId, kind: "movie" });
  expect(answer.statusCode, answer.body).toBe(201);
  return (await catalog()).find((item) => item.tmdbId === tmdbId)!._id;
}

/** Waits, with growing pauses, until the change has left `pending` (the applier runs on its own timer). */
async function settled(id: string) {
  for (let pause = 100; pause < 5000; pause *= 1.5) {
    const { pending } = await schedule();
    if (!pending.some((change: { _id: string }) => change._id === id)) return;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
  throw new Error(`the scheduled change ${id} was still pending after ~15 s`);
}

describe("a title's Featured window", () => {
  it("is previewed by a member as the movies site will get it later; the public can neither preview nor read it as set", async () => {
    const id = await aTitle();
    const saved = await admin("PATCH", `/api/v1/movies/catalog/${id}`, {
      featured: true,
      featuredStartsAt: inSeconds(3600),
      featuredEndsAt: inSeconds(7200),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const featuredIn = async (seconds: number) => {
      const preview = await admin(
        "GET",
        `/api/v1/movies/catalog/public?at=${encodeURIComponent(inSeconds(seconds))}`,
      );
      expect(preview.statusCode, preview.body).toBe(200);
      return (preview.json() as Title[]).find((item) => item._id === id)!.featured;
    };
    expect([await featuredIn(0), await featuredIn(5400), await featuredIn(9000)]).toEqual([
      false,
      true,
      false,
    ]);
    expect((await publicTitle(id)).featured).toBe(false);
    for (const query of [`?at=${encodeURIComponent(inSeconds(5400))}`, "?flags=set"])
      expect((await fetch(`${content.service.url}/api/movies${query}`)).status).toBe(401);
  });

  it("is kept as set for the dashboard, featured for the public site only within it, and on the Schedule", async () => {
    const id = await aTitle();
    const featuredNow = async () =>
      (await admin("GET", "/api/v1/movies/overview")).json().data.titles.featured;
    const counted = await featuredNow();
    const startsAt = inSeconds(3600);
    const saved = await admin("PATCH", `/api/v1/movies/catalog/${id}`, {
      featured: true,
      featuredStartsAt: startsAt,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await titleOf(id)).toMatchObject({
      featured: true,
      featuredStartsAt: startsAt,
      featuredEndsAt: null,
    });
    expect((await publicTitle(id)).featured).toBe(false);
    // The overview counts the titles featured now, as the public site shows them.
    expect(await featuredNow()).toBe(counted);
    expect((await schedule()).windows).toContainEqual({
      kind: "titles",
      recordId: id,
      recordName: (await titleOf(id)).title,
      flag: "featured",
      moment: "starts",
      at: startsAt,
    });
  });

  it("refuses an end before its start with a 400 naming featuredEndsAt, storing nothing", async () => {
    const id = await aTitle();
    const refused = await admin("PATCH", `/api/v1/movies/catalog/${id}`, {
      featured: true,
      featuredStartsAt: inSeconds(7200),
      featuredEndsAt: inSeconds(3600),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([expect.objectContaining({ path: "featuredEndsAt" })]);
    expect(await titleOf(id)).toMatchObject({
      featured: false,
      featuredStartsAt: null,
      featuredEndsAt: null,
    });
  });
});

describe("a title's edit with ?applyAt=", () => {
  it("waits as a pending change, then is replayed through the pass-through as its author", async () => {
    const id = await aTitle();
    const before = await titleOf(id);
    const scheduled = await admin("PATCH", `/api/v1/movies/catalog/${id}?applyAt=${inSeconds(1)}`, {
      title: "Renamed at eight",
      featured: true,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(202);
    const change = scheduled.json().data;
    expect(change).toMatchObject({
      kind: "titles",
      recordId: id,
      recordName: before.title,
      status: "pending",
      changes: { title: "Renamed at eight", featured: true },
    });
    expect(await titleOf(id)).toMatchObject({ title: before.title, featured: false });

    await settled(change._id);
    expect(await titleOf(id)).toMatchObject({ title: "Renamed at eight", featured: true });
    expect((await publicTitle(id)).featured).toBe(true);
    const [entry] = (await admin("GET", `/api/v1/movies/history/titles/${id}`)).json().data;
    expect(entry).toMatchObject({ action: "update", admin: "admin@example.com", address: "scheduler" });
  });

  it("is a conflict when the title was edited after it was scheduled", async () => {
    const id = await aTitle();
    const change = (
      await admin("PATCH", `/api/v1/movies/catalog/${id}?applyAt=${inSeconds(3600)}`, { title: "Late" })
    ).json().data;
    await admin("PATCH", `/api/v1/movies/catalog/${id}`, { title: "Meanwhile" });
    const applied = await admin("POST", `/api/v1/movies/schedule/${change._id}/apply`);
    expect(applied.json().data).toMatchObject({
      status: "conflict",
      outcome: { message: SCHEDULE_MESSAGES.conflict, current: { title: "Meanwhile" } },
    });
    expect((await titleOf(id)).title).toBe("Meanwhile");
  });

  it("refuses a title that is not there (404), storing nothing", async () => {
    const before = (await schedule()).pending.length;
    const missing = await admin(
      "PATCH",
      `/api/v1/movies/catalog/${"0".repeat(24)}?applyAt=${inSeconds(60)}`,
      { featured: true },
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(SCHEDULE_MESSAGES.recordGone);
    expect((await schedule()).pending.length).toBe(before);
  });

  it("goes to the Trash with its deleted title, and both come back with the delete's Undo", async () => {
    const id = await aTitle();
    const change = (
      await admin("PATCH", `/api/v1/movies/catalog/${id}?applyAt=${inSeconds(3600)}`, { featured: true })
    ).json().data;
    const deleted = await admin("DELETE", "/api/v1/movies/catalog", { ids: [id] });
    expect(deleted.statusCode).toBe(200);
    const pendingIds = async () => (await schedule()).pending.map((pending: { _id: string }) => pending._id);
    expect(await pendingIds()).not.toContain(change._id);
    const trash = (await admin("GET", "/api/v1/movies/trash?resource=scheduled")).json().data;
    expect(trash.map((item: { recordId: string }) => item.recordId)).toContain(change._id);

    const undone = await admin("POST", "/api/v1/movies/trash/undo", {
      token: deleted.headers["x-undo-token"],
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await pendingIds()).toContain(change._id);
    expect(await titleOf(id)).toBeDefined();
  });
});
