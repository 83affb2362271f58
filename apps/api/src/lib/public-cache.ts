import { createCache, createKeptAnswers, type KeptAnswers } from "@backoffice/server";
import type { Redis } from "ioredis";

/**
 * Serialized answers of the public reads, kept until an admin write invalidates their prefix.
 * With Redis, invalidations are published so every API instance drops its copy at once.
 */
export interface PublicCache {
  /** The cached JSON text under `key`, loading and storing it on a miss. */
  get(key: string, load: () => Promise<unknown>): Promise<string>;
  invalidate(prefix: string): Promise<void>;
  /** Settles once other instances' invalidations are heard (at once without Redis). */
  ready(): Promise<void>;
  /** Reads answered from this instance's copy, and reads that loaded from the database. */
  stats(): { hits: number; misses: number; answeredBeforeRouting: number };
  /** Whole answers for the server's front door (packages/server kept-answers.ts); every invalidation clears them. */
  readonly kept: KeptAnswers;
  close(): Promise<void>;
}

const CHANNEL = "bo:public-cache:invalidate";

export function createPublicCache(options: { redis?: Redis; maxEntries?: number } = {}): PublicCache {
  // The one cache concept (@backoffice/server cache.ts): concurrent misses share a load, and an invalidation
  // also drops a load in flight, so what it read before the write is never stored.
  const maxEntries = options.maxEntries ?? 5000;
  const cache = createCache({ maxEntries });
  const kept = createKeptAnswers(maxEntries);
  const drop = (prefix: string) => {
    cache.invalidate(prefix);
    // Kept answers are few and cheap to rebuild: any invalidation drops them all.
    kept.clear();
  };
  let subscriber: Redis | undefined;
  let subscribed: Promise<unknown> = Promise.resolve();
  if (options.redis) {
    subscriber = options.redis.duplicate();
    subscribed = subscriber.subscribe(CHANNEL);
    // A failed subscription is the caller's to report (ready()); ioredis subscribes again on reconnect.
    subscribed.catch(() => {});
    subscriber.on("message", (_channel, prefix: string) => drop(prefix));
    // Invalidations published while the connection was down never arrive: on every (re)connection
    // drop all copies rather than keep one another instance's write made stale.
    subscriber.on("ready", () => drop(""));
    subscriber.on("error", () => {}); // the same outage is logged by the main connection's handler
  }
  return {
    get: (key, load) => cache.get(key, async () => JSON.stringify(await load())),
    async invalidate(prefix) {
      drop(prefix);
      if (options.redis) await options.redis.publish(CHANNEL, prefix);
    },
    stats: () => ({ ...cache.stats(), answeredBeforeRouting: kept.answered() }),
    kept,
    ready: async () => void (await subscribed),
    async close() {
      subscriber?.disconnect();
    },
  };
}
