import { createServer } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  breakingBadDetails,
  FAKE_TMDB_KEY,
  type FakeTmdb,
  matrixDetails,
  startFakeTmdb,
} from "../../../test/fake-tmdb.ts";
import { buildTestApp, type TestApp } from "../../../test/helpers.ts";

let tmdb: FakeTmdb;
let t: TestApp;
const IMPORT = "/api/movies/import/tmdb";

beforeAll(async () => {
  tmdb = await startFakeTmdb();
  t = await buildTestApp({ TMDB_BASE_URL: tmdb.url, TMDB_API_KEY: FAKE_TMDB_KEY });
});
afterAll(async () => {
  await t.close();
  await tmdb.close();
});
beforeEach(async () => {
  await t.clearTitles();
  tmdb.requests.length = 0;
  tmdb.answer("/movie/603", 200, matrixDetails());
  tmdb.answer("/tv/1396", 200, breakingBadDetails());
});

const stored = async () => {
  const response = await t.inject({ method: "GET", url: "/api/movies" });
  return response.json() as Record<string, unknown>[];
};

describe("POST /api/movies/import/tmdb", () => {
  it("imports a movie and answers plain text with 201", async () => {
    const response = await t.signed("POST", IMPORT, { tmdbId: 603, kind: "movie", featured: false });
    expect(response.statusCode).toBe(201);
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(response.body).toBe("Imported: The Matrix");
    expect(tmdb.requests).toEqual([
      { path: "/movie/603", query: { language: "en-US", api_key: FAKE_TMDB_KEY } },
    ]);
    const [item, ...rest] = await stored();
    expect(rest).toEqual([]);
    expect(item).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      title: "The Matrix",
      overview: matrixDetails().overview,
      type: "movie",
      status: "Released",
      featured: false,
      featuredStartsAt: null,
      featuredEndsAt: null,
      lockerSelected: false,
      poster_path: "/f89U3ADr1oiB1s9GkdPOEpXUk5H.jpg",
      vote_average: 8.2,
      releaseDate: "1999-03-31",
      genres: [
        { id: 28, name: "Action" },
        { id: 878, name: "Science Fiction" },
      ],
      tmdbId: 603,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it("imports a TV show with its name, first-air date and status", async () => {
    const response = await t.signed("POST", IMPORT, { tmdbId: 1396, kind: "tv", featured: true });
    expect(response.statusCode).toBe(201);
    expect(response.body).toBe("Imported: Breaking Bad");
    expect(tmdb.requests[0]!.path).toBe("/tv/1396");
    const [item] = await stored();
    expect(item).toMatchObject({
      title: "Breaking Bad",
      type: "tv",
      status: "Ended",
      featured: true,
      releaseDate: "2008-01-20",
      vote_average: 8.9,
      tmdbId: 1396,
      genres: [
        { id: 18, name: "Drama" },
        { id: 80, name: "Crime" },
      ],
    });
  });

  it("refuses a title that is already imported with a 409, leaving the stored one untouched", async () => {
    const first = await t.signed("POST", IMPORT, { tmdbId: 603, kind: "movie", featured: true });
    expect(first.statusCode).toBe(201);
    const [original] = await stored();
    await t.signed("PATCH", `/api/movies/${original!._id}/locker`, { lockerSelected: true });
    const callsBefore = tmdb.requests.length;

    const again = await t.signed("POST", IMPORT, { tmdbId: 603, kind: "movie", featured: false });
    expect(again.statusCode).toBe(409);
    expect(again.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(again.json()).toEqual({ status: "fail", message: "Already imported: The Matrix" });
    // Known titles are refused before the movie database is asked.
    expect(tmdb.requests.length).toBe(callsBefore);
    const items = await stored();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ _id: original!._id, featured: true, lockerSelected: true });

    // The same id of the other kind is another title.
    const tv = await t.signed("POST", IMPORT, { tmdbId: 603, kind: "tv", featured: false });
    expect(tv.statusCode).not.toBe(409);
  });

  it("keeps a movie and a TV show with the same id apart", async () => {
    tmdb.answer("/tv/603", 200, breakingBadDetails({ id: 603, name: "Show 603" }));
    expect((await t.signed("POST", IMPORT, { tmdbId: 603, kind: "movie", featured: false })).statusCode).toBe(
      201,
    );
    const tv = await t.signed("POST", IMPORT, { tmdbId: 603, kind: "tv", featured: false });
    expect(tv.statusCode).toBe(201);
    expect(tv.body).toBe("Imported: Show 603");
    expect((await stored()).map((item) => item.type).sort()).toEqual(["movie", "tv"]);
  });

  it("stores missing TMDB fields as null (a title without status shows as draft)", async () => {
    tmdb.answer(
      "/movie/77",
      200,
      matrixDetails({
        id: 77,
        title: "Unreleased",
        status: null,
        poster_path: null,
        release_date: "",
        genres: [],
        overview: null,
      }),
    );
    const response = await t.signed("POST", IMPORT, { tmdbId: 77, kind: "movie", featured: false });
    expect(response.statusCode).toBe(201);
    expect((await stored())[0]).toMatchObject({
      title: "Unreleased",
      status: null,
      poster_path: null,
      releaseDate: null,
      genres: [],
      overview: "",
    });
  });

  it("stores a release date that is not a real yyyy-mm-dd day as none, so the title can be restored", async () => {
    tmdb.answer("/movie/78", 200, matrixDetails({ id: 78, title: "Odd date", release_date: "2023-02-30" }));
    expect((await t.signed("POST", IMPORT, { tmdbId: 78, kind: "movie", featured: false })).statusCode).toBe(
      201,
    );
    expect((await stored())[0]).toMatchObject({ title: "Odd date", releaseDate: null });
  });

  it("answers 404 in the error envelope when TMDB does not know the title", async () => {
    const response = await t.signed("POST", IMPORT, { tmdbId: 999999, kind: "movie", featured: false });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.json()).toEqual({ status: "fail", message: "TMDB title not found" });
    expect(await stored()).toEqual([]);
  });

  it("answers 502 when TMDB fails or answers nonsense", async () => {
    tmdb.answer("/movie/603", 500, { status_message: "Internal error" });
    const failed = await t.signed("POST", IMPORT, { tmdbId: 603, kind: "movie", featured: false });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ status: "error", message: "TMDB error (500)" });
    tmdb.answer("/movie/603", 200, { id: 603, results: [] });
    const nonsense = await t.signed("POST", IMPORT, { tmdbId: 603, kind: "movie", featured: false });
    expect(nonsense.statusCode).toBe(502);
    expect(nonsense.json().message).toBe("TMDB error: unexpected answer");
    expect(await stored()).toEqual([]);
  });

  it("answers 502 when TMDB refuses the key", async () => {
    const wrongKey = await buildTestApp({ TMDB_BASE_URL: tmdb.url, TMDB_API_KEY: "wrong" });
    try {
      const response = await wrongKey.signed("POST", IMPORT, { tmdbId: 603, kind: "movie", featured: false });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe("TMDB rejected the API key");
    } finally {
      await wrongKey.close();
    }
  });

  it("answers 502 when TMDB cannot be reached", async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const offline = await buildTestApp({ TMDB_BASE_URL: `http://127.0.0.1:${port}/3` });
    try {
      const response = await offline.signed("POST", IMPORT, { tmdbId: 603, kind: "movie", featured: false });
      expect(response.statusCode).toBe(502);
      expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(response.json()).toEqual({ status: "error", message: "TMDB is unreachable" });
    } finally {
      await offline.close();
    }
  });

  it("validates the payload before calling TMDB", async () => {
    const cases: [unknown, string][] = [
      [{ tmdbId: -5, kind: "movie", featured: false }, "tmdbId must be a positive whole number"],
      [{ tmdbId: 1.5, kind: "movie", featured: false }, "tmdbId must be a positive whole number"],
      [{ tmdbId: "abc", kind: "movie", featured: false }, "tmdbId must be a positive whole number"],
      [{ tmdbId: 603, kind: "film", featured: false }, "kind must be movie or tv"],
      [{ tmdbId: 603, featured: false }, "kind must be movie or tv"],
      [{ tmdbId: 603, kind: "movie", featured: "maybe" }, "featured must be true or false"],
      [{ tmdbId: 603, kind: "movie", featured: false, title: "Mine" }, "Unknown field: title"],
    ];
    for (const [body, message] of cases) {
      const response = await t.signed("POST", IMPORT, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ status: "fail" });
      expect(response.json().message).toContain(message);
    }
    expect(tmdb.requests).toEqual([]);
  });

  it("accepts the id as digits and featured left out", async () => {
    const response = await t.signed("POST", IMPORT, { tmdbId: "603", kind: "movie" });
    expect(response.statusCode).toBe(201);
    expect((await stored())[0]).toMatchObject({ tmdbId: 603, featured: false });
  });

  it("needs a signature and then never calls TMDB", async () => {
    const response = await t.inject({
      method: "POST",
      url: IMPORT,
      payload: { tmdbId: 603, kind: "movie", featured: false },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: "fail" });
    expect(tmdb.requests).toEqual([]);
  });
});
