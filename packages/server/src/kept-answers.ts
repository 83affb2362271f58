import { createHash, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyReply } from "fastify";

declare module "fastify" {
  interface FastifyRequest {
    /** The kept answers' generation when the request began (`keepAnswers`). */
    keptAnswersGeneration: number;
  }
}

type Headers = Record<string, string | number | string[] | undefined>;

/**
 * Whole answers to public reads, kept for the server's front door (`FrontDoor`): a repeated GET (same
 * URL and Origin) gets the same bytes and headers, with a fresh request id, before Fastify's routing,
 * hooks and serialization, which cost about a third of a cached read's throughput (`npm run bench`).
 */
export interface KeptAnswers {
  /** Counts `clear` calls: an answer built before one is refused by `keep`. */
  generation(): number;
  keep(request: IncomingMessage, generation: number, headers: Headers, body: string): void;
  /** Writes the kept answer and returns true, or returns false when there is none. */
  answer(request: IncomingMessage, response: ServerResponse): boolean;
  /** Drops every kept answer: call it whenever the data behind them may have changed. */
  clear(): void;
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
 * The raw header list's value of `name` (lower case), without building `request.headers` (an object
 * of them all, built on first use).
 */
function rawHeader(request: IncomingMessage, name: string): string | undefined {
  const raw = request.rawHeaders;
  for (let index = 0; index < raw.length; index += 2)
    if (raw[index]!.length === name.length && raw[index]!.toLowerCase() === name) return raw[index + 1];
  return undefined;
}

// CORS answers differ by Origin; nothing else in a public read's request changes its answer (a URL
// holds no line break, so the two kinds of key never meet).
function answerKey(request: IncomingMessage): string {
  const origin = rawHeader(request, "origin");
  return origin === undefined ? request.url! : `${request.url}\n${origin}`;
}

export function createKeptAnswers(maxEntries = 5000): KeptAnswers {
  const answers = new Map<string, { headers: Headers; body: Buffer; unchanged: Headers; expires: number }>();
  let generation = 0;
  let answered = 0;
  return {
    generation: () => generation,
    keep(request, since, headers, body) {
      if (since !== generation || request.method !== "GET") return;
      if (answers.size >= maxEntries) answers.delete(answers.keys().next().value!);
      const bytes = Buffer.from(body);
      const { date: _date, "x-request-id": _id, ...kept } = headers;
      // A 304 carries the validator and caching headers of the 200, without its body's.
      const { "content-type": _type, "content-length": _length, ...unchanged } = kept;
      // An answer true only until a moment (the matches read's next kick-off) says so in `expires`.
      const expires = typeof headers.expires === "string" ? Date.parse(headers.expires) : Number.NaN;
      answers.set(answerKey(request), {
        headers: { ...kept, "content-length": bytes.length },
        body: bytes,
        unchanged,
        expires: Number.isNaN(expires) ? Number.POSITIVE_INFINITY : expires,
      });
    },
    answer(request, response) {
      if (request.method !== "GET") return false;
      const key = answerKey(request);
      const kept = answers.get(key);
      if (!kept) return false;
      if (kept.expires <= Date.now()) {
        answers.delete(key);
        return false;
      }
      answered += 1;
      const etag = kept.headers.etag;
      if (typeof etag === "string" && notModified(rawHeader(request, "if-none-match"), etag)) {
        response.writeHead(304, { ...kept.unchanged, "x-request-id": randomUUID() });
        response.end();
        return true;
      }
      response.writeHead(200, { ...kept.headers, "x-request-id": randomUUID() });
      response.end(kept.body);
      return true;
    },
    clear() {
      generation += 1;
      answers.clear();
    },
    answered: () => answered,
  };
}

/**
 * Keeps the 200 answers of this scope's GET routes that `keepable` accepts, unless `clear` was
 * called after the request began (what it loaded may be older than the change).
 */
export function keepAnswers(
  scope: FastifyInstance,
  kept: KeptAnswers,
  keepable: (reply: FastifyReply) => boolean,
) {
  scope.decorateRequest("keptAnswersGeneration", -1);
  scope.addHook("onRequest", async (request) => {
    request.keptAnswersGeneration = kept.generation();
  });
  scope.addHook("onSend", async (request, reply, payload) => {
    if (reply.statusCode === 200 && typeof payload === "string" && keepable(reply))
      kept.keep(request.raw, request.keptAnswersGeneration, reply.getHeaders(), payload);
    return payload;
  });
}
