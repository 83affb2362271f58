import { describe, expect, it } from "vitest";
import { createCache } from "./cache.ts";

describe("cache", () => {
  it("runs one load for concurrent misses of the same key", async () => {
    const cache = createCache();
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return "value";
    };
    const values = await Promise.all([cache.get("k", load), cache.get("k", load), cache.get("k", load)]);
    expect(values).toEqual(["value", "value", "value"]);
    expect(loads).toBe(1);
    // The two callers that waited for the first one's load count as hits.
    expect(cache.stats()).toEqual({ hits: 2, misses: 1 });
  });

  it("counts an expired or invalidated entry as a miss", async () => {
    let clock = 1000;
    const cache = createCache({ now: () => clock });
    await cache.get("a:1", async () => 1, { ttlMs: 100 });
    await cache.get("a:1", async () => 1, { ttlMs: 100 });
    clock += 100;
    await cache.get("a:1", async () => 1, { ttlMs: 100 });
    cache.invalidate("a:");
    await cache.get("a:1", async () => 1, { ttlMs: 100 });
    expect(cache.stats()).toEqual({ hits: 1, misses: 3 });
  });

  it("expires an entry after its ttl, counted from when the value arrived", async () => {
    let clock = 1000;
    const cache = createCache({ now: () => clock });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("k", load, { ttlMs: 100 })).toBe(1);
    clock += 99;
    expect(await cache.get("k", load, { ttlMs: 100 })).toBe(1);
    clock += 1;
    expect(await cache.get("k", load, { ttlMs: 100 })).toBe(2);
  });

  it("keeps an entry without ttl until its prefix is invalidated", async () => {
    const cache = createCache();
    let loads = 0;
    const load = async () => ++loads;
    await cache.get("apkw:ads:home", load);
    await cache.get("apkw:locker", load);
    cache.invalidate("apkw:ads");
    expect(await cache.get("apkw:ads:home", load)).toBe(3);
    expect(await cache.get("apkw:locker", load)).toBe(2);
  });

  it("does not keep a failed load", async () => {
    const cache = createCache();
    await expect(cache.get("k", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("k", async () => "up")).toBe("up");
  });

  it("does not hand a load that raced an invalidation to later callers", async () => {
    const cache = createCache();
    let release!: () => void;
    const slow = cache.get("k", () => new Promise<string>((resolve) => (release = () => resolve("stale"))));
    cache.invalidate("k");
    const fresh = cache.get("k", async () => "fresh");
    release();
    expect(await slow).toBe("stale");
    expect(await fresh).toBe("fresh");
  });
});
