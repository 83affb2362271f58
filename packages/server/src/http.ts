import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import type { Socket } from "node:net";
import {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from "fastify";
import { badRequest, HttpError } from "./http-errors.ts";
import { redactUrl } from "./redact-url.ts";
import { activeTracing, type Tracing } from "./tracing.ts";

/**
 * Time limits every server keeps, so a slow or silent client cannot hold a socket forever: a whole
 * request must arrive within 30 s, an idle connection closes after 60 s, and a kept-alive one
 * after 5 s without a new request.
 */
export const TIMEOUTS = {
  requestMs: 30_000,
  connectionMs: 60_000,
  keepAliveMs: 5_000,
  headersMs: 10_000,
} as const;
/** How often Node cuts connections past `requestMs` or `headersMs`. */
export const CONNECTIONS_CHECKED_MS = 2_000;
/** Open sockets a server accepts at once; more are refused, so held connections cannot exhaust it. */
export const MAX_CONNECTIONS = 10_000;

/**
 * Headers every answer carries, errors and router-level refusals included (JSON answers are never
 * framed, run nor sniffed). Servers with @fastify/helmet keep its richer values where it set them.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
};

/** Adds the security headers a reply does not carry yet. */
export function addSecurityHeaders(reply: FastifyReply): FastifyReply {
  for (const [name, value] of Object.entries(SECURITY_HEADERS))
    if (!reply.hasHeader(name)) reply.header(name, value);
  return reply;
}

/** Every answer of a server gets the security headers (the content service, which has no helmet). */
export function installSecurityHeaders(fastify: FastifyInstance) {
  fastify.addHook("onSend", async (_request, reply) => {
    addSecurityHeaders(reply);
  });
}

/** Refusals Node's HTTP parser makes before a request exists (headers too large, a malformed request). */
function clientErrorAnswer(error: NodeJS.ErrnoException & { code?: string }, socket: Socket) {
  if (error.code === "ECONNRESET" || !socket.writable) return socket.destroy(error);
  const [status, text, message] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "Request Header Fields Too Large", "Request headers are too large"]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "Request Timeout", "The request took too long to arrive"]
        : [400, "Bad Request", "Malformed request"];
  const body = JSON.stringify({ status: "fail", message });
  const headers = Object.entries({
    ...SECURITY_HEADERS,
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(body)),
    connection: "close",
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.end(`HTTP/1.1 ${status} ${text}\r\n${headers}\r\n${body}`);
}

/** A request's URL as its log lines give it: `redactUrl` with the request's route pattern. */
export const loggedUrl = (request: FastifyRequest): string =>
  redactUrl(request.url, request.routeOptions?.url);

/**
 * Asked before routing: `serve` answers a request itself and returns true (the api's repeated public
 * reads, lib/public-cache.ts), or returns false to leave it to Fastify. Set once the app has built it.
 */
export interface FrontDoor {
  serve?: (request: IncomingMessage, response: ServerResponse) => boolean;
}

/**
 * Where the log goes: one JSON object per line (for log storage), but readable lines when a person
 * watches a terminal (stdout is a TTY). pino-pretty writes synchronously in this thread (no worker),
 * and is loaded only then.
 */
function logStream(pretty: boolean): { write(line: string): void } | undefined {
  if (!pretty) return undefined;
  const { build } = createRequire(import.meta.url)("pino-pretty") as typeof import("pino-pretty");
  return build({
    sync: true,
    colorize: true,
    singleLine: true,
    translateTime: "SYS:HH:MM:ss",
    ignore: "pid,hostname",
  });
}

/**
 * Request lines where a person reads the log (a terminal): none at info, so that a day of use does
 * not scroll away what matters (the first run's admin password, a warning). "incoming request",
 * "request completed" and "Route … not found" are logged at debug (`LOG_LEVEL=debug` shows them); a
 * request that errored, every 5xx (the error handler's "request failed") and every warning still
 * show. JSON logs (stdout not a terminal) keep Fastify's request lines at info, for log storage.
 */
export class TerminalRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, "incoming request");
  }
  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) super.requestCompleted(error, request, reply);
    else if (!this.isLogDisabled(request))
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, "request completed");
  }
  override routeNotFound(request: FastifyRequest): void {
    if (!this.isLogDisabled(request))
      request.log.debug(`Route ${request.method}:${loggedUrl(request)} not found`);
  }
}

/**
 * A log line's trace id (pino's mixin): the request's or job run's, none outside a trace. A new
 * object each time: pino writes the line's own fields into it.
 */
const traceIdOf = (tracing: Tracing) => {
  const traceId = tracing.traceId();
  return traceId ? { traceId } : {};
};

/** The Fastify options api, content and sandbox share: logging, request ids, limits and timeouts. */
export function serverOptions(options: {
  front?: FrontDoor;
  logLevel: string | false;
  /** Log paths whose values never reach the log (credentials, signatures). */
  redact?: string[];
  bodyLimit: number;
  trustProxy?: boolean;
  /** Readable log lines instead of JSON; by default when stdout is a terminal. */
  prettyLog?: boolean;
}): FastifyServerOptions {
  const pretty = options.logLevel !== false && (options.prettyLog ?? !!process.stdout.isTTY);
  const stream = logStream(pretty);
  // With tracing on (started before the server is built): each request that reaches routing gets
  // a span, and every log line of its work the trace id.
  const tracing = activeTracing();
  return {
    // In a terminal, no request lines at info (TerminalRequestLog).
    ...(pretty ? { logController: new TerminalRequestLog() } : {}),
    logger:
      options.logLevel === false
        ? false
        : {
            level: options.logLevel,
            ...(stream ? { stream } : {}),
            ...(tracing ? { mixin: () => traceIdOf(tracing) } : {}),
            serializers: {
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: loggedUrl(request),
                host: request.host,
                remoteAddress: request.ip,
                remotePort: request.socket?.remotePort,
              }),
            },
            ...(options.redact?.length ? { redact: { paths: options.redact, censor: "[redacted]" } } : {}),
          },
    bodyLimit: options.bodyLimit,
    // No time limit on a plugin's start (avvio's default is 10 s): on a busy machine loading
    // @fastify/swagger-ui alone took longer, and the start failed instead of finishing late (issue
    // 39). What a start waits for over the network is bounded and said instead (@backoffice/db wait.ts).
    pluginTimeout: 0,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    trustProxy: options.trustProxy ?? false,
    // Our own ids: a caller-sent x-request-id would let a client forge log correlation.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    requestTimeout: TIMEOUTS.requestMs,
    connectionTimeout: TIMEOUTS.connectionMs,
    keepAliveTimeout: TIMEOUTS.keepAliveMs,
    // Closing (SIGTERM) drains: the port stops accepting at once, idle keep-alive connections close,
    // requests already received run to their answer (each sent with `Connection: close`, none refused
    // with 503), then the process ends; runServer bounds the wait at 10 s (docs/DEPLOYMENT.md, Draining).
    forceCloseConnections: "idle",
    return503OnClosing: false,
    // Node's server with every limit set here, so each server and each test gets the same one.
    serverFactory: (fastifyHandler) => {
      const handler = tracing ? tracing.serve(fastifyHandler) : fastifyHandler;
      const server = createServer(
        {
          requestTimeout: TIMEOUTS.requestMs,
          headersTimeout: TIMEOUTS.headersMs,
          keepAliveTimeout: TIMEOUTS.keepAliveMs,
          // Node checks the two limits above only this often (30 s by default, which held a partial
          // body for ever): every 2 s, so a limit acts within 2 s of its time, while an idle server
          // wakes half as often as with 1 s (three servers in `npm start`: 3 of its 3.5 wake-ups a second).
          connectionsCheckingInterval: CONNECTIONS_CHECKED_MS,
        },
        options.front
          ? (request, response) => options.front?.serve?.(request, response) || handler(request, response)
          : handler,
      );
      server.timeout = TIMEOUTS.connectionMs;
      server.maxConnections = MAX_CONNECTIONS;
      return server;
    },
    // Router-level refusals keep the error envelope and the security headers.
    frameworkErrors: (error, _request, reply) => {
      addSecurityHeaders(reply)
        .code(400)
        .send({
          status: "fail",
          message: error.code === "FST_ERR_BAD_URL" ? "Malformed URL" : "Bad request",
        });
    },
    clientErrorHandler: clientErrorAnswer,
  };
}

const NUL = "\u0000";
const nulIn = (name: string) => badRequest(`${name} must not contain the NUL character`);

/**
 * Bodies are read as sent: one declared compressed (`Content-Encoding: gzip`, ...) is refused with 415
 * and `Accept-Encoding: identity` (RFC 9110, 15.5.16), never stored as if it were plain text.
 */
function refuseEncodedBody(request: FastifyRequest) {
  const encoding = String(request.headers["content-encoding"] ?? "identity")
    .trim()
    .toLowerCase();
  if (encoding === "identity" || encoding === "") return;
  throw new HttpError(
    415,
    `Content-Encoding ${encoding.slice(0, 40)} is not supported: send the body uncompressed`,
    { "accept-encoding": "identity" },
  );
}

/** The path of the first string (or key) holding a NUL character, e.g. `title` or `ids[2]`. */
function nulPath(value: unknown, path: string): string | undefined {
  if (typeof value === "string") return value.includes(NUL) ? path || "body" : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulPath(item, `${path}[${index}]`);
      if (found) return found;
    }
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const name = path ? `${path}.${key}` : key;
      if (key.includes(NUL)) return name;
      const found = nulPath(item, name);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * JSON bodies only: an empty body with a JSON content type reads as no body (logout, deletes
 * without payload) and other content types answer 415. `keepRaw` receives the exact text (the
 * content service verifies signatures over it). A NUL character, in the body or the query string,
 * is refused with a 400 naming where it was: PostgreSQL cannot store it in text.
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
    parseJson(request, text, (error, value) => {
      if (error) return done(error);
      const where = nulPath(value, "");
      if (where) return done(nulIn(where));
      done(null, value);
    });
  });
  fastify.removeContentTypeParser("text/plain");
  fastify.addHook("onRequest", async (request) => {
    refuseEncodedBody(request);
    const [path = "", query] = request.url.split("?", 2);
    if (/%00/.test(path) || path.includes(NUL)) throw nulIn("path");
    if (!query || !(query.includes("%00") || query.includes(NUL))) return;
    for (const [key, value] of new URLSearchParams(query)) {
      if (key.includes(NUL) || value.includes(NUL)) throw nulIn(key.replaceAll(NUL, "") || "query");
    }
  });
}

/** Every answer names its request id, so a user's report can be found in the log. */
export function installRequestIdHeader(fastify: FastifyInstance) {
  fastify.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header("x-request-id", request.id);
  });
}

/** What a readiness check found: answering, not answering, or not configured on this instance. */
export type DependencyState = "ok" | "down" | "off";

/** One dependency of `/readyz`: `required` ones make the instance not ready (503) when down. */
export interface ReadinessCheck {
  required: boolean;
  check(): Promise<DependencyState>;
}

/** A check that has not answered in this long counts as down: a probe never hangs on a dead dependency. */
export const READINESS_TIMEOUT_MS = 1000;

async function stateOf(check: ReadinessCheck["check"]): Promise<DependencyState> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<DependencyState>((resolve) => {
    timer = setTimeout(() => resolve("down"), READINESS_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().catch(() => "down" as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/healthz` (the process answers) and `/readyz` (its dependencies, each named with "ok", "down" or
 * "off"): 200 `{status: "ok", database: "ok", …}`; 200 `{status: "degraded", …}` when an optional
 * dependency is down (the instance serves, with fallbacks); 503 in the error envelope when a
 * required one is down (docs/DEPLOYMENT.md, Health and readiness).
 */
export function installHealthRoutes(fastify: FastifyInstance, checks: Record<string, ReadinessCheck> = {}) {
  // No response schemas: the servers use different schema compilers (zod, or Fastify's own).
  fastify.get("/healthz", { schema: { tags: ["system"] } }, async () => ({ status: "ok" }));
  fastify.get("/readyz", { schema: { tags: ["system"] } }, async (request, reply) => {
    const names = Object.keys(checks);
    const states = await Promise.all(names.map((name) => stateOf(checks[name]!.check)));
    const dependencies = Object.fromEntries(names.map((name, index) => [name, states[index]!]));
    const down = names.filter((name) => dependencies[name] === "down");
    const missing = down.filter((name) => checks[name]!.required);
    if (down.length) request.log.warn({ down }, missing.length ? "not ready" : "degraded");
    if (missing.length)
      return reply
        .code(503)
        .send({ status: "error", message: `Not ready: ${missing.join(", ")} unavailable`, ...dependencies });
    return { status: down.length ? "degraded" : "ok", ...dependencies };
  });
}
