import { isHttpUrl, previewQuery } from "@backoffice/contracts";
import { keepAs, notModified, SECURITY_HEADERS } from "@backoffice/server";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type ZodObject, z } from "zod";
import { requireAdmin } from "../plugins/auth.ts";
import type { PublicAnswer } from "./public-cache.ts";

/** Bodies of the public intake routes stay small (a subscription, a contact message). */
export const PUBLIC_BODY_LIMIT = 4 * 1024;

/**
 * Route options of a public intake form: a small body, a per-address limit per minute, the public
 * tag, and the form's body and answers.
 */
export const publicIntakeOptions = <Body, Response>(
  perMinute: number,
  schema: { body: Body; response: Response },
  bodyLimit = PUBLIC_BODY_LIMIT,
) => ({
  bodyLimit,
  config: { rateLimit: { max: perMinute, timeWindow: "1 minute" } },
  schema: { tags: ["public"], ...schema },
});

/**
 * Route options of a cached public read: the public tag, and not the api's security headers
 * (plugins/security-headers.ts): `sendCached` sends its own, readable by other origins. Its query
 * also takes `at`, a member's preview of the answer at another moment (`previewAt`).
 */
export const publicReadOptions = <Schema extends { querystring?: ZodObject; [part: string]: unknown }>(
  schema: Schema,
) => ({
  config: { securityHeaders: false as const },
  schema: {
    tags: ["public"],
    ...schema,
    // `at` is read by `previewAt`; the handler's own query keeps its type.
    querystring: (schema.querystring ?? z.strictObject({})).extend(
      previewQuery.shape,
    ) as unknown as Schema["querystring"],
  },
  preHandler: previewsForMembers,
});

/**
 * `?at=` is for signed-in members only (docs/PRODUCT-RULES.md#scheduled-changes): the request must
 * carry a live admin session, as the admin routes do; anyone else is refused as there.
 */
async function previewsForMembers(request: FastifyRequest, reply: FastifyReply) {
  if ((request.query as { at?: string }).at !== undefined) await requireAdmin(request, reply);
}

/** The moment a member previews a public read at, or undefined for the real one (now, cached). */
export const previewAt = (request: FastifyRequest): number | undefined => {
  const at = (request.query as { at?: string }).at;
  return at === undefined ? undefined : Date.parse(at);
};

/** A page address a public form may store: http(s) only (never `javascript:` or `data:`), else null. */
export const httpUrlOrNull = (value: string | undefined | null) =>
  value && value.length <= 2048 && isHttpUrl(value) ? value : null;

// Reads are kept by browsers, proxies and CDNs briefly (30 s), and served stale for up to 30 s more
// while the cache revalidates in the background (an ETag makes that a 304 when nothing changed);
// admin writes reach this server's cache at once (docs/PRODUCT-RULES.md#public-endpoints).
const MAX_AGE_SECONDS = 30;
const STALE_SECONDS = 30;
const CACHE_CONTROL = `public, max-age=${MAX_AGE_SECONDS}, stale-while-revalidate=${STALE_SECONDS}`;

const CACHED_HEADERS = {
  ...SECURITY_HEADERS,
  "cache-control": CACHE_CONTROL,
  "cross-origin-resource-policy": "cross-origin",
};

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * Sends a cached public answer with its ETag (computed when the cache loaded it), or 304 with no body when the request's
 * `If-None-Match` names it. It sends the fixed security headers and what a JSON answer read by
 * other origins needs. Repeats are answered at the front door (packages/server kept-answers.ts),
 * 304 too, whether the first request of a URL was answered 200 or 304 (`keepAs`).
 */
export function sendCached(reply: FastifyReply, { text, etag, key, expires, preview }: PublicAnswer) {
  // A member's preview is theirs alone: no copy anywhere, not at the front door either.
  if (preview) return reply.header("cache-control", "private, no-store").type(JSON_TYPE).send(text);
  // Kept with its 30 s caching headers only while they promise no more than is left before `expires`.
  const keepUntil = expires - (MAX_AGE_SECONDS + STALE_SECONDS) * 1000;
  keepAs(reply, { body: text, contentType: JSON_TYPE, tag: key, keepUntil });
  reply.headers(CACHED_HEADERS).header("etag", etag);
  if (Number.isFinite(expires)) {
    // An answer true only until a moment (a kick-off, a window's boundary): the front door keeps it
    // until then (packages/server kept-answers.ts). Once that moment is nearer than what browsers
    // and CDNs may keep a copy for, they are told to keep it only until then, with no stale use, so a
    // public site sees the change within a second of it (docs/PRODUCT-RULES.md#windows); such an
    // answer is not kept at the front door (`isCachedRead`), whose copies keep their headers.
    reply.header("expires", new Date(expires).toUTCString());
    const left = expires - Date.now();
    if (left < (MAX_AGE_SECONDS + STALE_SECONDS) * 1000)
      reply.header("cache-control", `public, max-age=${Math.max(0, Math.floor(left / 1000))}`);
  }
  if (notModified(reply.request.headers["if-none-match"], etag)) return reply.code(304).send();
  return reply.type(JSON_TYPE).send(text);
}

/**
 * True for an answer sent by `sendCached` (its cache-control marks it) that the front door may keep:
 * not one whose cache-control counts down to a moment near at hand.
 */
export const isCachedRead = (reply: FastifyReply) => reply.getHeader("cache-control") === CACHE_CONTROL;
