import { z } from "zod";
import { booleanish, deletedCountAnswer, filledOnUpdate, idsBody } from "./common.ts";
import { previewQuery } from "./schedule.ts";
import { flagWindowAnswerFields, flagWindowBodyFields } from "./windows.ts";

/** Movie and TV titles of the content service (docs/PRODUCT-RULES.md#movies-and-tv). */
export const MOVIE_KINDS = ["movie", "tv"] as const;
export type MovieKind = (typeof MOVIE_KINDS)[number];
export const movieKind = (field: string) => z.enum(MOVIE_KINDS, { error: `${field} must be movie or tv` });

/** Shown by clients for a title whose `status` is null. */
export const MOVIE_DRAFT_STATUS = "draft";
export const MOVIE_RATING_MAX = 10;

export const movieGenre = z.object({ id: z.number().int().optional(), name: z.string() });
export type MovieGenre = z.infer<typeof movieGenre>;

export const movieItem = z.object({
  _id: z.string(),
  title: z.string(),
  overview: z.string(),
  type: z.enum(MOVIE_KINDS),
  /** The movie database's own status text (Released, Returning Series, ...); null shows as "draft". */
  status: z.string().nullable(),
  featured: z.boolean(),
  // When Featured is on for the public site (docs/PRODUCT-RULES.md#windows): the public list answers
  // `featured` true only while it is set and now within this window; the dashboard's list, as set.
  ...flagWindowAnswerFields("featured"),
  lockerSelected: z.boolean(),
  /** A movie-database image path (`/abc.jpg`) or a full http(s) URL. */
  poster_path: z.string().nullable(),
  vote_average: z.number().nullable(),
  /** Release date (movies) or first-air date (TV), `yyyy-mm-dd`. */
  releaseDate: z.string().nullable(),
  genres: z.array(movieGenre),
  tmdbId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MovieItem = z.infer<typeof movieItem>;

/** `GET /api/movies` answers a bare array, newest first. */
export const movieListAnswer = z.array(movieItem);

export const movieListQuery = z.strictObject({
  // "all" and empty mean no filter, as when the parameter is left out.
  type: z
    .union([z.literal(""), z.literal("all"), movieKind("type")], { error: "type must be movie or tv" })
    .optional()
    .transform((value) => (value === "" || value === "all" ? undefined : value)),
  search: z.string().trim().max(200, "search must be at most 200 characters").optional(),
});
export type MovieListQuery = z.infer<typeof movieListQuery>;

/**
 * The content service's `GET /api/movies` also takes, from the api only (a signed read), `flags=set`
 * (the dashboard's reads): each windowed flag as it is set, beside its window; and `at` (a member's
 * preview): the public view as of that moment. Without them, the public site's view: `featured` true
 * only while set and now within its window (docs/PRODUCT-RULES.md#windows).
 */
/** The query parameters of the list's views only the api may read (a signed read). */
export const SIGNED_LIST_PARAMS = ["flags", "at"] as const;

export const contentListQuery = movieListQuery.extend({
  flags: z.literal("set", { error: "flags must be set" }).optional(),
  ...previewQuery.shape,
});

const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`);

const posterPath = z
  .union([z.string({ error: "poster_path must be text or null" }), z.null()])
  .transform((value) => (value === null || value.trim() === "" || value === "null" ? null : value.trim()))
  .refine(
    (value) => value === null || (value.length <= 2048 && /^(\/\S+|https?:\/\/\S+)$/.test(value)),
    "poster_path must be an image path starting with / or an http(s) URL",
  );

const rating = z
  .union(
    [
      z.number(),
      z.null(),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d+)?$/)
        .transform(Number),
    ],
    { error: "vote_average must be a number" },
  )
  .pipe(
    z
      .number()
      .min(0, "vote_average must be between 0 and 10")
      .max(MOVIE_RATING_MAX, "vote_average must be between 0 and 10")
      .nullable(),
  );

const moviePatchFields = z
  .strictObject({
    title: optionalText("title", 300).min(1, "title must not be empty"),
    overview: optionalText("overview", 10_000),
    status: z
      .union([z.string(), z.null()], { error: "status must be text or null" })
      .transform((value) => (value === null || value.trim() === "" ? null : value.trim()))
      .refine((value) => value === null || value.length <= 100, "status must be at most 100 characters"),
    featured: booleanish("featured"),
    ...flagWindowBodyFields("featured"),
    poster_path: posterPath,
    vote_average: rating,
    lockerSelected: booleanish("lockerSelected"),
  })
  .partial();
/**
 * `PATCH /api/movies/{id}`: any of the editable fields; the feature toggle sends only `featured`. At
 * least one of them: the content service's version (below) alone changes nothing. The title and the
 * toggles are never blank or null (docs/PRODUCT-RULES.md#answers-and-errors); the others may be emptied.
 */
export const moviePatchBody = moviePatchFields
  .refine(
    (body) => Object.keys(body).some((key) => key in moviePatchFields.shape),
    "Send at least one field to change",
  )
  .meta(filledOnUpdate(["title", "featured", "lockerSelected"]));
export type MoviePatchBody = z.infer<typeof moviePatchBody>;

export const movieLockerBody = z.strictObject({ lockerSelected: booleanish("lockerSelected") });

/**
 * The content service's title edits also take the version the edit expects: the title's `updatedAt`
 * as the dashboard loaded it, which it sends the api as If-Match (docs/PRODUCT-RULES.md#live-updates);
 * a title whose version moved is not changed (409). It travels in the body, not as a header, because
 * the signature covers the method, the path, the body and the timestamp but no header
 * (docs/PRODUCT-RULES.md#secrets-stay-on-the-servers): in the signed body it cannot be added, changed
 * or dropped on the way, and the signature stays as specified.
 */
const expectedVersion = {
  expectedUpdatedAt: z.iso
    .datetime({ error: "expectedUpdatedAt must be an ISO date and time (updatedAt)" })
    .optional(),
};
export const titlePatchBody = moviePatchBody.safeExtend(expectedVersion);
export const titleLockerBody = movieLockerBody.extend(expectedVersion);
/** What the api adds to a title's edit when the dashboard sent If-Match. */
export type ExpectedVersion = Pick<z.infer<typeof titleLockerBody>, "expectedUpdatedAt">;

export const movieDeleteBody = idsBody;

/** The largest movie-database id: the `titles.tmdb_id` column is a 4-byte integer. */
const TMDB_ID_MAX = 2_147_483_647;

export const movieImportBody = z.strictObject({
  tmdbId: z
    .union([z.number(), z.string().regex(/^\d+$/).transform(Number)], {
      error: "tmdbId must be a positive whole number",
    })
    .pipe(
      z
        .number()
        .int("tmdbId must be a positive whole number")
        .positive("tmdbId must be a positive whole number")
        .max(TMDB_ID_MAX, "tmdbId is too large"),
    ),
  kind: movieKind("kind"),
  featured: booleanish("featured").default(false),
});
export type MovieImportBody = z.infer<typeof movieImportBody>;

export const movieItemAnswer = z.object({ status: z.literal("success"), data: movieItem });

/**
 * A title to put back, as the content service answered it (`movieItem`), each field checked before it
 * reaches the database, so a malformed answer is refused instead of stored: an id of 24 hex digits,
 * dates as the service writes them (`releaseDate` a real `yyyy-mm-dd` day, `createdAt` and
 * `updatedAt` ISO date and time in UTC), numbers within the columns' ranges.
 */
const movieRestoreItem = movieItem.extend({
  _id: z
    .string({ error: "_id must be 24 hexadecimal digits" })
    .regex(/^[0-9a-f]{24}$/, "_id must be 24 hexadecimal digits"),
  title: z.string({ error: "title must be text" }),
  overview: z.string({ error: "overview must be text" }),
  type: movieKind("type"),
  status: z.string({ error: "status must be text or null" }).nullable(),
  featured: z.boolean({ error: "featured must be true or false" }),
  lockerSelected: z.boolean({ error: "lockerSelected must be true or false" }),
  poster_path: z.string({ error: "poster_path must be text or null" }).nullable(),
  vote_average: z
    .number({ error: "vote_average must be a number between 0 and 10 or null" })
    .min(0, "vote_average must be a number between 0 and 10 or null")
    .max(MOVIE_RATING_MAX, "vote_average must be a number between 0 and 10 or null")
    .nullable(),
  releaseDate: z.iso.date({ error: "releaseDate must be a date (yyyy-mm-dd) or null" }).nullable(),
  genres: z.array(movieGenre, { error: "genres must be a list of genres" }),
  tmdbId: z
    .number({ error: "tmdbId must be a positive whole number or null" })
    .int("tmdbId must be a positive whole number or null")
    .positive("tmdbId must be a positive whole number or null")
    .max(TMDB_ID_MAX, "tmdbId is too large")
    .nullable(),
  createdAt: z.iso.datetime({
    error: "createdAt must be an ISO date and time in UTC (2026-01-31T12:00:00.000Z)",
  }),
  updatedAt: z.iso.datetime({
    error: "updatedAt must be an ISO date and time in UTC (2026-01-31T12:00:00.000Z)",
  }),
  // Titles trashed before the featured window existed have none: open.
  featuredStartsAt: z.iso
    .datetime({ error: "featuredStartsAt must be an ISO date and time in UTC or null" })
    .nullable()
    .default(null),
  featuredEndsAt: z.iso
    .datetime({ error: "featuredEndsAt must be an ISO date and time in UTC or null" })
    .nullable()
    .default(null),
});

/**
 * Content service `POST /api/movies/restore` (signed; for Undo and the Trash): titles deleted earlier,
 * put back as they were (same ids). The main API keeps them in its trash meanwhile.
 */
export const movieRestoreBody = z.strictObject({
  titles: z.array(movieRestoreItem, { error: "titles must be a list of titles" }).min(1).max(1000),
});
/** The ids that came back; a title imported again since keeps its place and its old copy stays out. */
export const movieRestoreAnswer = z.object({ status: z.literal("success"), restored: z.array(z.string()) });
export const movieDeleteAnswer = deletedCountAnswer;

export const MOVIE_MESSAGES = {
  notFound: "Title not found",
  tmdbNotFound: "TMDB title not found",
  tmdbUnreachable: "TMDB is unreachable",
  tmdbRejectedKey: "TMDB rejected the API key",
  tmdbFailed: "TMDB error",
  imported: (title: string) => `Imported: ${title}`,
  alreadyImported: (title: string) => `Already imported: ${title}`,
  deleted: (count: number) => `${count} ${count === 1 ? "item" : "items"} deleted`,
} as const;
