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

/** Refuses when any key has reached `max` already (for counters that only count failures). */
export async function ensureBelow(counters: Counters, keys: string[], max: number, message: string) {
  for (const key of keys) {
    const state = await counters.peek(key);
    if (state && state.count >= max) throw tooManyRequests((state.resetAt - Date.now()) / 1000, message);
  }
}

/** Keys use the normalised address so case or spaces cannot open a fresh window. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
