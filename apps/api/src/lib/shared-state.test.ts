import { EventEmitter } from "node:events";
import { etagOf } from "@backoffice/server";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type Counters,
  FALLBACK_WEIGHT,
  memoryCounters,
  redisCounters,
  resilientCounters,
} from "./counters.ts";
import { createPublicCache, FALLBACK_TTL_MS } from "./public-cache.ts";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
let redis: Redis | undefined;
beforeAll(async () => {
  const client = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on("error", () => {});
  redis = await client.connect().then(
    () => client,
    () => undefined,
  );
});
afterAll(() => redis?.disconnect());

function counterContract(name: string, make: () => Counters) {
  describe(`${name} counters`, () => {
    it("counts within a window, reports when it ends and resets", async () => {
      const counters = make();
      const key = `test:${Math.random()}`;
      expect(await counters.peek(key)).toBeNull();
      await counters.hit(key, 60_000);
      const second = await counters.hit(key, 60_000);
      expect(second.count).toBe(2);
      expect(second.resetAt).toBeGreaterThan(Date.now() + 50_000);
      expect((await counters.peek(key))?.count).toBe(2);
      await counters.reset(key);
      expect(await counters.peek(key)).toBeNull();
    });

    it("takes a hit back within the window, never below zero", async () => {
      const counters = make();
      const key = `test:${Math.random()}`;
      await counters.hit(key, 60_000);
      await counters.hit(key, 60_000);
      await counters.release(key);
      expect((await counters.peek(key))?.count).toBe(1);
      await counters.release(key);
      await counters.release(key);
      expect((await counters.peek(key))?.count).toBe(0);
      expect((await counters.hit(key, 60_000)).count).toBe(1);
    });

    it("starts a new window when the old one ends", async () => {
      const counters = make();
      const key = `test:${Math.random()}`;
      await counters.hit(key, 50);
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect((await counters.hit(key, 50)).count).toBe(1);
    });
  });
}

counterContract("memory", memoryCounters);

describe("with Redis", () => {
  it("is reachable on this machine (the shared-state tests below need it)", () => {
    expect(redis, `no Redis at ${REDIS_URL}`).toBeDefined();
  });

  it("shares counters between instances", async () => {
    const key = `test:${Math.random()}`;
    await redisCounters(redis!).hit(key, 60_000);
    expect((await redisCounters(redis!).hit(key, 60_000)).count).toBe(2);
    await redisCounters(redis!).reset(key);
  });

  it("takes a hit back only within a live window (an ended one is not recreated without expiry)", async () => {
    const key = `test:${Math.random()}`;
    const counters = redisCounters(redis!);
    await counters.hit(key, 60_000);
    await counters.hit(key, 60_000);
    await counters.release(key);
    expect((await counters.peek(key))?.count).toBe(1);
    await counters.reset(key);
    await counters.release(key);
    expect(await counters.peek(key)).toBeNull();
    expect(await redis!.exists(`bo:counter:${key}`)).toBe(0);
  });

  it("an invalidation on one instance drops the other instance's cached answer", async () => {
    const first = createPublicCache({ redis: redis! });
    const second = createPublicCache({ redis: redis! });
    await Promise.all([first.ready(), second.ready()]);
    let version = 1;
    const load = async () => ({ version });
    expect((await second.get("sportbn:ads:", load)).text).toBe('{"version":1}');
    version = 2;
    expect((await second.get("sportbn:ads:", load)).text).toBe('{"version":1}');
    await first.invalidate("sportbn:ads");
    for (let i = 0; i < 50 && (await second.get("sportbn:ads:", load)).text !== '{"version":2}'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await second.get("sportbn:ads:", load)).text).toBe('{"version":2}');
    await first.close();
    await second.close();
  });
});

describe("memory public cache", () => {
  it("keeps answers until their prefix is invalidated, and not a load that raced an invalidation", async () => {
    const cache = createPublicCache();
    let version = 1;
    expect((await cache.get("apkw:apps:", async () => ({ version }))).text).toBe('{"version":1}');
    version = 2;
    expect((await cache.get("apkw:apps:", async () => ({ version }))).text).toBe('{"version":1}');
    await cache.invalidate("apkw:apps");
    expect((await cache.get("apkw:apps:", async () => ({ version }))).text).toBe('{"version":2}');
    const slow = cache.get("apkw:apps:games", async () => {
      await cache.invalidate("apkw:apps");
      return { version: "stale" };
    });
    expect((await slow).text).toBe('{"version":"stale"}');
    version = 3;
    expect((await cache.get("apkw:apps:games", async () => ({ version }))).text).toBe('{"version":3}');
  });

  it("computes an answer's ETag once, when its text is loaded: a hit returns the same answer", async () => {
    const cache = createPublicCache();
    const first = await cache.get("apkw:locker:", async () => ({ seconds: 30 }));
    expect(first).toEqual({
      text: '{"seconds":30}',
      etag: etagOf('{"seconds":30}'),
      key: "apkw:locker:",
      expires: Number.POSITIVE_INFINITY,
    });
    expect(await cache.get("apkw:locker:", async () => ({ seconds: 60 }))).toBe(first);
  });

  it("keeps an answer until the earliest moment its load named (a kick-off, a window's boundary), then loads again", async () => {
    const cache = createPublicCache();
    const now = Date.now();
    const boundary = now + 60_000;
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(now);
      const first = await cache.get("sportbn:ads:", async (until) => {
        until(undefined);
        until(boundary + 1000);
        until(boundary);
        return { ads: 1 };
      });
      expect(first.expires).toBe(boundary);
      vi.setSystemTime(boundary - 1);
      expect(await cache.get("sportbn:ads:", async () => ({ ads: 2 }))).toBe(first);
      vi.setSystemTime(boundary);
      expect((await cache.get("sportbn:ads:", async () => ({ ads: 2 }))).text).toBe('{"ads":2}');
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers a key's last loaded text while the database is away, even after an invalidation; other failures throw", async () => {
    const cache = createPublicCache();
    expect((await cache.get("sportbn:ads:Home", async () => ({ ads: 1 }))).text).toBe('{"ads":1}');
    await cache.invalidate("sportbn:ads");
    const away = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const failing = async () => {
      throw away;
    };
    expect((await cache.get("sportbn:ads:Home", failing)).text).toBe('{"ads":1}');
    // Never loaded: nothing to answer with.
    await expect(cache.get("sportbn:ads:Other", failing)).rejects.toBe(away);
    // A bug is not an outage: it is not hidden behind an old copy.
    await expect(
      cache.get("sportbn:ads:Home", async () => {
        throw new TypeError("bug");
      }),
    ).rejects.toThrow("bug");
    expect((await cache.get("sportbn:ads:Home", async () => ({ ads: 2 }))).text).toBe('{"ads":2}');
  });
});

describe("public cache over Redis, when the connection drops", () => {
  // A stand-in connection whose loss and return the test triggers (ioredis emits "close", then
  // "ready" on each reconnection).
  const standIn = () => {
    const subscriber = Object.assign(new EventEmitter(), { subscribe: async () => 1, disconnect() {} });
    const redis = { duplicate: () => subscriber, publish: async () => 1 } as unknown as Redis;
    return { subscriber, cache: createPublicCache({ redis }) };
  };
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("drops every copy once reconnected, since invalidations sent meanwhile were lost", async () => {
    const { subscriber, cache } = standIn();
    await cache.ready();
    let version = 1;
    const load = async () => ({ version });
    expect((await cache.get("sportbn:ads:", load)).text).toBe('{"version":1}');
    version = 2;
    expect((await cache.get("sportbn:ads:", load)).text).toBe('{"version":1}');
    subscriber.emit("ready");
    await tick();
    expect((await cache.get("sportbn:ads:", load)).text).toBe('{"version":2}');
    await cache.close();
  });

  it("while the subscription is down, keeps copies 5 s at most and no whole answers", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const { subscriber, cache } = standIn();
      await cache.ready();
      expect(cache.listening()).toBe(true);
      let version = 1;
      const load = async () => ({ version });
      expect((await cache.get("apkw:apps:", load)).text).toBe('{"version":1}');
      subscriber.emit("close");
      expect(cache.listening()).toBe(false);
      version = 2;
      // Copies made before the loss are gone: another instance's write could no longer reach them.
      expect((await cache.get("apkw:apps:", load)).text).toBe('{"version":2}');
      version = 3;
      expect((await cache.get("apkw:apps:", load)).text).toBe('{"version":2}');
      vi.advanceTimersByTime(FALLBACK_TTL_MS + 1);
      expect((await cache.get("apkw:apps:", load)).text).toBe('{"version":3}');
      const request = { method: "GET", url: "/api/v1/public/apkw/apps", rawHeaders: [] } as never;
      const response = { writeHead() {}, end() {} } as never;
      cache.kept.keep(request, cache.kept.generation(), {}, "{}");
      expect(cache.kept.answer(request, response)).toBe(false);
      // Back: shared again, copies kept until invalidated.
      subscriber.emit("ready");
      await tick();
      expect(cache.listening()).toBe(true);
      cache.kept.keep(request, cache.kept.generation(), {}, "{}");
      expect(cache.kept.answer(request, response)).toBe(true);
      await cache.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it("a failed publish is reported, not thrown: the write it follows is committed", async () => {
    const subscriber = Object.assign(new EventEmitter(), { subscribe: async () => 1, disconnect() {} });
    const redis = {
      duplicate: () => subscriber,
      publish: async () => {
        throw new Error("Stream isn't writeable");
      },
    } as unknown as Redis;
    const errors: unknown[] = [];
    const cache = createPublicCache({ redis, onPublishError: (error) => errors.push(error) });
    await expect(cache.invalidate("apkw:apps")).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
  });
});

describe("counters when Redis is away", () => {
  const standIn = (status: string, fail = false) =>
    ({
      status,
      multi: () => {
        throw new Error("should not be called");
      },
      get: async () => {
        if (fail) throw new Error("Command timed out");
        return null;
      },
      pttl: async () => -2,
    }) as unknown as Redis;

  it("count per instance, each hit double (stricter, never absent), and go back to Redis by themselves", async () => {
    const down = standIn("reconnecting");
    const counters = resilientCounters(down);
    const key = `test:${Math.random()}`;
    expect((await counters.hit(key, 60_000)).count).toBe(FALLBACK_WEIGHT);
    expect((await counters.hit(key, 60_000)).count).toBe(2 * FALLBACK_WEIGHT);
    expect((await counters.peek(key))?.count).toBe(2 * FALLBACK_WEIGHT);
    await counters.reset(key);
    expect(await counters.peek(key)).toBeNull();
    // A command that fails on a connection that looked ready also falls back.
    expect(await resilientCounters(standIn("ready", true)).peek(key)).toBeNull();
  });

  it("use the shared counters while Redis answers", async () => {
    const key = `test:${Math.random()}`;
    await resilientCounters(redis!).hit(key, 60_000);
    expect((await redisCounters(redis!).peek(key))?.count).toBe(1);
    await redisCounters(redis!).reset(key);
  });
});
