import { notReachableYet, START_WAIT_MS } from "@backoffice/db";
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

/**
 * Connects to `REDIS_URL` and logs each loss and return once. A Redis not reachable yet is waited
 * for, saying so every 10 s, up to START_WAIT_MS (docs/DEPLOYMENT.md, "Start-up waits"); then, or
 * for any other error (a wrong password), the start fails.
 */
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
  // The socket's own error says more than connect()'s "Connection is closed.".
  let cause = "";
  const remember = (error: Error) => {
    cause = error.message;
  };
  redis.on("error", remember);
  try {
    await redis.connect();
  } catch (error) {
    if (!notReachableYet(error)) {
      redis.disconnect();
      throw error;
    }
    // ioredis keeps trying on its own (retryStrategy): wait for its first "ready".
    await untilReady(redis, url, log, cause || (error as Error).message);
  } finally {
    redis.off("error", remember);
  }
  return redis;
}

/** Where a Redis URL points, never its password. */
function serverOf(url: string): string {
  try {
    const { hostname, port } = new URL(url);
    return `${hostname}:${port || 6379}`;
  } catch {
    return "REDIS_URL";
  }
}

function untilReady(redis: Redis, url: string, log: FastifyBaseLogger, first: string): Promise<void> {
  const what = `Redis at ${serverOf(url)}`;
  const began = Date.now();
  let said = 0;
  let last = first;
  return new Promise((resolve, reject) => {
    const say = () => {
      said = Date.now();
      log.warn(
        { event: "waiting for redis" },
        `Waiting for ${what}: ${last}; trying every second, giving up ${START_WAIT_MS / 1000} s after the first.`,
      );
    };
    const onError = (error: Error) => {
      last = error.message;
      if (Date.now() - said >= 10_000) say();
    };
    const done = () => {
      clearTimeout(timer);
      redis.off("error", onError);
      redis.off("ready", onReady);
    };
    const onReady = () => {
      done();
      log.info(`${what} answered after ${((Date.now() - began) / 1000).toFixed(1)} s.`);
      resolve();
    };
    const timer = setTimeout(() => {
      done();
      redis.disconnect();
      reject(new Error(`${what} did not answer within ${START_WAIT_MS / 1000} s: ${last}`));
    }, START_WAIT_MS);
    redis.on("error", onError);
    redis.once("ready", onReady);
    say();
  });
}
