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
  reset(key: string): Promise<void>;
}

export function memoryCounters(): Counters {
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
      state.count += 1;
      windows.set(key, state);
      return { ...state };
    },
    async peek(key) {
      const state = live(key);
      return state ? { ...state } : null;
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
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
