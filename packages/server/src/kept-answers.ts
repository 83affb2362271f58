import { createHash, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyReply } from "fastify";

declare module "fastify" {
  interface FastifyRequest {
    /** The kept answers' generation when the request began (`keepAnswers`). */
    keptAnswersGeneration: number;
    /** The whole answer a route sent or stood for with a 304 (`keepAs`), for `keepAnswers`. */
    keptAnswer: KeptBody | null;
  }
}

/**
 * What a route's answer was made of, for its front-door copy: the body (also when the route answered
 * 304 for it), its content type, and the cache key of what it read (`tag`), so that clearing that
 * key's prefix drops it and nothing else.
 */
export interface KeptBody {
  body: string;
  contentType: string;
  tag?: string;
  /**
   * When the front door stops answering with it (ms), if earlier than its `Expires`: a copy whose
   * caching headers would promise more than is left before that moment (public-reply.ts) goes then.
   */
  keepUntil?: number;
}

type Headers = Record<string, string | number | string[] | undefined>;

/**
 * Whole answers to public reads, kept for the server's front door (`FrontDoor`): a repeated GET (same
 * URL and Origin) gets the same bytes and headers, with a fresh request id, before Fastify's routing,
 * hooks and serialization, which cost about a third of a cached read's throughput (`npm run bench`).
 */
export interface KeptAnswers {
  /** Counts `clear` calls: an answer built before one that covers its tag is refused by `keep`. */
  generation(): number;
  /**
   * Keeps a 200's headers and body for the request's URL and Origin; `tag` (the cache key the answer
   * was read from) says which `clear` drops it, and an answer without one is dropped by every `clear`.
   */
  keep(
    request: IncomingMessage,
    generation: number,
    headers: Headers,
    body: string,
    tag?: string,
    keepUntil?: number,
  ): void;
  /**
   * Writes the kept answer, or 304 with its validator and caching headers when the request's
   * `If-None-Match` names its ETag, and returns true; returns false when there is none.
   */
  answer(request: IncomingMessage, response: ServerResponse): boolean;
  /**
   * Drops the kept answers whose tag starts with `prefix` (and those without a tag); without a
   * prefix, every one. Call it whenever the data behind them may have changed.
   */
  clear(prefix?: string): void;
  /** Requests answered at the front door so far. */
  answered(): number;
}

/** A strong validator of an answer's body: the same bytes, the same tag (`"` + base64url SHA-1 + `"`). */
export const etagOf = (body: string) => `"${createHash("sha1").update(body).digest("base64url")}"`;

/**
 * True when an `If-None-Match` header names `etag` (weak comparison: a `W/` prefix is ignored) or
 * is `*`. A substring test, linear in the header whatever it holds: garbage or thousands of tags
 * are simply not a match (Node refuses a header block over 16 KB with 431 before this runs).
 */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.trim() === "*" || ifNoneMatch.includes(etag);
}

/**
 * The `Origin` and `If-None-Match` of a request, in one pass over the raw header list, without
 * building `request.headers` (an object of them all, built on first use).
 */
function readHeaders(request: IncomingMessage): { origin?: string; ifNoneMatch?: string } {
  const raw = request.rawHeaders;
  let origin: string | undefined;
  let ifNoneMatch: string | undefined;
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index]!;
    if (name.length === 6 && name.toLowerCase() === "origin") origin = raw[index + 1];
    else if (name.length === 13 && name.toLowerCase() === "if-none-match") ifNoneMatch = raw[index + 1];
  }
  return { origin, ifNoneMatch };
}

// CORS answers differ by Origin; nothing else in a public read's request changes its answer (a URL
// holds no line break, so the two kinds of key never meet).
const answerKey = (url: string, origin: string | undefined) =>
  origin === undefined ? url : `${url}\n${origin}`;

/** How many recent `clear` calls `keep` remembers; an answer begun before older ones is refused. */
const CLEARS_REMEMBERED = 64;

export function createKeptAnswers(maxEntries = 5000): KeptAnswers {
  const answers = new Map<
    string,
    {
      headers: Headers;
      body: Buffer;
      unchanged: Headers;
      etag: string | undefined;
      expires: number;
      tag: string | undefined;
    }
  >();
  let generation = 0;
  let answered = 0;
  /** The prefixes of the latest clears, the last one at generation `generation`. */
  const clears: string[] = [];
  const covers = (prefix: string, tag: string | undefined) => tag === undefined || tag.startsWith(prefix);
  /** Whether a clear since generation `since` may have changed what an answer tagged `tag` read. */
  const clearedSince = (since: number, tag: string | undefined) => {
    if (since === generation) return false;
    if (since < 0 || generation - since > clears.length) return true;
    for (let index = clears.length - (generation - since); index < clears.length; index++)
      if (covers(clears[index]!, tag)) return true;
    return false;
  };
  return {
    generation: () => generation,
    keep(request, since, headers, body, tag, keepUntil = Number.POSITIVE_INFINITY) {
      if (request.method !== "GET" || clearedSince(since, tag)) return;
      const key = answerKey(request.url!, readHeaders(request).origin);
      // Re-inserted, so the oldest-kept entry is the one dropped when the map is full.
      answers.delete(key);
      if (answers.size >= maxEntries) answers.delete(answers.keys().next().value!);
      const bytes = Buffer.from(body);
      const { date: _date, "x-request-id": _id, ...kept } = headers;
      // A 304 carries the validator and caching headers of the 200, without its body's.
      const { "content-type": _type, "content-length": _length, ...unchanged } = kept;
      // An answer true only until a moment (the matches read's next kick-off) says so in `expires`.
      const expires = typeof headers.expires === "string" ? Date.parse(headers.expires) : Number.NaN;
      answers.set(key, {
        // Each with its request id's place, filled in per answer (one object, not a copy per request).
        headers: { ...kept, "content-length": bytes.length, "x-request-id": "" },
        body: bytes,
        unchanged: { ...unchanged, "x-request-id": "" },
        etag: typeof headers.etag === "string" ? headers.etag : undefined,
        expires: Math.min(keepUntil, Number.isNaN(expires) ? Number.POSITIVE_INFINITY : expires),
        tag,
      });
    },
    answer(request, response) {
      if (request.method !== "GET") return false;
      const { origin, ifNoneMatch } = readHeaders(request);
      const key = answerKey(request.url!, origin);
      const kept = answers.get(key);
      if (!kept) return false;
      if (kept.expires !== Number.POSITIVE_INFINITY && kept.expires <= Date.now()) {
        answers.delete(key);
        return false;
      }
      answered += 1;
      // writeHead reads the headers before it returns: the kept object takes this request's id.
      if (kept.etag !== undefined && notModified(ifNoneMatch, kept.etag)) {
        kept.unchanged["x-request-id"] = randomUUID();
        response.writeHead(304, kept.unchanged);
        response.end();
        return true;
      }
      kept.headers["x-request-id"] = randomUUID();
      response.writeHead(200, kept.headers);
      response.end(kept.body);
      return true;
    },
    clear(prefix = "") {
      generation += 1;
      clears.push(prefix);
      if (clears.length > CLEARS_REMEMBERED) clears.shift();
      if (prefix === "") answers.clear();
      else for (const [key, { tag }] of answers) if (covers(prefix, tag)) answers.delete(key);
    },
    answered: () => answered,
  };
}

/**
 * Tells `keepAnswers` what the route's answer is made of: call it before sending the 200 or the 304
 * that stands for `body`. A first request that revalidates (a CDN, a browser past `max-age`) is then
 * kept too, and the next ones are answered at the front door, 304 included.
 */
export function keepAs(reply: FastifyReply, answer: KeptBody): FastifyReply {
  reply.request.keptAnswer = answer;
  return reply;
}

/**
 * Keeps the answers of this scope's GET routes that `keepable` accepts: a 200's body, or the body a
 * 304 stood for (`keepAs`), unless a `clear` covering its tag was called after the request began
 * (what it loaded may be older than the change).
 */
export function keepAnswers(
  scope: FastifyInstance,
  kept: KeptAnswers,
  keepable: (reply: FastifyReply) => boolean,
) {
  scope.decorateRequest("keptAnswersGeneration", -1);
  scope.decorateRequest("keptAnswer", null);
  scope.addHook("onRequest", async (request) => {
    request.keptAnswersGeneration = kept.generation();
  });
  scope.addHook("onSend", async (request, reply, payload) => {
    const { statusCode } = reply;
    if ((statusCode !== 200 && statusCode !== 304) || !keepable(reply)) return payload;
    const answer = request.keptAnswer;
    const since = request.keptAnswersGeneration;
    if (statusCode === 200 && typeof payload === "string")
      kept.keep(request.raw, since, reply.getHeaders(), payload, answer?.tag, answer?.keepUntil);
    else if (statusCode === 304 && answer)
      kept.keep(
        request.raw,
        since,
        { ...reply.getHeaders(), "content-type": answer.contentType },
        answer.body,
        answer.tag,
        answer.keepUntil,
      );
    return payload;
  });
}
