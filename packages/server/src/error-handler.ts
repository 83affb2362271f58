import { type FieldError, fieldErrorOf, valueAt } from "@backoffice/contracts/field-errors";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { addSecurityHeaders } from "./http.ts";
import { DATABASE_UNAVAILABLE, HttpError, isDatabaseUnavailable } from "./http-errors.ts";
import { recordSpanError, traceIdField } from "./tracing.ts";

/** How long a client is told to wait when the database is away: a restart takes a few seconds. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Where a validation context's values are on the request, to tell a field left out from one sent wrong. */
const SENT: Record<string, (request: FastifyRequest) => unknown> = {
  body: (request) => request.body,
  querystring: (request) => request.query,
  params: (request) => request.params,
  headers: (request) => request.headers,
};

/**
 * A zod issue as the envelope's `errors` item: the field's path, the rule's message, and its code
 * (contracts field-errors.ts) with the limit the rule set.
 */
function describeIssue(
  issue: { instancePath: string; keyword: string; message?: string; params: Record<string, unknown> },
  context: string,
  sent: unknown,
): FieldError {
  const segments = issue.instancePath === "/" ? [] : issue.instancePath.split("/").slice(1);
  const path = segments.join(".") || context;
  const detail = fieldErrorOf({ ...issue.params, code: issue.keyword }, valueAt(sent, segments));
  const message = issue.message ?? "is invalid";
  if (issue.keyword === "unrecognized_keys") {
    const keys = (issue.params.keys as string[] | undefined) ?? [];
    return {
      path: keys.join(", ") || path,
      message: `Unknown field${keys.length > 1 ? "s" : ""}: ${keys.join(", ")}`,
      ...detail,
    };
  }
  if (issue.keyword === "invalid_type" && /received undefined/.test(message)) {
    return { path, message: `${path} is required`, ...detail };
  }
  // Our own messages are complete sentences; zod's generic ones get the field in front.
  return {
    path,
    message: /^(Invalid|Too (small|big)|Expected)/.test(message) ? `${path}: ${message}` : message,
    ...detail,
  };
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return "Malformed JSON body";
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "Request body must not be empty when content-type is application/json";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "Request body is too large";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Unsupported content type: send application/json";
    default:
      return error.message;
  }
}

export interface ErrorHandlerOptions {
  /** Answers an unmatched request itself (e.g. the dashboard's index.html) and returns true, or leaves it to the 404. */
  fallback?: (request: FastifyRequest, reply: FastifyReply) => boolean;
}

/**
 * Every error leaves as `{status: "fail" | "error", message, errors?}`: validation issues name their
 * field, Fastify's client errors keep a safe message, and 5xx details stay in the log. With tracing
 * on, a 5xx also names its trace (`traceId`), so a user's report leads to the request's spans.
 */
export function installErrorHandlers(fastify: FastifyInstance, options: ErrorHandlerOptions = {}): void {
  fastify.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    addSecurityHeaders(reply);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext ?? "body";
      const sent = SENT[context]?.(request);
      const fieldErrors = error.validation.map((issue) => describeIssue(issue, context, sent));
      return reply.code(400).send({ status: "fail", message: fieldErrors[0]!.message, errors: fieldErrors });
    }
    if (error instanceof HttpError) {
      const serverSide = error.statusCode >= 500;
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({
          status: serverSide ? "error" : "fail",
          message: error.message,
          ...(error.errors ? { errors: error.errors } : {}),
          ...(serverSide ? traceIdField() : {}),
        });
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      return reply.code(statusCode).send({ status: "fail", message: clientMessage(error) });
    }
    // The database away is an outage to wait out, not a bug: 503 with when to try again, never a 500
    // (docs/DEPLOYMENT.md, "PostgreSQL down").
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: { message: error.message, code: error.code } }, "database unavailable");
      return reply
        .code(503)
        .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ status: "error", message: DATABASE_UNAVAILABLE, ...traceIdField() });
    }
    request.log.error({ err: error }, "request failed");
    recordSpanError(error);
    return reply
      .code(500)
      .send({ status: "error", message: "Something went wrong. Please try again.", ...traceIdField() });
  });

  fastify.setNotFoundHandler((request, reply) => {
    if (options.fallback?.(request, reply)) return;
    addSecurityHeaders(reply)
      .code(404)
      .send({ status: "fail", message: `Route ${request.method} ${request.url.split("?")[0]} not found` });
  });
}
