import {
  createCache,
  createKeptAnswers,
  etagOf,
  isDatabaseUnavailable,
  type KeptAnswers,
} from "@backoffice/server";
import type { Redis } from "ioredis";

/** A public read's JSON text and its ETag, computed once when the text is loaded (not per request). */
export interface PublicAnswer {
  text: string;
  etag: string;
  /** The cache key it was loaded under: its front-door copy goes with that key's invalidations. */
  key: string;
  /**
   * When it stops being true (ms; Infinity: at the next invalidation only): the next kick-off or end
   * among the matches it lists, the next opening or closing of a window. Its copy here and at the
   * front door (`Expires`, sendCached) end then, on every instance, with no job and no write.
   */
  expires: number;
  /** A member's preview at another moment (`?at=`): loaded for them alone, kept nowhere. */
  preview?: true;
}

/** Told by a load, for each moment at which what it read changes by the clock alone: the answer lasts until the earliest. */
export type Until = (moment: number | undefined) => void;

/**
 * Serialized answers of the public reads, kept until an admin write invalidates their prefix.
 * With Redis, invalidations are published so every API instance drops its copy at once.
 */
export interface PublicCache {
  /**
   * The cached answer under `key`, loading and storing it on a miss. While the database is away
   * the last answer loaded for `key` answers instead, even one a later write made stale: a public site
   * keeps showing its last ads, apps and matches through an outage (docs/DEPLOYMENT.md).
   */
  get(key: string, load: (until: Until, now: number) => Promise<unknown>, at?: number): Promise<PublicAnswer>;
  /** Drops `prefix` here and tells the other instances; never fails (a lost message is logged). */
  invalidate(prefix: string): Promise<void>;
  /** Settles once other instances' invalidations are heard (at once without Redis). */
  ready(): Promise<void>;
  /**
   * False while the Redis subscription is down: other instances' invalidations cannot arrive, so
   * copies live `FALLBACK_TTL_MS` at most and no whole answer is kept (docs/DEPLOYMENT.md, Redis).
   */
  listening(): boolean;
  /** Reads answered from this instance's copy, and reads that loaded from the database. */
  stats(): { hits: number; misses: number; answeredBeforeRouting: number };
  /**
   * Whole answers for the server's front door (packages/server kept-answers.ts); an invalidation
   * clears those read under its prefix, as it does the copies.
   */
  readonly kept: KeptAnswers;
  close(): Promise<void>;
}

const CHANNEL = "bo:public-cache:invalidate";
/** How long a copy lives while invalidations cannot arrive: another instance's write shows within this. */
export const FALLBACK_TTL_MS = 5000;

export function createPublicCache(
  options: { redis?: Redis; maxEntries?: number; onPublishError?: (error: unknown) => void } = {},
): PublicCache {
  // The one cache concept (@backoffice/server cache.ts): concurrent misses share a load, and an invalidation
  // also drops a load in flight, so what it read before the write is never stored.
  const maxEntries = options.maxEntries ?? 5000;
  const cache = createCache({ maxEntries });
  const kept = createKeptAnswers(maxEntries);
  const drop = (prefix: string) => {
    cache.invalidate(prefix);
    // Only the answers read under the prefix: one site's ad change leaves the other reads at the
    // front door (before, every invalidation dropped every site's, and a job that ran every 10
    // minutes sent each read through routing again).
    kept.clear(prefix);
  };
  let subscriber: Redis | undefined;
  let subscribed: Promise<unknown> = Promise.resolve();
  // Without Redis there is no other instance to hear from: always listening.
  let listening = !options.redis;
  if (options.redis) {
    // Its subscription may wait for the connection (the main connection's commands fail at once instead).
    subscriber = options.redis.duplicate({ enableOfflineQueue: true });
    const listen = () =>
      subscriber!.subscribe(CHANNEL).then(() => {
        // Invalidations published while the subscription was down never arrive: once it is back,
        // drop all copies rather than keep one another instance's write made stale.
        drop("");
        listening = true;
      });
    subscribed = listen();
    // A failed subscription is the caller's to report (ready()); a reconnection subscribes again.
    subscribed.catch(() => {});
    subscriber.on("message", (_channel, prefix: string) => drop(prefix));
    subscriber.on("ready", () => void listen().catch(() => {}));
    subscriber.on("close", () => {
      if (!listening) return;
      // From now on nothing is heard: copies kept until an invalidation could stay stale for ever.
      listening = false;
      drop("");
    });
    subscriber.on("error", () => {}); // the same outage is logged by the main connection's handler
  }
  // The last answer each key loaded, kept past invalidations for the outage above; bounded like the cache.
  const lastLoaded = new Map<string, PublicAnswer>();
  const remember = (key: string, text: string, expires: number) => {
    const answer = { text, etag: etagOf(text), key, expires };
    lastLoaded.delete(key);
    if (lastLoaded.size >= maxEntries) lastLoaded.delete(lastLoaded.keys().next().value!);
    lastLoaded.set(key, answer);
    return answer;
  };
  return {
    async get(key, load, at) {
      // A preview as of `at` (docs/PRODUCT-RULES.md#scheduled-changes): loaded with that clock, never cached.
      if (at !== undefined) {
        const text = JSON.stringify(await load(() => {}, at));
        return { text, etag: etagOf(text), key, expires: Number.POSITIVE_INFINITY, preview: true };
      }
      try {
        const expiresOf = (answer: PublicAnswer) => answer.expires;
        return await cache.get(
          key,
          async () => {
            let expires = Number.POSITIVE_INFINITY;
            const until: Until = (moment) => {
              if (moment !== undefined && moment < expires) expires = moment;
            };
            const text = JSON.stringify(await load(until, Date.now()));
            return remember(key, text, expires);
          },
          listening ? { expiresOf } : { ttlMs: FALLBACK_TTL_MS, expiresOf },
        );
      } catch (error) {
        const last = isDatabaseUnavailable(error) ? lastLoaded.get(key) : undefined;
        if (last === undefined) throw error;
        return last;
      }
    },
    async invalidate(prefix) {
      drop(prefix);
      // The write is committed whatever happens here: a failed publish must not turn it into an
      // error answer. Instances that cannot hear it are on short expiry (`listening`).
      if (options.redis)
        await options.redis.publish(CHANNEL, prefix).catch((error) => options.onPublishError?.(error));
    },
    stats: () => ({ ...cache.stats(), answeredBeforeRouting: kept.answered() }),
    kept: {
      ...kept,
      // A whole answer is kept until an invalidation: only while invalidations can arrive.
      keep: (...args) => {
        if (listening) kept.keep(...args);
      },
    },
    listening: () => listening,
    ready: async () => void (await subscribed),
    async close() {
      subscriber?.disconnect();
    },
  };
}
