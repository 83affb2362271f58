import { z } from "zod";
import { MOVIE_KINDS } from "./movies.ts";

/**
 * The movie database (TMDB v3) as the dashboard reads it through `/api/v1/tmdb` (key kept server-side): only
 * `trending/{kind}/day`, `{kind}/{id}` and `search/{kind}`, only TMDB's documented query parameters.
 */
export const TMDB_PATH = "/tmdb";
/** Poster widths the image path serves: 500 on the import screen, 185 for list thumbnails. */
export const TMDB_IMAGE_SIZES = ["w92", "w185", "w342", "w500", "w780", "original"] as const;
export type TmdbImageSize = (typeof TMDB_IMAGE_SIZES)[number];

export const TMDB_MESSAGES = {
  error: "TMDB error",
  trendingError: "TMDB trending error",
  fetchFailed: "Failed to fetch from TMDB",
  trendingFetchFailed: "Failed to fetch trending from TMDB",
} as const;

export const tmdbKindParams = z.strictObject({
  kind: z.enum(MOVIE_KINDS, { error: "kind must be movie or tv" }),
});
export const tmdbDetailsParams = tmdbKindParams.extend({
  id: z.string().regex(/^\d{1,10}$/, "id must be a positive whole number"),
});
export const tmdbImageParams = z.strictObject({
  size: z.enum(TMDB_IMAGE_SIZES, { error: `size must be one of ${TMDB_IMAGE_SIZES.join(", ")}` }),
  file: z.string().regex(/^[A-Za-z0-9_-]{1,64}\.(jpg|jpeg|png|svg|webp)$/, "file must be an image file name"),
});

const language = z
  .string()
  .regex(/^[a-z]{2}(-[A-Z]{2})?$/, "language must be a language code such as en-US")
  .optional();
const page = z
  .string()
  .regex(/^\d{1,3}$/, "page must be a whole number from 1 to 500")
  .refine((value) => Number(value) >= 1 && Number(value) <= 500, "page must be a whole number from 1 to 500")
  .optional();
const year = (field: string) =>
  z
    .string()
    .regex(/^\d{4}$/, `${field} must be a four-digit year`)
    .optional();

export const tmdbTrendingQuery = z.strictObject({ language, page });
export const tmdbDetailsQuery = z.strictObject({
  language,
  append_to_response: z
    .string()
    .regex(/^[a-z_]+(,[a-z_]+){0,19}$/, "append_to_response must be a comma-separated list of names")
    .optional(),
});
export const tmdbSearchQuery = z.strictObject({
  query: z
    .string({ error: "query is required" })
    .trim()
    .min(1, "query is required")
    .max(200, "query must be at most 200 characters"),
  language,
  page,
  include_adult: z.enum(["true", "false"], { error: "include_adult must be true or false" }).optional(),
  region: z
    .string()
    .regex(/^[A-Z]{2}$/, "region must be a two-letter country code")
    .optional(),
  year: year("year"),
  primary_release_year: year("primary_release_year"),
  first_air_date_year: year("first_air_date_year"),
});

/** A title as TMDB lists it; other fields pass through untouched. */
export const tmdbItem = z.looseObject({
  id: z.number(),
  title: z.string().nullish(),
  name: z.string().nullish(),
  release_date: z.string().nullish(),
  first_air_date: z.string().nullish(),
  vote_average: z.number().nullish(),
  poster_path: z.string().nullish(),
  media_type: z.string().nullish(),
});
export type TmdbItem = z.infer<typeof tmdbItem>;

export const tmdbPage = z.looseObject({
  page: z.number(),
  results: z.array(tmdbItem),
  total_pages: z.number(),
  total_results: z.number(),
});
export type TmdbPage = z.infer<typeof tmdbPage>;
