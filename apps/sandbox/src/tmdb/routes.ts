import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { MOVIE_GENRES, TV_GENRES } from "../data/genres.ts";
import { MOVIES } from "../data/movies.ts";
import { TV_SHOWS } from "../data/tv.ts";
import {
  findMovie,
  findTv,
  movieDetails,
  movieListItem,
  searchable,
  tvDetails,
  tvListItem,
} from "./catalog.ts";

export interface TmdbOptions {
  now: () => Date;
  baseUrl: (request: FastifyRequest) => string;
}

/** TMDB's error bodies (code, HTTP status, message) as documented by the provider. */
export const TMDB_ERRORS = {
  invalidKey: {
    http: 401,
    status_code: 7,
    status_message: "Invalid API key: You must be granted a valid key.",
  },
  notFound: { http: 404, status_code: 34, status_message: "The resource you requested could not be found." },
  invalidPage: {
    http: 400,
    status_code: 22,
    status_message: "Invalid page: Pages start at 1 and max at 500. They are expected to be an integer.",
  },
} as const;

const PAGE_SIZE = 20;

function fail(reply: FastifyReply, error: (typeof TMDB_ERRORS)[keyof typeof TMDB_ERRORS]) {
  return reply
    .code(error.http)
    .send({ status_code: error.status_code, status_message: error.status_message, success: false });
}

/** TMDB accepts the v3 key as `api_key` or a bearer token; the sandbox takes any non-empty value. */
function hasKey(request: FastifyRequest): boolean {
  const query = request.query as Record<string, unknown>;
  const apiKey = query.api_key;
  if (typeof apiKey === "string" && apiKey.trim() !== "") return true;
  const auth = request.headers.authorization ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(auth);
  return match !== null;
}

const pageQuery = z.object({
  page: z
    .string()
    .regex(/^\d{1,3}$/)
    .transform(Number)
    .refine((n) => n >= 1 && n <= 500)
    .optional(),
});

/** TMDB's list order: most popular first, ties by id. */
const byPopularity = (a: { popularity: number; id: number }, b: { popularity: number; id: number }) =>
  b.popularity - a.popularity || a.id - b.id;

function paged<T>(items: readonly T[], page: number) {
  return {
    page,
    results: items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    total_pages: Math.max(1, Math.ceil(items.length / PAGE_SIZE)),
    total_results: items.length,
  };
}

const idParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
});
const kindParam = z.enum(["movie", "tv"]);

/** TMDB v3 stand-in: trending, details, search, genre lists and configuration. */
export async function tmdbRoutes(app: FastifyInstance, opts: TmdbOptions): Promise<void> {
  const today = () => Math.floor(opts.now().getTime() / 86_400_000);

  app.addHook("onRequest", async (request, reply) => {
    if (!hasKey(request)) return fail(reply, TMDB_ERRORS.invalidKey);
  });

  /** Parses `page`; answers 400 itself and returns null when it is invalid. */
  const pageOf = (request: FastifyRequest, reply: FastifyReply): number | null => {
    const parsed = pageQuery.safeParse({ page: (request.query as Record<string, unknown>).page });
    if (!parsed.success) {
      fail(reply, TMDB_ERRORS.invalidPage);
      return null;
    }
    return parsed.data.page ?? 1;
  };

  app.get<{ Params: { kind: string; window: string } }>("/trending/:kind/:window", async (request, reply) => {
    const { kind, window } = request.params;
    if (!["movie", "tv", "all"].includes(kind) || !["day", "week"].includes(window)) {
      return fail(reply, TMDB_ERRORS.notFound);
    }
    const page = pageOf(request, reply);
    if (page === null) return reply;
    // The weekly list moves once a week, the daily one every day.
    const day = window === "week" ? Math.floor(today() / 7) * 7 : today();
    const items = [
      ...(kind !== "tv" ? MOVIES.map((m) => movieListItem(m, day, true)) : []),
      ...(kind !== "movie" ? TV_SHOWS.map((s) => tvListItem(s, day, true)) : []),
    ].sort(byPopularity);
    return paged(items, page);
  });

  app.get<{ Params: { kind: string } }>("/search/:kind", async (request, reply) => {
    const kind = kindParam.safeParse(request.params.kind);
    if (!kind.success) return fail(reply, TMDB_ERRORS.notFound);
    const page = pageOf(request, reply);
    if (page === null) return reply;
    const query = request.query as Record<string, unknown>;
    const text = typeof query.query === "string" ? searchable(query.query.trim()) : "";
    if (text === "") return paged([], page);
    const yearText =
      kind.data === "movie"
        ? (query.primary_release_year ?? query.year)
        : (query.first_air_date_year ?? query.year);
    const year = typeof yearText === "string" && /^\d{4}$/.test(yearText) ? yearText : null;
    const day = today();
    // A title is found by its name or its original name, within the year when one is given.
    const found = (names: (string | undefined)[], released: string) =>
      names.some((name) => name !== undefined && searchable(name).includes(text)) &&
      (!year || released.startsWith(year));
    if (kind.data === "movie") {
      const results = MOVIES.filter((m) => found([m.title, m.originalTitle], m.releaseDate));
      return paged(results.map((m) => movieListItem(m, day, false)).sort(byPopularity), page);
    }
    const results = TV_SHOWS.filter((s) => found([s.name, s.originalName], s.firstAirDate));
    return paged(results.map((s) => tvListItem(s, day, false)).sort(byPopularity), page);
  });

  app.get<{ Params: { id: string } }>("/movie/:id", async (request, reply) => {
    const id = idParam.safeParse(request.params);
    const movie = id.success ? findMovie(id.data.id) : undefined;
    if (!movie) return fail(reply, TMDB_ERRORS.notFound);
    return movieDetails(movie, today());
  });

  app.get<{ Params: { id: string } }>("/tv/:id", async (request, reply) => {
    const id = idParam.safeParse(request.params);
    const show = id.success ? findTv(id.data.id) : undefined;
    if (!show) return fail(reply, TMDB_ERRORS.notFound);
    return tvDetails(show, today());
  });

  app.get<{ Params: { kind: string } }>("/genre/:kind/list", async (request, reply) => {
    const kind = kindParam.safeParse(request.params.kind);
    if (!kind.success) return fail(reply, TMDB_ERRORS.notFound);
    const genres = kind.data === "movie" ? MOVIE_GENRES : TV_GENRES;
    return { genres: Object.entries(genres).map(([id, name]) => ({ id: Number(id), name })) };
  });

  app.get("/configuration", async (request) => {
    const base = `${opts.baseUrl(request)}/tmdb-images/t/p/`;
    return {
      change_keys: [],
      images: {
        base_url: base,
        secure_base_url: base,
        backdrop_sizes: ["w300", "w780", "w1280", "original"],
        logo_sizes: ["w45", "w92", "w154", "w185", "w300", "w500", "original"],
        poster_sizes: ["w92", "w154", "w185", "w342", "w500", "w780", "original"],
        profile_sizes: ["w45", "w185", "h632", "original"],
        still_sizes: ["w92", "w185", "w300", "original"],
      },
    };
  });

  app.setNotFoundHandler((request, reply) => {
    if (!hasKey(request)) return fail(reply, TMDB_ERRORS.invalidKey);
    return fail(reply, TMDB_ERRORS.notFound);
  });
}
