import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildSandbox } from "../app.ts";
import { MOVIE_GENRES, TV_GENRES } from "../data/genres.ts";
import { MOVIES } from "../data/movies.ts";
import { TV_SHOWS } from "../data/tv.ts";

const NOW = new Date("2026-11-22T15:00:00Z");
const KEY = "api_key=sandbox";

const imagePath = z.string().regex(/^\/[A-Za-z0-9]{27}\.jpg$/);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

// The fields a listed movie and a listed show share; each adds its own names, date and extras.
const listedFields = {
  adult: z.boolean(),
  backdrop_path: imagePath,
  id: z.number().int(),
  overview: z.string().min(10),
  poster_path: imagePath,
  original_language: z.string().length(2),
  genre_ids: z.array(z.number().int()).min(1),
  popularity: z.number(),
  vote_average: z.number().min(0).max(10),
  vote_count: z.number().int(),
};

const movieItem = z.strictObject({
  ...listedFields,
  title: z.string(),
  original_title: z.string(),
  media_type: z.literal("movie"),
  release_date: date,
  video: z.boolean(),
});

const tvItem = z.strictObject({
  ...listedFields,
  name: z.string(),
  original_name: z.string(),
  media_type: z.literal("tv"),
  first_air_date: date,
  origin_country: z.array(z.string().length(2)),
});

const paged = <T extends z.ZodType>(item: T) =>
  z.strictObject({
    page: z.number().int(),
    results: z.array(item),
    total_pages: z.number().int(),
    total_results: z.number().int(),
  });

const tmdbError = (code: number, message: string) => ({
  status_code: code,
  status_message: message,
  success: false,
});
const INVALID_KEY = tmdbError(7, "Invalid API key: You must be granted a valid key.");
const NOT_FOUND = tmdbError(34, "The resource you requested could not be found.");

let app: FastifyInstance;

beforeAll(async () => {
  app = buildSandbox({ now: () => NOW, publicUrl: "http://sandbox.test" });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ url: `/tmdb/3${url}`, headers });

describe("TMDB authentication", () => {
  it("refuses a missing or empty key with 401 and TMDB's error body", async () => {
    const keyless = ["/trending/movie/day", "/movie/603?api_key=", "/search/tv?query=bad", "/no/such/path"];
    for (const url of keyless) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual(INVALID_KEY);
    }
    expect((await get("/movie/603", { authorization: "Bearer" })).statusCode).toBe(401);
  });

  it("accepts any api_key or bearer token", async () => {
    expect((await get(`/movie/603?${KEY}`)).statusCode).toBe(200);
    expect(
      (await get("/movie/603", { authorization: "Bearer eyJhbGciOiJIUzI1NiJ9.sandbox" })).statusCode,
    ).toBe(200);
  });
});

describe("TMDB trending", () => {
  it("lists movies in TMDB's paged shape, 20 a page", async () => {
    const body = paged(movieItem).parse((await get(`/trending/movie/day?${KEY}`)).json());
    expect(body.page).toBe(1);
    expect(body.results).toHaveLength(20);
    expect(body.total_results).toBe(MOVIES.length);
    expect(body.total_pages).toBe(Math.ceil(MOVIES.length / 20));
    const popularity = body.results.map((m) => m.popularity);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
    const last = paged(movieItem).parse(
      (await get(`/trending/movie/day?${KEY}&page=${body.total_pages}`)).json(),
    );
    expect(last.results).toHaveLength(MOVIES.length - 20 * (body.total_pages - 1));
    const beyond = paged(movieItem).parse((await get(`/trending/movie/day?${KEY}&page=9`)).json());
    expect(beyond.results).toEqual([]);
  });

  it("lists series with name, first_air_date and origin_country", async () => {
    const body = paged(tvItem).parse((await get(`/trending/tv/day?${KEY}&language=en-US`)).json());
    expect(body.total_results).toBe(TV_SHOWS.length);
    expect(body.results.some((s) => s.id === 1396 && s.name === "Breaking Bad")).toBe(true);
  });

  it("mixes both kinds for trending/all", async () => {
    const body = (await get(`/trending/all/week?${KEY}`)).json();
    expect(body.total_results).toBe(MOVIES.length + TV_SHOWS.length);
    const kinds = new Set(body.results.map((r: { media_type: string }) => r.media_type));
    expect(kinds).toEqual(new Set(["movie", "tv"]));
  });

  it("keeps the order for a day and changes it from one day to the next", async () => {
    const order = async (now: Date) => {
      const other = buildSandbox({ now: () => now });
      const body = (await other.inject({ url: `/tmdb/3/trending/movie/day?${KEY}` })).json();
      await other.close();
      return body.results.map((m: { id: number }) => m.id);
    };
    const morning = await order(new Date("2026-11-22T01:00:00Z"));
    expect(await order(new Date("2026-11-22T23:00:00Z"))).toEqual(morning);
    expect(await order(new Date("2026-11-23T01:00:00Z"))).not.toEqual(morning);
  });

  it("rejects bad pages and unknown kinds like TMDB", async () => {
    for (const page of ["0", "501", "abc"]) {
      const response = await get(`/trending/movie/day?${KEY}&page=${page}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status_code: 22, success: false });
    }
    expect((await get(`/trending/person/day?${KEY}`)).json()).toEqual(NOT_FOUND);
    expect((await get(`/trending/movie/month?${KEY}`)).statusCode).toBe(404);
  });
});

describe("TMDB details", () => {
  it("answers movie details with genres, runtime and status", async () => {
    const response = await get(`/movie/603?${KEY}&language=en-US`);
    expect(response.statusCode).toBe(200);
    const movie = response.json();
    expect(movie).toMatchObject({
      id: 603,
      title: "The Matrix",
      original_title: "The Matrix",
      release_date: "1999-03-31",
      status: "Released",
      runtime: 136,
      genres: [
        { id: 28, name: "Action" },
        { id: 878, name: "Science Fiction" },
      ],
      belongs_to_collection: { id: 2344, name: "The Matrix Collection" },
      spoken_languages: [{ english_name: "English", iso_639_1: "en", name: "English" }],
    });
    expect(movie.poster_path).toMatch(/^\/\w{27}\.jpg$/);
    expect(movie.budget).toBeGreaterThan(0);
    const keys = Object.keys(movie);
    for (const key of [
      "adult",
      "homepage",
      "imdb_id",
      "production_companies",
      "tagline",
      "vote_average",
      "vote_count",
    ]) {
      expect(keys).toContain(key);
    }
  });

  it("answers TV details with seasons and the series status", async () => {
    const show = (await get(`/tv/1396?${KEY}&language=en-US`)).json();
    expect(show).toMatchObject({
      id: 1396,
      name: "Breaking Bad",
      first_air_date: "2008-01-20",
      status: "Ended",
      in_production: false,
      number_of_seasons: 5,
      number_of_episodes: 62,
      networks: [{ id: 174, name: "AMC" }],
      genres: [
        { id: 18, name: "Drama" },
        { id: 80, name: "Crime" },
      ],
    });
    expect(show.seasons).toHaveLength(5);
    expect(
      show.seasons.reduce((s: number, season: { episode_count: number }) => s + season.episode_count, 0),
    ).toBe(62);
    expect(show.last_episode_to_air).toMatchObject({ season_number: 5, show_id: 1396 });
    const returning = (await get(`/tv/100088?${KEY}`)).json();
    expect(returning).toMatchObject({ status: "Returning Series", in_production: true });
  });

  it("answers 404 with TMDB's body for unknown or malformed ids", async () => {
    for (const url of [`/movie/1?${KEY}`, `/tv/603?${KEY}`, `/movie/abc?${KEY}`, `/movie/603/extra?${KEY}`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
  });
});

describe("TMDB search", () => {
  const search = async (kind: string, query: string, extra = "") =>
    (await get(`/search/${kind}?${KEY}&language=en-US&query=${encodeURIComponent(query)}${extra}`)).json();

  it("finds titles by case-insensitive substring, without media_type", async () => {
    const body = paged(movieItem.omit({ media_type: true })).parse(await search("movie", "MATRIX"));
    expect(body.results.map((m) => m.id)).toEqual([603]);
    expect(body.results[0]).not.toHaveProperty("media_type");
    expect((await search("movie", "the")).total_results).toBeGreaterThan(10);
    expect((await search("movie", "amelie")).results[0].id).toBe(194);
    expect((await search("movie", "spider-verse")).results.map((m: { id: number }) => m.id).sort()).toEqual([
      324857, 569094,
    ]);
  });

  it("searches series by name and honours the year filters", async () => {
    const body = paged(tvItem.omit({ media_type: true })).parse(await search("tv", "breaking"));
    expect(body.results.map((s) => s.id)).toEqual([1396]);
    expect(
      (await search("tv", "the", "&first_air_date_year=2019")).results
        .map((s: { id: number }) => s.id)
        .sort(),
    ).toEqual([71912, 76479, 82856].sort());
    expect((await search("movie", "dune", "&year=2024")).results.map((m: { id: number }) => m.id)).toEqual([
      693134,
    ]);
  });

  it("answers an empty page for no match or no query", async () => {
    const empty = { page: 1, results: [], total_pages: 1, total_results: 0 };
    expect(await search("movie", "zzzz-no-such-title")).toEqual(empty);
    expect((await get(`/search/movie?${KEY}`)).json()).toEqual(empty);
  });
});

describe("TMDB genre lists and configuration", () => {
  it("lists the genres and points images at the sandbox", async () => {
    expect((await get(`/genre/movie/list?${KEY}`)).json().genres).toContainEqual({
      id: 878,
      name: "Science Fiction",
    });
    expect((await get(`/genre/tv/list?${KEY}`)).json().genres).toContainEqual({
      id: 10765,
      name: "Sci-Fi & Fantasy",
    });
    const config = (await get(`/configuration?${KEY}`)).json();
    expect(config.images.secure_base_url).toBe("http://sandbox.test/tmdb-images/t/p/");
    expect(config.images.poster_sizes).toEqual(
      expect.arrayContaining(["w92", "w185", "w342", "w500", "original"]),
    );
  });
});

describe("TMDB sample data", () => {
  it("holds about 40 movies and 25 series with unique ids and known genres", () => {
    expect(MOVIES.length).toBeGreaterThanOrEqual(40);
    expect(TV_SHOWS.length).toBeGreaterThanOrEqual(25);
    expect(new Set(MOVIES.map((m) => m.id)).size).toBe(MOVIES.length);
    expect(new Set(TV_SHOWS.map((s) => s.id)).size).toBe(TV_SHOWS.length);
    for (const movie of MOVIES)
      for (const g of movie.genres) expect(MOVIE_GENRES[g], movie.title).toBeDefined();
    for (const show of TV_SHOWS) for (const g of show.genres) expect(TV_GENRES[g], show.name).toBeDefined();
    const ids = new Map([...MOVIES.map((m) => [m.id, m.title] as const)]);
    expect(ids.get(603)).toBe("The Matrix");
    expect(ids.get(27205)).toBe("Inception");
    expect(TV_SHOWS.find((s) => s.id === 1396)?.name).toBe("Breaking Bad");
  });
});
