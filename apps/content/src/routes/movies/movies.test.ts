import { movieItem } from "@backoffice/contracts";
import { LIVE_MESSAGES } from "@backoffice/contracts/live";
import { testDatabaseKind } from "@backoffice/db/testing";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../test/helpers.ts";

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_ORIGINS: "https://mirror.movies.example" });
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const list = async (query = "") => {
  const response = await t.inject({ method: "GET", url: `/api/movies${query}` });
  expect(response.statusCode).toBe(200);
  return response.json() as { _id: string; title: string; type: string }[];
};
const titlesOf = async (query = "") => (await list(query)).map((item) => item.title);
const missingId = "0123456789abcdef01234567";

describe("GET /api/movies", () => {
  beforeEach(async () => {
    await t.clearTitles();
    const base = Date.now() - 10 * HOUR;
    await t.addTitle(
      { title: "The Matrix", overview: "A hacker learns the truth.", type: "movie" },
      new Date(base),
    );
    await t.addTitle(
      { title: "Breaking Bad", overview: "A chemistry TEACHER turns to crime.", type: "tv" },
      new Date(base + HOUR),
    );
    await t.addTitle(
      { title: "Coco", overview: "A boy enters the Land of the Dead.", type: "movie" },
      new Date(base + 2 * HOUR),
    );
    await t.addTitle(
      { title: "100% Wolf", overview: "Not a teacher.", type: "tv" },
      new Date(base + 3 * HOUR),
    );
  });

  it("answers a bare array, newest first, in the item shape", async () => {
    const response = await t.inject({ method: "GET", url: "/api/movies" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    const items = response.json();
    expect(Array.isArray(items)).toBe(true);
    expect(items.map((item: { title: string }) => item.title)).toEqual([
      "100% Wolf",
      "Coco",
      "Breaking Bad",
      "The Matrix",
    ]);
    for (const item of items) expect(() => movieItem.strict().parse(item)).not.toThrow();
    const ids = items.map((item: { _id: string }) => item._id);
    expect([...ids].sort().reverse()).toEqual(ids);
    expect(items[3]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      title: "The Matrix",
      overview: "A hacker learns the truth.",
      type: "movie",
      status: "Released",
      featured: false,
      featuredStartsAt: null,
      featuredEndsAt: null,
      lockerSelected: false,
      poster_path: "/poster.jpg",
      vote_average: 7,
      releaseDate: "2020-01-01",
      genres: [{ id: 18, name: "Drama" }],
      tmdbId: expect.any(Number),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    // The id's first 8 hex digits are its creation time in seconds.
    const created = Math.floor(Date.parse(items[3].createdAt) / 1000);
    expect(Number.parseInt(items[3]._id.slice(0, 8), 16)).toBe(created);
  });

  it("answers a repeated read without a database query, and shows a signed write on the next read", async () => {
    await titlesOf("?type=tv");
    const queries: string[] = [];
    const query = t.db.query.bind(t.db);
    t.db.query = (async (text: string, params?: unknown[]) => {
      queries.push(text);
      return query(text, params);
    }) as typeof t.db.query;
    try {
      expect(await titlesOf("?type=tv")).toEqual(["100% Wolf", "Breaking Bad"]);
      expect(queries).toEqual([]);
      const [wolf] = await list("?type=tv");
      const renamed = await t.signed("PATCH", `/api/movies/${wolf!._id}`, { title: "101% Wolf" });
      expect(renamed.statusCode).toBe(200);
      expect(await titlesOf("?type=tv")).toEqual(["101% Wolf", "Breaking Bad"]);
      const removed = await t.signed("DELETE", "/api/movies", { ids: [wolf!._id] });
      expect(removed.json().deleted).toBe(1);
      expect(await titlesOf("?type=tv")).toEqual(["Breaking Bad"]);
      // A refused write changes nothing and keeps the cached answers.
      queries.length = 0;
      await t.inject({ method: "DELETE", url: "/api/movies", payload: { ids: [missingId] } });
      expect(await titlesOf("?type=tv")).toEqual(["Breaking Bad"]);
      expect(queries.filter((text) => /from titles/.test(text))).toEqual([]);
    } finally {
      t.db.query = query;
    }
  });

  it("answers a repeated read over a socket at the front door, and a signed write on the next read", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const read = async () => {
      const response = await fetch(`${base}/api/movies?type=tv`);
      return { body: await response.text(), nosniff: response.headers.get("x-content-type-options") };
    };
    const first = await read();
    const before = t.app.keptAnswers.answered();
    const second = await read();
    expect(t.app.keptAnswers.answered()).toBe(before + 1);
    expect(second).toEqual(first);
    expect(second.nosniff).toBe("nosniff");
    const [wolf] = await list("?type=tv");
    expect((await t.signed("PATCH", `/api/movies/${wolf!._id}`, { title: "102% Wolf" })).statusCode).toBe(
      200,
    );
    expect((await read()).body).toContain("102% Wolf");
    expect(t.app.keptAnswers.answered()).toBe(before + 1);
  });

  it("answers an ETag, 304 with no body to an If-None-Match naming it, and ignores one naming no current tag", async () => {
    const first = await t.inject({ method: "GET", url: "/api/movies" });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers["cache-control"]).toBe("no-cache");
    const unchanged = await t.inject({
      method: "GET",
      url: "/api/movies",
      headers: { "if-none-match": etag },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe("");
    expect(unchanged.headers.etag).toBe(etag);
    for (const garbage of ["garbage", '"other"', Array.from({ length: 2000 }, (_, i) => `"t${i}"`).join(",")])
      expect(
        (await t.inject({ method: "GET", url: "/api/movies", headers: { "if-none-match": garbage } }))
          .statusCode,
      ).toBe(200);
    // Another list (another body) has another tag.
    const other = await t.inject({
      method: "GET",
      url: "/api/movies?type=movie",
      headers: { "if-none-match": etag },
    });
    expect(other.statusCode).toBe(200);
  });

  it("filters by type", async () => {
    expect(await titlesOf("?type=movie")).toEqual(["Coco", "The Matrix"]);
    expect(await titlesOf("?type=tv")).toEqual(["100% Wolf", "Breaking Bad"]);
    expect(await titlesOf("?type=all")).toHaveLength(4);
    expect(await titlesOf("?type=")).toHaveLength(4);
  });

  it("searches title and overview, case-insensitively", async () => {
    expect(await titlesOf("?search=matrix")).toEqual(["The Matrix"]);
    expect(await titlesOf("?search=TEACHER")).toEqual(["100% Wolf", "Breaking Bad"]);
    expect(await titlesOf("?search=teacher&type=tv")).toEqual(["100% Wolf", "Breaking Bad"]);
    expect(await titlesOf("?search=teacher&type=movie")).toEqual([]);
    expect(await titlesOf("?search=%20%20coco%20")).toEqual(["Coco"]);
    expect(await titlesOf("?search=")).toHaveLength(4);
  });

  it("treats % and _ in a search as plain characters", async () => {
    expect(await titlesOf(`?search=${encodeURIComponent("100%")}`)).toEqual(["100% Wolf"]);
    expect(await titlesOf(`?search=${encodeURIComponent("%")}`)).toEqual(["100% Wolf"]);
    expect(await titlesOf("?search=_")).toEqual([]);
  });

  it("refuses a NUL character with a 400, and every answer carries the security headers", async () => {
    const nul = await t.inject({ method: "GET", url: "/api/movies?search=a%00" });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ status: "fail", message: "search must not contain the NUL character" });
    for (const answer of [nul, await t.inject({ method: "GET", url: "/api/movies" })]) {
      expect(answer.headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
      expect(answer.headers["strict-transport-security"]).toMatch(/max-age=/);
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(answer.headers["x-powered-by"]).toBeUndefined();
    }
  });

  it("rejects an unknown type or query parameter", async () => {
    const badType = await t.inject({ method: "GET", url: "/api/movies?type=film" });
    expect(badType.statusCode).toBe(400);
    expect(badType.json()).toMatchObject({ status: "fail", message: "type must be movie or tv" });
    const unknown = await t.inject({ method: "GET", url: "/api/movies?sort=asc" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ status: "fail", message: "Unknown field: sort" });
  });

  it("lets only the public sites' origins read it from a browser", async () => {
    const readFrom = (origin: string) => t.inject({ method: "GET", url: "/api/movies", headers: { origin } });
    const allowed = await readFrom("https://movies.example");
    expect(allowed.headers["access-control-allow-origin"]).toBe("https://movies.example");
    const mirror = await readFrom("https://mirror.movies.example");
    expect(mirror.headers["access-control-allow-origin"]).toBe("https://mirror.movies.example");
    const other = await readFrom("https://evil.example");
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
    expect(other.headers.vary).toMatch(/Origin/);
    // A browser may read the list, never send a write: the preflight grants GET only.
    const preflight = await t.inject({
      method: "OPTIONS",
      url: "/api/movies/import/tmdb",
      headers: { origin: "https://movies.example", "access-control-request-method": "POST" },
    });
    expect(preflight.headers["access-control-allow-methods"] ?? "").not.toMatch(/POST/);
  });
});

describe("POST /api/movies/restore", () => {
  it("puts deleted titles back as they were, same ids and dates, and skips one stored again", async () => {
    const a = await t.addTitle({ title: "Restore A", tmdbId: 990001 });
    const b = await t.addTitle({ title: "Restore B", tmdbId: 990002 });
    const before = (await list()).filter((item) => item._id === a || item._id === b);
    expect((await t.signed("DELETE", "/api/movies", { ids: [a, b] })).json().deleted).toBe(2);
    // B is imported again meanwhile: its old copy cannot come back over it.
    const again = await t.addTitle({ title: "Restore B again", tmdbId: 990002 });
    const response = await t.signed("POST", "/api/movies/restore", { titles: before });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "success", restored: [a] });
    const now = await list();
    expect(now.find((item) => item._id === a)).toEqual(before.find((item) => item._id === a));
    expect(now.map((item) => item._id)).toContain(again);
    expect(now.map((item) => item._id)).not.toContain(b);
  });

  it("needs a signature and valid titles", async () => {
    const unsigned = await t.inject({ method: "POST", url: "/api/movies/restore", payload: { titles: [] } });
    expect(unsigned.statusCode).toBe(401);
    const bad = await t.signed("POST", "/api/movies/restore", { titles: [{ _id: "x" }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("_id must be 24 hexadecimal digits");
    expect(bad.json().errors[0].path).toBe("titles.0._id");
  });

  it("refuses dates that are not real dates in the service's formats, naming the field and storing nothing", async () => {
    const a = await t.addTitle({ title: "Restore dates", tmdbId: 990003 });
    const [item] = (await list()).filter((one) => one._id === a);
    await t.signed("DELETE", "/api/movies", { ids: [a] });
    for (const [field, value] of [
      ["createdAt", "fuzz"],
      ["updatedAt", "2026-02-30T00:00:00.000Z"],
      ["releaseDate", "not-a-date"],
      ["releaseDate", "2023-02-30"],
    ] as const) {
      const response = await t.signed("POST", "/api/movies/restore", {
        titles: [{ ...item, [field]: value }],
      });
      expect(response.statusCode, `${field}: ${value}`).toBe(400);
      expect(response.json()).toMatchObject({ status: "fail", errors: [{ path: `titles.0.${field}` }] });
      expect(response.json().message).toContain(field);
    }
    expect((await list()).map((one) => one._id)).not.toContain(a);
  });
});

describe("DELETE /api/movies", () => {
  it("deletes the listed titles and counts them", async () => {
    const a = await t.addTitle({ title: "Delete A" });
    const b = await t.addTitle({ title: "Delete B" });
    const keep = await t.addTitle({ title: "Keep C" });
    const response = await t.signed("DELETE", "/api/movies", { ids: [a, b, a, missingId] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "success", message: "2 items deleted", deleted: 2 });
    const ids = (await list()).map((item) => item._id);
    expect(ids).toContain(keep);
    expect(ids).not.toContain(a);
    expect(ids).not.toContain(b);
  });

  it("answers 0 for ids that do not exist", async () => {
    const response = await t.signed("DELETE", "/api/movies", { ids: [missingId] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "success", message: "0 items deleted", deleted: 0 });
    const one = await t.signed("DELETE", "/api/movies", { ids: [await t.addTitle()] });
    expect(one.json().message).toBe("1 item deleted");
  });

  it("validates the ids", async () => {
    const cases: [unknown, string][] = [
      [{ ids: [] }, "ids must not be empty"],
      [{ ids: ["nope"] }, "id must be 24 hexadecimal digits"],
      [{ ids: "all" }, "ids must be a list of ids"],
      [{}, "ids must be a list of ids"],
      [{ ids: [missingId], force: true }, "Unknown field: force"],
    ];
    for (const [body, message] of cases) {
      const response = await t.signed("DELETE", "/api/movies", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().status).toBe("fail");
      expect(response.json().message).toContain(message);
    }
    const noBody = await t.signed("DELETE", "/api/movies");
    expect(noBody.statusCode).toBe(400);
  });

  it("needs a signature", async () => {
    const id = await t.addTitle();
    const response = await t.inject({ method: "DELETE", url: "/api/movies", payload: { ids: [id] } });
    expect(response.statusCode).toBe(401);
    expect((await list()).map((item) => item._id)).toContain(id);
  });
});

describe("PATCH /api/movies/:id", () => {
  it("changes the given fields and answers the item", async () => {
    const id = await t.addTitle({ title: "Before", overview: "Old", status: null });
    const before = (await list()).find((item) => item._id === id) as unknown as { updatedAt: string };
    await new Promise((resolve) => setTimeout(resolve, 5));
    const changes = {
      overview: "New overview",
      status: "Released",
      featured: true,
      poster_path: "https://images.example/poster.png",
      vote_average: 7.5,
      lockerSelected: true,
    };
    const response = await t.signed("PATCH", `/api/movies/${id}`, { title: "  After  ", ...changes });
    expect(response.statusCode).toBe(200);
    const { status, data } = response.json();
    expect(status).toBe("success");
    // The title comes back trimmed, the other fields as sent.
    expect(data).toMatchObject({ _id: id, title: "After", ...changes, type: "movie" });
    expect(() => movieItem.strict().parse(data)).not.toThrow();
    expect(Date.parse(data.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    expect((await list()).find((item) => item._id === id)).toEqual(data);
  });

  it("changes only what is sent (the feature toggle sends only featured)", async () => {
    const id = await t.addTitle({ title: "Toggle", featured: false, vote_average: 6.1 });
    const response = await t.signed("PATCH", `/api/movies/${id}`, { featured: true });
    expect(response.json().data).toMatchObject({ title: "Toggle", featured: true, vote_average: 6.1 });
    const back = await t.signed("PATCH", `/api/movies/${id}`, { featured: "false" });
    expect(back.statusCode).toBe(200);
    expect(back.json().data.featured).toBe(false);
  });

  it("clears status, poster and rating with null or empty text", async () => {
    const id = await t.addTitle({ status: "Released" });
    const response = await t.signed("PATCH", `/api/movies/${id}`, {
      status: null,
      poster_path: "",
      vote_average: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ status: null, poster_path: null, vote_average: null });
    const empty = await t.signed("PATCH", `/api/movies/${id}`, { status: "" });
    expect(empty.json().data.status).toBeNull();
  });

  it("validates the fields and rejects unknown ones", async () => {
    const id = await t.addTitle();
    const cases: [unknown, string][] = [
      [{ vote_average: 10.5 }, "vote_average must be between 0 and 10"],
      [{ vote_average: -1 }, "vote_average must be between 0 and 10"],
      [{ vote_average: "high" }, "vote_average must be a number"],
      [{ title: "   " }, "title must not be empty"],
      [{ featured: "yes" }, "featured must be true or false"],
      [{ poster_path: "poster.jpg" }, "poster_path must be an image path"],
      [{ poster_path: "javascript:alert(1)" }, "poster_path must be an image path"],
      [{ title: "x", type: "tv" }, "Unknown field: type"],
      [{ _id: missingId }, "Unknown field: _id"],
      [{}, "Send at least one field to change"],
    ];
    for (const [body, message] of cases) {
      const response = await t.signed("PATCH", `/api/movies/${id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().status).toBe("fail");
      expect(response.json().message).toContain(message);
    }
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    const unknown = await t.signed("PATCH", `/api/movies/${missingId}`, { featured: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: "fail", message: "Title not found" });
    const malformed = await t.signed("PATCH", "/api/movies/603", { featured: true });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe("id must be 24 hexadecimal digits");
  });

  it("answers 400 for malformed JSON and 415 for other content types", async () => {
    const id = await t.addTitle();
    const malformed = await t.signed("PATCH", `/api/movies/${id}`, '{"title": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ status: "fail", message: "Malformed JSON body" });
    const text = await t.signed("PATCH", `/api/movies/${id}`, "title=x", {
      headers: { "content-type": "text/plain" },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().status).toBe("fail");
  });
});

describe("PATCH /api/movies/:id/locker", () => {
  it("sets and clears the locker flag", async () => {
    const id = await t.addTitle({ title: "Locked", featured: true });
    const on = await t.signed("PATCH", `/api/movies/${id}/locker`, { lockerSelected: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({
      status: "success",
      data: { _id: id, lockerSelected: true, featured: true, title: "Locked" },
    });
    const off = await t.signed("PATCH", `/api/movies/${id}/locker`, { lockerSelected: "false" });
    expect(off.json().data.lockerSelected).toBe(false);
  });

  it("validates its body and answers 404 for an unknown id", async () => {
    const id = await t.addTitle();
    const missing = await t.signed("PATCH", `/api/movies/${id}/locker`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("lockerSelected must be true or false");
    const extra = await t.signed("PATCH", `/api/movies/${id}/locker`, {
      lockerSelected: true,
      featured: true,
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toBe("Unknown field: featured");
    const unknown = await t.signed("PATCH", `/api/movies/${missingId}/locker`, { lockerSelected: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: "fail", message: "Title not found" });
  });
});

/** Resolves once a statement of this database waits for a row lock (PostgreSQL). */
async function waitingForRow() {
  for (let tries = 0; tries < 500; tries++) {
    const [row] = await t.db.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (row!.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("no statement waited for the row");
}

// The edit's version check (docs/PRODUCT-RULES.md#live-updates): the api sends the `updatedAt` the
// dashboard loaded as `expectedUpdatedAt` in the signed body, checked in the update itself.
describe("PATCH /api/movies/:id[/locker] with expectedUpdatedAt", () => {
  const conflictAnswer = { status: "fail", message: LIVE_MESSAGES.conflict };
  const titleOf = async (id: string) =>
    (await list()).find((item) => item._id === id) as unknown as {
      title: string;
      lockerSelected: boolean;
      updatedAt: string;
    };

  it("saves with the current version, answers 409 for a stale one and changes nothing, and saves without one", async () => {
    const id = await t.addTitle({ title: "Loaded" }, new Date(Date.now() - HOUR));
    const loaded = await titleOf(id);
    const patch = (body: object) => t.signed("PATCH", `/api/movies/${id}`, body);

    const saved = await patch({ title: "First edit", expectedUpdatedAt: loaded.updatedAt });
    expect(saved.statusCode).toBe(200);
    const first = saved.json().data;
    expect(first).toMatchObject({ title: "First edit" });
    expect(first.updatedAt).not.toBe(loaded.updatedAt);

    // A second dialog still holding the first version: refused, and the title is as the first edit left it.
    const stale = await patch({ title: "Second edit", expectedUpdatedAt: loaded.updatedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual(conflictAnswer);
    expect(await titleOf(id)).toEqual(first);
    const staleLocker = await t.signed("PATCH", `/api/movies/${id}/locker`, {
      lockerSelected: true,
      expectedUpdatedAt: loaded.updatedAt,
    });
    expect(staleLocker.statusCode).toBe(409);
    expect(staleLocker.json()).toEqual(conflictAnswer);
    expect(await titleOf(id)).toEqual(first);

    // The version a save answered (stored to the microsecond, answered to the millisecond) is current.
    const locker = await t.signed("PATCH", `/api/movies/${id}/locker`, {
      lockerSelected: true,
      expectedUpdatedAt: first.updatedAt,
    });
    expect(locker.statusCode).toBe(200);
    expect(locker.json().data).toMatchObject({ title: "First edit", lockerSelected: true });
    const again = await patch({ title: "Third edit", expectedUpdatedAt: locker.json().data.updatedAt });
    expect(again.statusCode).toBe(200);

    const plain = await patch({ title: "Fourth edit" });
    expect(plain.statusCode).toBe(200);
    expect((await titleOf(id)).title).toBe("Fourth edit");
  });

  it("refuses a save that waited for another save of the same version", async () => {
    const id = await t.addTitle({ title: "Loaded" }, new Date(Date.now() - HOUR));
    const { updatedAt } = await titleOf(id);
    let save: Promise<LightMyRequestResponse> | undefined;
    // The other save holds the row, not yet committed, when this one arrives: this one's update waits
    // for the row, then finds its version moved (a check read before the write would have passed).
    await t.db.transaction(async (tx) => {
      await tx.query("update titles set title = 'Other save', updated_at = now() where id = $1", [id]);
      save = t.signed("PATCH", `/api/movies/${id}`, { title: "This save", expectedUpdatedAt: updatedAt });
      // PGlite runs one statement at a time: there the save starts once this transaction is over.
      if (testDatabaseKind() === "postgres") await waitingForRow();
    });
    const answer = await save!;
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual(conflictAnswer);
    const [row] = await t.db.query<{ title: string }>("select title from titles where id = $1", [id]);
    expect(row!.title).toBe("Other save");
  });

  it("answers 404 for an unknown id, and 400 for a version that is no date or a body with only a version", async () => {
    const expectedUpdatedAt = new Date().toISOString();
    const unknown = await t.signed("PATCH", `/api/movies/${missingId}`, { title: "x", expectedUpdatedAt });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: "fail", message: "Title not found" });
    const unknownLocker = await t.signed("PATCH", `/api/movies/${missingId}/locker`, {
      lockerSelected: true,
      expectedUpdatedAt,
    });
    expect(unknownLocker.statusCode).toBe(404);

    const id = await t.addTitle();
    const garbage = await t.signed("PATCH", `/api/movies/${id}`, {
      title: "x",
      expectedUpdatedAt: "yesterday",
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toContain("expectedUpdatedAt must be an ISO date and time");
    const onlyVersion = await t.signed("PATCH", `/api/movies/${id}`, { expectedUpdatedAt });
    expect(onlyVersion.statusCode).toBe(400);
    expect(onlyVersion.json().message).toContain("Send at least one field to change");
  });
});

describe("system routes", () => {
  it("answers liveness and readiness", async () => {
    expect((await t.inject({ method: "GET", url: "/healthz" })).json()).toEqual({ status: "ok" });
    expect((await t.inject({ method: "GET", url: "/readyz" })).json()).toEqual({
      status: "ok",
      database: "ok",
    });
  });

  it("answers unknown routes with the error envelope", async () => {
    const response = await t.inject({ method: "GET", url: "/api/nothing?x=1" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: "fail", message: "Route GET /api/nothing not found" });
    expect(response.headers["x-request-id"]).toEqual(expect.any(String));
  });
});
