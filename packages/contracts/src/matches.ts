import { z } from "zod";
import { httpUrl, idSchema, messageBody, pagedOf, partialUpdate } from "./common.ts";
import { MATCH_WRITTEN_FIELDS } from "./match-fields.ts";
import { publicImagesField } from "./media.ts";
import { FEED_SPORTS, MATCH_SPORTS, MATCH_STATUSES } from "./sports.ts";
import { windowAnswerFields, windowBodyFields } from "./windows.ts";

/** Texts the matches and other-servers routes answer with, word for word. */
export const MATCH_MESSAGES = {
  required: "Please fill all the fields",
  created: "Match created successfully",
  updated: "Match updated successfully",
  deleted: "Match deleted successfully",
  deletedMany: "Matches deleted successfully",
  notFound: "Match not found",
  duplicate: "This match is already in Manage Matches (same sport, teams and date)",
  serverRequired: "Please fill in all fields",
  serverCreated: "Server created successfully",
  serverUpdated: "Server updated successfully",
  serverDeleted: "Server deleted successfully",
  serverNotFound: "Server not found",
  linksChecked: "Links checked",
  /** Followed by ": this one is {status in words} ({code})." */
  acceptFinished: "Finished fixtures cannot be accepted",
} as const;

/**
 * Why a probe failed without a status code to show, in the words the dashboard shows after
 * "Failing since …" (a failing answer shows its status code instead). Whatever a host does, its
 * link gets one of these: a probe never fails the check or the round.
 */
export const LINK_FAILURE_REASONS = {
  timeout: "timeout",
  refused: "refused",
  dns: "DNS",
  reset: "connection reset",
  tls: "TLS",
  tooManyRedirects: "too many redirects",
  /** A Location that makes no URL (`http://[`, `http://a b`, a port out of range). */
  invalidRedirect: "invalid redirect",
  /** The host answered bytes that are not HTTP. */
  notHttp: "not an HTTP answer",
  invalidUrl: "invalid URL",
  network: "network error",
} as const;

/**
 * The last probe of a stream link (docs/PRODUCT-RULES.md#matches-and-the-sports-feed): "ok" (2xx or
 * 3xx), "failing" (a status code, or one of LINK_FAILURE_REASONS), "blocked" (the address guard
 * refused it) or "unchecked" (never probed yet).
 */
export const linkHealthSchema = z.object({
  state: z.enum(["ok", "failing", "blocked", "unchecked"]),
  status: z.number().int().nullable(),
  reason: z.string().nullable(),
  checkedAt: z.string().nullable(),
  failingSince: z.string().nullable(),
  latencyMs: z.number().int().nullable(),
});
export type LinkHealth = z.infer<typeof linkHealthSchema>;

const teamSchema = z.object({
  name: z.string(),
  logo: z.string(),
  score: z.number().int().nullable().optional(),
});

/** A stored match, nested as the dashboard reads it. */
export const matchSchema = z.object({
  _id: z.string(),
  status: z.enum(MATCH_STATUSES),
  type: z.enum(MATCH_SPORTS),
  league: z.object({ name: z.string(), logo: z.string() }),
  homeTeam: teamSchema,
  awayTeam: teamSchema,
  date: z.string(),
  time: z.string(),
  end_time: z.string(),
  type_match: z.enum(["video", "iframe"]),
  isFirst: z.boolean(),
  matchUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The matchUrl's health, in the admin read only. */
  health: linkHealthSchema.optional(),
  /** The feed's own status code of an accepted fixture (PST, CANC, ...); null for matches made by hand. */
  feedStatus: z.string().nullable().optional(),
});
export type Match = z.infer<typeof matchSchema>;

const required = (field: string) =>
  z
    .string({ error: MATCH_MESSAGES.required })
    .trim()
    .min(1, { error: MATCH_MESSAGES.required, abort: true })
    .max(500, `${field} must be at most 500 characters`);
const requiredUrl = (field: string) =>
  z
    .string({ error: MATCH_MESSAGES.required })
    .trim()
    .min(1, { error: MATCH_MESSAGES.required, abort: true })
    .pipe(httpUrl(field));
/** A score arrives as a number or its text; blank means none (scores are optional). */
const optionalScore = (field: string) =>
  z
    .union([z.number(), z.string().trim(), z.null()], { error: `${field} must be a whole number` })
    .transform((value) => (value === "" || value === null ? null : Number(value)))
    .pipe(
      z
        .number()
        .int(`${field} must be a whole number`)
        .min(0, `${field} must not be negative`)
        .max(999)
        .nullable(),
    )
    .optional();

const dayText = z
  .string({ error: MATCH_MESSAGES.required })
  .trim()
  .min(1, { error: MATCH_MESSAGES.required, abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "date must be yyyy-MM-dd")
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    "date must be a real day",
  );
const timeText = (field: string) =>
  z
    .string({ error: MATCH_MESSAGES.required })
    .trim()
    .min(1, { error: MATCH_MESSAGES.required, abort: true })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${field} must be HH:mm`);

/** The older client sends isFirst as text; booleans are accepted too. */
const isFirstField = z
  .union([z.boolean(), z.enum(["true", "false"])], { error: "isFirst must be true or false" })
  .transform((value) => value === true || value === "true");

/** `POST /matches`: the flattened payload (`isFirst` as text, scores optional). */
export const matchBody = z.strictObject({
  status: z
    .enum(MATCH_STATUSES, { error: `status must be one of ${MATCH_STATUSES.join(", ")}` })
    // Left out: the clock's status for the day and times (docs/PRODUCT-RULES.md#matches-and-the-sports-feed).
    .optional(),
  type: z.enum(MATCH_SPORTS, { error: `type must be one of ${MATCH_SPORTS.join(", ")}` }).default("football"),
  league_name: required("league_name"),
  league_logo: requiredUrl("league_logo"),
  homeTeam_name: required("homeTeam_name"),
  homeTeam_logo: requiredUrl("homeTeam_logo"),
  homeTeam_score: optionalScore("homeTeam_score"),
  awayTeam_name: required("awayTeam_name"),
  awayTeam_logo: requiredUrl("awayTeam_logo"),
  awayTeam_score: optionalScore("awayTeam_score"),
  date: dayText,
  time: timeText("time"),
  end_time: timeText("end_time"),
  type_match: z.enum(["video", "iframe"], { error: "type_match must be video or iframe" }).default("video"),
  isFirst: isFirstField.default(false),
  matchUrl: requiredUrl("matchUrl"),
  // An accepted fixture's provider, id and status code, kept for the feed sync; ignored by PUT.
  feed_sport: z
    .enum(FEED_SPORTS, { error: `feed_sport must be one of ${FEED_SPORTS.join(", ")}` })
    .optional(),
  feed_fixture_id: z
    .string()
    .trim()
    .min(1)
    .max(64, "feed_fixture_id must be at most 64 characters")
    .optional(),
  feed_status: z.string().trim().max(16, "feed_status must be at most 16 characters").optional(),
});
export type MatchBody = z.output<typeof matchBody>;

/**
 * `PUT /matches/{id}`: any of the fields (each left out stays as it is, the feed's ignored), but none of
 * the required ones blank or null. Left out, `status` stays as it was set, unless the day or a time
 * changes: then it is the clock's for the new ones, as for a write without a status.
 */
export const updateMatchBody = partialUpdate(
  matchBody,
  MATCH_WRITTEN_FIELDS.filter((field) => !field.endsWith("_score")),
);
export type MatchUpdate = z.output<typeof updateMatchBody>;
export type MatchInput = z.input<typeof matchBody>;

/** A stream server attached to a match. */
export const otherServerSchema = z.object({
  _id: z.string(),
  match_id: z.string(),
  name: z.string(),
  url: z.string(),
  ...windowAnswerFields,
  createdAt: z.string(),
  /** The URL's health, in the admin read only. */
  health: linkHealthSchema.optional(),
});
export type OtherServer = z.infer<typeof otherServerSchema>;

/** `POST /matches/{id}/links/check`: each link of the match (matchUrl first) with its new health. */
export const checkLinksAnswer = z.object({
  status: z.literal("success"),
  message: z.string(),
  data: z.array(linkHealthSchema.extend({ url: z.string() })),
});
export type CheckLinksAnswer = z.infer<typeof checkLinksAnswer>;

const serverField = z
  .string({ error: MATCH_MESSAGES.serverRequired })
  .trim()
  .min(1, { error: MATCH_MESSAGES.serverRequired, abort: true });

/** `POST /other-servers`: the match must exist, the URL be http(s). */
export const otherServerBody = z.strictObject({
  match_id: serverField.pipe(idSchema),
  name: serverField.pipe(z.string().max(200, "name must be at most 200 characters")),
  url: serverField.pipe(httpUrl("url")),
  ...windowBodyFields,
});
export type OtherServerBody = z.output<typeof otherServerBody>;
/** `PUT /other-servers/{id}`: any of name, URL and window (the match stays). */
export const updateOtherServerBody = partialUpdate(otherServerBody.omit({ match_id: true }), ["name", "url"]);
export type OtherServerUpdate = z.output<typeof updateOtherServerBody>;

/** A public match: the stored match with its stream servers (docs/PRODUCT-RULES.md#public-endpoints). */
/** `DELETE /matches {ids}`: the ids that went. */
export const deleteMatchesAnswer = messageBody.extend({ deleted: z.array(z.string()) });

export const publicMatchSchema = matchSchema.extend({
  servers: z.array(otherServerSchema.pick({ _id: true, name: true, url: true })),
  // The league's and teams' logos as media images (league_logo, home_logo, away_logo), docs/MEDIA.md.
  ...publicImagesField,
});

/**
 * `GET /connect/{sport}` (what was kept of today) and `POST /connect/{sport}/refresh` (asked of the
 * provider now, then kept): the provider's records of today, its daily quota left as its answer
 * said, and when they were fetched (null: nothing fetched today, and no records).
 */
export const connectAnswer = z.object({
  status: z.literal("success"),
  response: z.array(z.unknown()),
  quota: z.object({ remaining: z.number().int().nullable(), limit: z.number().int().nullable() }),
  fetchedAt: z.string().nullable(),
});
export type ConnectAnswer = z.infer<typeof connectAnswer>;

/**
 * Manage Matches' list filters (docs/PRODUCT-RULES.md#matches-and-the-sports-feed). `status` is the
 * lifecycle's status of this moment; "older" is the matches that left the working set: finished
 * more than `MATCHES_PUBLIC_FINISHED_DAYS` days ago, which the list leaves out otherwise.
 */
export const MATCH_LIST_STATUSES = [...MATCH_STATUSES, "older"] as const;
export type MatchListStatus = (typeof MATCH_LIST_STATUSES)[number];
/** Latest kick-off first (the matches shown first on the site before the others), or earliest first. */
export const MATCH_LIST_SORTS = ["latest", "earliest"] as const;
export type MatchListSort = (typeof MATCH_LIST_SORTS)[number];

const pageNumber = (field: string, max: number) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be at least 1`)
    .max(max, `${field} must be at most ${max}`)
    .optional();

/**
 * `GET /matches`: without `page` and `limit` every match the filters give (the spec's
 * `{status, data}`); with either, one page of them (`matchesPageAnswer`, 20 a page by default).
 */
export const matchesQuery = z.strictObject({
  page: pageNumber("page", 100_000),
  limit: pageNumber("limit", 100),
  q: z.string().trim().max(200, "q must be at most 200 characters").optional(),
  sport: z.enum(MATCH_SPORTS, { error: `sport must be one of ${MATCH_SPORTS.join(", ")}` }).optional(),
  status: z
    .enum(MATCH_LIST_STATUSES, { error: `status must be one of ${MATCH_LIST_STATUSES.join(", ")}` })
    .optional(),
  league: z.string().trim().max(500, "league must be at most 500 characters").optional(),
  sort: z.enum(MATCH_LIST_SORTS, { error: `sort must be one of ${MATCH_LIST_SORTS.join(", ")}` }).optional(),
});
export type MatchesQuery = z.input<typeof matchesQuery>;

/** Match Summary: the working set's statuses of this moment, its leagues and sports. */
export const matchSummarySchema = z.object({
  live: z.number().int(),
  upcoming: z.number().int(),
  finished: z.number().int(),
  leagues: z.number().int(),
  sports: z.number().int(),
});
export type MatchSummary = z.infer<typeof matchSummarySchema>;

/**
 * A page of `GET /matches?page=`: the paged answer, Match Summary and every league the site's matches
 * name. The matches finished earlier are counted up to 10,000 (`capped`: more, and the pages stop there).
 */
export const matchesPageAnswer = pagedOf(matchSchema).extend({
  capped: z.boolean(),
  summary: matchSummarySchema,
  leagues: z.array(z.string()),
});
export type MatchesPage = z.infer<typeof matchesPageAnswer>;

/** `GET /other-servers/all?matches=a,b`: the servers of those matches only (a page of them); all without. */
export const otherServersQuery = z.strictObject({
  matches: z
    .string()
    .optional()
    .transform((text) => (text ? text.split(",").map((id) => id.trim()) : undefined))
    .pipe(
      z
        .array(idSchema, { error: "matches must be a comma-separated list of ids" })
        .max(100, "matches must name at most 100 matches")
        .optional(),
    ),
});
