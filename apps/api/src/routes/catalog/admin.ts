import { promisify } from "node:util";
import { gzip } from "node:zlib";
import {
  errorBody,
  idParams,
  movieDeleteAnswer,
  movieDeleteBody,
  movieImportBody,
  movieItemAnswer,
  movieListAnswer,
  movieListQuery,
  movieLockerBody,
  moviePatchBody,
  type Site,
} from "@backoffice/contracts";
import { HttpError, signRequest } from "@backoffice/server";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

const gzipAsync = promisify(gzip);
const COMPRESS_ABOVE = 1024;

/** Imports wait on the movie database inside the content service (10 s there), so a little longer here. */
const TIMEOUT_MS = 15_000;
const CONTENT_PATH = "/api/movies";
export const CATALOG_MESSAGES = {
  unavailable: "The content service is unavailable",
  timedOut: "The content service did not answer in time",
  badAnswer: "The content service answered in an unknown format",
  refused: "The content service refused this server's signature (check CONTENT_HMAC_SECRET)",
  noSecret: "The content service's signing secret is not configured (CONTENT_HMAC_SECRET)",
} as const;

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 502: errorBody };
const plainText = z.string();

/**
 * `/api/v1/movies/catalog/...` stands for the content service's `/api/movies/...` (DESIGN §5): the
 * admin session and CSRF token are checked here, writes are signed with the secret the browser never
 * sees, and the content service's status and body come back unchanged (the import answers plain text).
 */
const catalogRoutes: FastifyPluginAsyncZod<{ site: Site }> = async (fastify, { site }) => {
  const { config } = fastify;
  const base = config.CONTENT_URL.replace(/\/+$/, "");
  const tags = [`${site}: catalog`];

  async function forward(
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    options: { body?: unknown; query?: Record<string, string | undefined> } = {},
  ) {
    const method = request.method;
    const text = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = {
      accept: "application/json, text/plain",
      "x-request-id": String(request.id),
    };
    if (method !== "GET") {
      const secret = config.CONTENT_HMAC_SECRET;
      if (!secret) throw new HttpError(503, CATALOG_MESSAGES.noSecret);
      Object.assign(headers, signRequest({ method, path, body: text, secret }));
    }
    if (text !== undefined) headers["content-type"] = "application/json";
    const url = new URL(base + path);
    for (const [key, value] of Object.entries(options.query ?? {}))
      if (value !== undefined) url.searchParams.set(key, value);

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
    // Bytes, not an object: the answer is passed on as the content service wrote it.
    const payload = Buffer.from(await answer.arrayBuffer());
    reply
      .code(answer.status)
      .type(type)
      .header("cache-control", "no-store")
      .header("vary", "accept-encoding");
    // The whole catalogue is one answer (the list pages in the browser): 5,000 titles are about
    // 2.5 MB of JSON and 0.3 MB gzipped, so it travels compressed to a browser that accepts it.
    if (payload.length > COMPRESS_ABOVE && /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? "")))
      return reply.header("content-encoding", "gzip").send(await gzipAsync(payload, { level: 6 }));
    return reply.send(payload);
  }

  fastify.get(
    "/catalog",
    { schema: { tags, querystring: movieListQuery, response: { 200: movieListAnswer, ...errors } } },
    async (request, reply) =>
      forward(request, reply, CONTENT_PATH, {
        query: { type: request.query.type, search: request.query.search || undefined },
      }),
  );

  fastify.delete(
    "/catalog",
    { schema: { tags, body: movieDeleteBody, response: { 200: movieDeleteAnswer, ...errors } } },
    async (request, reply) => forward(request, reply, CONTENT_PATH, { body: request.body }),
  );

  fastify.patch(
    "/catalog/:id",
    {
      schema: { tags, params: idParams, body: moviePatchBody, response: { 200: movieItemAnswer, ...errors } },
    },
    async (request, reply) =>
      forward(request, reply, `${CONTENT_PATH}/${request.params.id}`, { body: request.body }),
  );

  fastify.patch(
    "/catalog/:id/locker",
    {
      schema: {
        tags,
        params: idParams,
        body: movieLockerBody,
        response: { 200: movieItemAnswer, ...errors },
      },
    },
    async (request, reply) =>
      forward(request, reply, `${CONTENT_PATH}/${request.params.id}/locker`, { body: request.body }),
  );

  fastify.post(
    "/catalog/import/tmdb",
    {
      schema: {
        tags,
        body: movieImportBody,
        response: {
          ...errors,
          201: plainText,
          404: plainText,
          409: plainText,
          502: z.union([plainText, errorBody]),
        },
      },
    },
    async (request, reply) => forward(request, reply, `${CONTENT_PATH}/import/tmdb`, { body: request.body }),
  );
};

export default catalogRoutes;
