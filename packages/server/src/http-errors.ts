import type { FieldError, FieldErrorCode } from "@backoffice/contracts/field-errors";
/** An error whose message is safe to show the client, with its HTTP status. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  /** The refused fields, when a rule checked outside the body's schema names one (`fieldRefused`). */
  readonly errors: FieldError[] | undefined;

  constructor(
    statusCode: number,
    message: string,
    headers: Record<string, string> = {},
    errors?: FieldError[],
  ) {
    super(message);
    this.statusCode = statusCode;
    this.headers = headers;
    this.errors = errors;
  }
}

/** A 400 naming the refused field, as a body's schema would (a rule checked on the stored record). */
export const fieldRefused = (path: string, message: string, code: FieldErrorCode = "invalid") =>
  new HttpError(400, message, {}, [{ path, message, code }]);

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (retryAfterSeconds: number, message: string) =>
  new HttpError(429, message, { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** The database is away (stopped, restarting, unreachable): the client may try again shortly. */
export const DATABASE_UNAVAILABLE = "The database is unavailable. Try again in a moment.";

// Node's socket errors, PostgreSQL's connection exceptions (class 08), shutdown and start-up
// (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now) and too many connections.
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);
// node-postgres's own errors for a lost or impossible connection carry no code, only these messages.
const UNREACHABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/** True when an error says the database (or its connection) is away rather than the request wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  return UNREACHABLE_MESSAGES.test(error.message);
}
