import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";

/**
 * Time limits every server keeps, so a slow or silent client cannot hold a socket forever: a whole
 * request must arrive within 30 s, an idle connection closes after 60 s, and a kept-alive one
 * after 5 s without a new request.
 */
export const TIMEOUTS = { requestMs: 30_000, connectionMs: 60_000, keepAliveMs: 5_000 } as const;

/** The Fastify options api, content and sandbox share: logging, request ids, limits and timeouts. */
export function serverOptions(options: {
  logLevel: string | false;
  /** Log paths whose values never reach the log (credentials, signatures). */
  redact?: string[];
  bodyLimit: number;
  trustProxy?: boolean;
}): FastifyServerOptions {
  return {
    logger:
      options.logLevel === false
        ? false
        : {
            level: options.logLevel,
            ...(options.redact?.length ? { redact: { paths: options.redact, censor: "[redacted]" } } : {}),
          },
    bodyLimit: options.bodyLimit,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    trustProxy: options.trustProxy ?? false,
    // Our own ids: a caller-sent x-request-id would let a client forge log correlation.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    requestTimeout: TIMEOUTS.requestMs,
    connectionTimeout: TIMEOUTS.connectionMs,
    keepAliveTimeout: TIMEOUTS.keepAliveMs,
    forceCloseConnections: true,
  };
}

/**
 * JSON bodies only: an empty body with a JSON content type reads as no body (logout, deletes
 * without payload) and other content types answer 415. `keepRaw` receives the exact text (the
 * content service verifies signatures over it).
 */
export function installJsonParser(
  fastify: FastifyInstance,
  keepRaw?: (request: FastifyRequest, text: string) => void,
) {
  const parseJson = fastify.getDefaultJsonParser("error", "error");
  fastify.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body.toString();
    keepRaw?.(request, text);
    if (text.trim() === "") return done(null, undefined);
    parseJson(request, text, done);
  });
  fastify.removeContentTypeParser("text/plain");
}

/** Every answer names its request id, so a user's report can be found in the log. */
export function installRequestIdHeader(fastify: FastifyInstance) {
  fastify.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header("x-request-id", request.id);
  });
}

/**
 * `/healthz` (the process answers) and `/readyz` (its dependencies answer, e.g. the database):
 * 200 `{status: "ok"}`, or 503 with what is unavailable.
 */
export function installHealthRoutes(
  fastify: FastifyInstance,
  ready: () => Promise<unknown> = async () => {},
  unavailable = "database unavailable",
) {
  // No response schemas: the servers use different schema compilers (zod, or Fastify's own).
  fastify.get("/healthz", { schema: { tags: ["system"] } }, async () => ({ status: "ok" }));
  fastify.get("/readyz", { schema: { tags: ["system"] } }, async (request, reply) => {
    try {
      await ready();
      return { status: "ok" };
    } catch (error) {
      request.log.warn({ err: error }, "not ready");
      return reply.code(503).send({ status: unavailable });
    }
  });
}
