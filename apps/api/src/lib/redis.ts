import type { FastifyBaseLogger } from "fastify";
import type { Redis, RedisOptions } from "ioredis";

/**
 * Every wait on Redis is bounded, so a dead or stuck Redis costs a request at most half a second
 * before the fallbacks take over (counters.ts, public-cache.ts), and a Redis that comes back is
 * found again within a second (docs/DEPLOYMENT.md, Redis).
 */
export const REDIS_OPTIONS: RedisOptions = {
  lazyConnect: true,
  // While disconnected a command fails at once instead of queueing until the connection is back.
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: 500,
  connectTimeout: 2000,
  retryStrategy: (times) => Math.min(times * 100, 1000),
};

/** Connects to `REDIS_URL` (a start fails without it) and logs each loss and return once. */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  // Imported only when configured: it would add about 0.15 s to every start without Redis.
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, REDIS_OPTIONS);
  let up = false;
  redis.on("ready", () => {
    if (!up) log.info({ event: "redis up" }, "redis connected: counters and invalidations shared");
    up = true;
  });
  redis.on("close", () => {
    if (up)
      log.warn(
        { event: "redis down" },
        "redis unavailable: counting per instance at stricter limits, public reads cached 5 s",
      );
    up = false;
  });
  // Every failed reconnection emits an error: the outage is logged once, above.
  redis.on("error", (error) => {
    if (up) log.warn({ err: error }, "redis error");
  });
  await redis.connect();
  return redis;
}
