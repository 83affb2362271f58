import type { Redis } from "ioredis";

/**
 * Serialized answers of the public reads, kept until an admin write invalidates their prefix.
 * With Redis, invalidations are published so every API instance drops its copy at once.
 */
export interface PublicCache {
  /** The cached JSON text under `key`, loading and storing it on a miss. */
  get(key: string, load: () => Promise<unknown>): Promise<string>;
  invalidate(prefix: string): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = "bo:public-cache:invalidate";

export function createPublicCache(options: { redis?: Redis; maxEntries?: number } = {}): PublicCache {
  const entries = new Map<string, string>();
  // A load racing with an invalidation must not store what it read before the write.
  let generation = 0;
  const maxEntries = options.maxEntries ?? 5000;
  const dropPrefix = (prefix: string) => {
    generation++;
    for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
  };
  let subscriber: Redis | undefined;
  if (options.redis) {
    subscriber = options.redis.duplicate();
    subscriber.subscribe(CHANNEL).catch(() => {});
    subscriber.on("message", (_channel, prefix: string) => dropPrefix(prefix));
  }
  return {
    async get(key, load) {
      const hit = entries.get(key);
      if (hit !== undefined) return hit;
      const started = generation;
      const text = JSON.stringify(await load());
      if (started === generation) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(key, text);
      }
      return text;
    },
    async invalidate(prefix) {
      dropPrefix(prefix);
      if (options.redis) await options.redis.publish(CHANNEL, prefix);
    },
    async close() {
      subscriber?.disconnect();
    },
  };
}
