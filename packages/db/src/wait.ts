/**
 * Waiting at start-up for a service another process provides (PostgreSQL, Redis): a slow start on a
 * busy machine must never become a failed one (issue 39, item 7). Each attempt that fails because
 * the service is not reachable yet is tried again after 0.5, 1, 2, 4, 8 s, then every 10 s, with one
 * line saying what is awaited, until `limitMs` after the first attempt (docs/DEPLOYMENT.md, "Start-up
 * waits"); any other error (a wrong password, an unknown database) ends the wait at once.
 */
export interface WaitOptions {
  /** What is awaited, in words, for the log line: `PostgreSQL at db.internal:5432/backoffice`. */
  what: string;
  /** True for an error that says the service is not reachable yet (worth another try). */
  retryable: (error: unknown) => boolean;
  /** One line per failed attempt; by default on stderr. */
  log?: (line: string) => void;
  /** Attempts stop once the next one would start later than this after the first (default 120 s). */
  limitMs?: number;
  /** Tests: instead of waiting for real. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

// A socket that could not be opened or was cut, a name not resolved yet, PostgreSQL still starting
// (57P03) or out of connections (53300), and node-postgres's connection time-out (no code).
const NOT_YET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "57P03",
  "53300",
]);
const NOT_YET_MESSAGES =
  /^(timeout exceeded when trying to connect|Connection terminated|connect ETIMEDOUT|Connection is closed)/;

/** True when an error says a service cannot be reached yet, rather than that it refused us. */
export function notReachableYet(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && NOT_YET_CODES.has(code)) return true;
  // An AggregateError (every address of a name refused) carries the socket errors inside.
  if (error instanceof AggregateError) return error.errors.some(notReachableYet);
  return NOT_YET_MESSAGES.test(error.message);
}

/** How long a start waits for PostgreSQL and Redis before it gives up: 2 minutes. */
export const START_WAIT_MS = 120_000;
const FIRST_DELAY_MS = 500;
const LONGEST_DELAY_MS = 10_000;

const reasonOf = (error: unknown) =>
  (error instanceof Error ? error.message || (error as { code?: string }).code : String(error)) ??
  "no answer";

export async function waitUntilReachable<T>(attempt: () => Promise<T>, options: WaitOptions): Promise<T> {
  const limitMs = options.limitMs ?? START_WAIT_MS;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const began = now();
  let delay = FIRST_DELAY_MS;
  for (let tries = 1; ; tries++) {
    try {
      const value = await attempt();
      if (tries > 1) log(`${options.what} answered (attempt ${tries}, after ${secondsSince(began, now)} s).`);
      return value;
    } catch (error) {
      if (!options.retryable(error)) throw error;
      if (now() + delay - began > limitMs) {
        const seconds = Math.round(limitMs / 1000);
        throw new Error(
          `${options.what} did not answer within ${seconds} s (${tries} attempts): ${reasonOf(error)}`,
          { cause: error },
        );
      }
      log(
        `Waiting for ${options.what}: ${reasonOf(error)} (attempt ${tries}); next try in ${delay / 1000} s, ` +
          `giving up ${Math.round(limitMs / 1000)} s after the first.`,
      );
      await sleep(delay);
      delay = Math.min(delay * 2, LONGEST_DELAY_MS);
    }
  }
}

const secondsSince = (began: number, now: () => number) => ((now() - began) / 1000).toFixed(1);
