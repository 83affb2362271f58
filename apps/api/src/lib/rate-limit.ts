import { tooManyRequests } from "@backoffice/server";
import type { Counters } from "./counters.ts";

export const MINUTE = 60_000;

/** Counts one more attempt under `key`; past `max` in the window it answers 429 with Retry-After. */
export async function consume(
  counters: Counters,
  key: string,
  max: number,
  windowMs: number,
  message: string,
) {
  const state = await counters.hit(key, windowMs);
  if (state.count > max) throw tooManyRequests((state.resetAt - Date.now()) / 1000, message);
}

/** Keys use the normalised address so case or spaces cannot open a fresh window. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

type StoreAnswer = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit on these counters, so the public intake's per-address limit is
 * shared through Redis and falls back like every other counter when Redis is away (counters.ts).
 * Keys: `rate:<method><route>:<address>`.
 */
export function countersStore(counters: Counters, prefix = "rate:") {
  return class CountersStore {
    incr(key: string, answer: StoreAnswer, timeWindow: number) {
      counters.hit(prefix + key, timeWindow).then(
        (state) => answer(null, { current: state.count, ttl: Math.max(0, state.resetAt - Date.now()) }),
        (error: Error) => answer(error),
      );
    }
    // Called with the route's merged limit options; their `routeInfo` (untyped upstream) names the route.
    child(options: object) {
      const { method, url } = (options as { routeInfo: { method: string; url: string } }).routeInfo;
      return new (countersStore(counters, `${prefix}${method}${url}:`))();
    }
  };
}
