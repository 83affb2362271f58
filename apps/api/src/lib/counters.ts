import type { Redis } from "ioredis";

export interface CounterState {
  count: number;
  /** Epoch ms when the window ends. */
  resetAt: number;
}

/** Fixed-window counters for rate limits and attempt counts; in memory, or shared through Redis. */
export interface Counters {
  hit(key: string, windowMs: number): Promise<CounterState>;
  peek(key: string): Promise<CounterState | null>;
  /** Takes one hit back within the current window (a check that counted before it ran, and passed). */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/** In this process only; each hit counts `weight` times (the stricter fallback below counts double). */
export function memoryCounters(weight = 1): Counters {
  const windows = new Map<string, CounterState>();
  const live = (key: string) => {
    const state = windows.get(key);
    if (state && state.resetAt <= Date.now()) {
      windows.delete(key);
      return undefined;
    }
    return state;
  };
  // Expired windows are dropped on a timer so the map cannot grow without bound.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, state] of windows) if (state.resetAt <= now) windows.delete(key);
  }, 60_000);
  sweep.unref();
  return {
    async hit(key, windowMs) {
      const state = live(key) ?? { count: 0, resetAt: Date.now() + windowMs };
      state.count += weight;
      windows.set(key, state);
      return { ...state };
    },
    async peek(key) {
      const state = live(key);
      return state ? { ...state } : null;
    },
    async release(key) {
      const state = live(key);
      if (state) state.count = Math.max(0, state.count - weight);
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

export function redisCounters(redis: Redis, prefix = "bo:counter:"): Counters {
  return {
    async hit(key, windowMs) {
      const results = await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, "NX")
        .pttl(prefix + key)
        .exec();
      const count = Number(results?.[0]?.[1] ?? 1);
      const ttl = Number(results?.[2]?.[1] ?? windowMs);
      return { count, resetAt: Date.now() + Math.max(ttl, 0) };
    },
    async peek(key) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
      if (count === null || ttl < 0) return null;
      return { count: Number(count), resetAt: Date.now() + ttl };
    },
    async release(key) {
      // Only a live window: a key that expired meanwhile is not recreated without its expiry.
      await redis.eval(
        "if redis.call('exists', KEYS[1]) == 1 and tonumber(redis.call('get', KEYS[1])) > 0 then return redis.call('decr', KEYS[1]) end return 0",
        1,
        prefix + key,
      );
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

/**
 * While Redis cannot be reached, instances count alone: each counts double, so a limit allows half
 * as much per instance and two instances together no more than the shared limit. Stricter, never
 * absent (docs/DEPLOYMENT.md, Redis).
 */
export const FALLBACK_WEIGHT = 2;

/**
 * Shared counters through Redis while it answers, per-instance ones (`FALLBACK_WEIGHT`) otherwise:
 * a request never fails or waits because Redis is away, and goes back to the shared ones by itself
 * once the connection is ready again.
 */
export function resilientCounters(redis: Redis, fallback = memoryCounters(FALLBACK_WEIGHT)): Counters {
  const shared = redisCounters(redis);
  const either =
    <Args extends unknown[], Result>(call: (counters: Counters, ...args: Args) => Promise<Result>) =>
    (...args: Args) =>
      redis.status === "ready"
        ? call(shared, ...args).catch(() => call(fallback, ...args))
        : call(fallback, ...args);
  return {
    hit: either((counters, key: string, windowMs: number) => counters.hit(key, windowMs)),
    peek: either((counters, key: string) => counters.peek(key)),
    release: either((counters, key: string) => counters.release(key)),
    reset: either((counters, key: string) => counters.reset(key)),
  };
}
