import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createCache } from "@backoffice/server";
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
  /** Counts invalidations: an answer built before one must not be kept (`keep`). */
  generation(): number;
  /**
   * Keeps the whole answer Fastify sent to a public read (status 200), by URL and Origin, unless an
   * invalidation came since `generation` was read at the request's start.
   */
  keep(request: IncomingMessage, generation: number, headers: Headers, body: string): void;
  /**
   * The server's front door (FrontDoor in @backoffice/server): a GET that was answered before gets the
   * same bytes and headers (a fresh request id) without Fastify's routing and hooks, which cost a
   * third of the throughput of a public read (`npm run bench`). False when there is no kept answer.
   */
  answer(request: IncomingMessage, response: ServerResponse): boolean;
  close(): Promise<void>;
}

const CHANNEL = "bo:public-cache:invalidate";

type Headers = Record<string, string | number | string[] | undefined>;
type KeptAnswer = { headers: Headers; body: Buffer };
// CORS answers differ by Origin; nothing else in a public read's request changes its answer. The raw
// header list is read because `request.headers` builds an object of them all on first use.
function answerKey(request: IncomingMessage): string {
  const raw = request.rawHeaders;
  for (let index = 0; index < raw.length; index += 2)
    if (raw[index]!.length === 6 && raw[index]!.toLowerCase() === "origin")
      return `${request.url}\n${raw[index + 1]}`;
  return `${request.url}\n`;
}

export function createPublicCache(options: { redis?: Redis; maxEntries?: number } = {}): PublicCache {
  // The one cache concept (@backoffice/server cache.ts): concurrent misses share a load, and an invalidation
  // also drops a load in flight, so what it read before the write is never stored.
  const maxEntries = options.maxEntries ?? 5000;
  const cache = createCache({ maxEntries });
  const answers = new Map<string, KeptAnswer>();
  let generation = 0;
  let answeredBeforeRouting = 0;
  const drop = (prefix: string) => {
    cache.invalidate(prefix);
    // Kept answers are few and cheap to rebuild: any invalidation drops them all.
    generation += 1;
    answers.clear();
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
    stats: () => ({ ...cache.stats(), answeredBeforeRouting }),
    generation: () => generation,
    keep(request, since, headers, body) {
      if (since !== generation || request.method !== "GET") return;
      if (answers.size >= maxEntries) answers.delete(answers.keys().next().value!);
      const bytes = Buffer.from(body);
      const { date: _date, "x-request-id": _id, ...kept } = headers;
      answers.set(answerKey(request), { headers: { ...kept, "content-length": bytes.length }, body: bytes });
    },
    answer(request, response) {
      if (request.method !== "GET") return false;
      const kept = answers.get(answerKey(request));
      if (!kept) return false;
      answeredBeforeRouting += 1;
      response.writeHead(200, {
        ...kept.headers,
        "content-length": kept.body.length,
        "x-request-id": randomUUID(),
      });
      response.end(kept.body);
      return true;
    },
    ready: async () => void (await subscribed),
    async close() {
      subscriber?.disconnect();
    },
  };
}
