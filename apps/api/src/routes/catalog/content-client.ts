import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { type MovieItem, movieListAnswer, SIGNED_LIST_PARAMS } from "@backoffice/contracts";
import { HttpError, signRead, signRequest } from "@backoffice/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

const gzipAsync = promisify(gzip);
const COMPRESS_ABOVE = 1024;

/** Imports wait on the movie database inside the content service (10 s there), so a little longer here. */
const TIMEOUT_MS = 15_000;
export const CONTENT_PATH = "/api/movies";
export const CATALOG_MESSAGES = {
  unavailable: "The content service is unavailable",
  timedOut: "The content service did not answer in time",
  badAnswer: "The content service answered in an unknown format",
  refused: "The content service refused this server's signature (check CONTENT_HMAC_SECRET)",
  noSecret: "The content service's signing secret is not configured (CONTENT_HMAC_SECRET)",
} as const;

/** The dashboard's view of the list: each windowed flag as set, beside its window (docs/PRODUCT-RULES.md#windows). */
export const DASHBOARD_VIEW = { flags: "set" } as const;

/** The content service's answer, as bytes: passed on as it wrote it. */
export interface ContentAnswer {
  status: number;
  type: string;
  payload: Buffer;
}

export function parseJson(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString("utf8"));
  } catch {
    return undefined;
  }
}

/**
 * Calls to the content service (docs/PRODUCT-RULES.md#secrets-stay-on-the-servers): signed with the
 * secret the browser never sees (writes once each, reads with their query); its 401 (a signature problem, not the admin's session) and
 * unknown formats become 502s.
 */
export function contentClient(fastify: FastifyInstance) {
  const { config } = fastify;
  const base = config.CONTENT_URL.replace(/\/+$/, "");

  async function call(
    request: FastifyRequest,
    method: string,
    path: string,
    options: { body?: unknown; query?: Record<string, string | undefined> } = {},
  ): Promise<ContentAnswer> {
    const text = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = {
      accept: "application/json, text/plain",
      "x-request-id": String(request.id),
    };
    const url = new URL(base + path);
    for (const [key, value] of Object.entries(options.query ?? {}))
      if (value !== undefined) url.searchParams.set(key, value);
    // Writes are signed, and the reads of views the public may not have (the flags as set, a
    // preview); the public list (the overview's counts) needs no secret.
    const publicRead = method === "GET" && !SIGNED_LIST_PARAMS.some((name) => url.searchParams.has(name));
    if (!publicRead) {
      const secret = config.CONTENT_HMAC_SECRET;
      if (!secret) throw new HttpError(503, CATALOG_MESSAGES.noSecret);
      Object.assign(
        headers,
        method === "GET"
          ? signRead(url.pathname + url.search, secret)
          : signRequest({ method, path, body: text, secret }),
      );
    }
    if (text !== undefined) headers["content-type"] = "application/json";

    let answer: Response;
    try {
      answer = await fetch(url, { method, headers, body: text, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      const timedOut = (error as Error).name === "TimeoutError";
      request.log.warn({ err: error, url: url.href }, "content service unreachable");
      throw new HttpError(502, timedOut ? CATALOG_MESSAGES.timedOut : CATALOG_MESSAGES.unavailable);
    }
    // Its 401 is about the signature, not the admin's session: passed on, it would sign them out.
    if (answer.status === 401) {
      request.log.error({ body: await answer.text() }, "content service refused the signature");
      throw new HttpError(502, CATALOG_MESSAGES.refused);
    }
    const type = answer.headers.get("content-type") ?? "";
    if (!/^(application\/json|text\/plain)\b/.test(type)) {
      await answer.body?.cancel();
      request.log.warn({ status: answer.status, type }, "content service answered an unknown format");
      throw new HttpError(502, CATALOG_MESSAGES.badAnswer);
    }
    return { status: answer.status, type, payload: Buffer.from(await answer.arrayBuffer()) };
  }

  return {
    call,
    /**
     * The titles the content service has now that `match` picks, from its list with the flags as set
     * (kept whole in its memory, so cheap): what a write is about to change, for the History and the
     * trash; whether a scheduled change's title exists; the titles' windows on the Schedule.
     */
    async titlesNow(request: FastifyRequest, match: (item: MovieItem) => boolean): Promise<MovieItem[]> {
      const answer = await call(request, "GET", CONTENT_PATH, { query: DASHBOARD_VIEW });
      const list =
        answer.status === 200 ? movieListAnswer.safeParse(parseJson(answer.payload)).data : undefined;
      return list?.filter(match) ?? [];
    },
  };
}

/**
 * Sends the content service's answer on unchanged, but for a refusal in plain text (the import's 404,
 * 409 and 502): it becomes the envelope every other error of this API has, with the same message.
 */
export async function relay(request: FastifyRequest, reply: FastifyReply, answer: ContentAnswer) {
  reply.code(answer.status).header("cache-control", "no-store");
  if (answer.status >= 400 && answer.type.startsWith("text/plain")) {
    const message = answer.payload.toString("utf8").trim() || `The content service answered ${answer.status}`;
    return reply.send({ status: answer.status >= 500 ? "error" : "fail", message });
  }
  reply.type(answer.type).header("vary", "accept-encoding");
  // The whole catalogue is one answer (the list pages in the browser): 5,000 titles are about
  // 2.5 MB of JSON and 0.3 MB gzipped, so it travels compressed to a browser that accepts it.
  if (
    answer.payload.length > COMPRESS_ABOVE &&
    /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""))
  )
    return reply.header("content-encoding", "gzip").send(await gzipAsync(answer.payload, { level: 6 }));
  return reply.send(answer.payload);
}
