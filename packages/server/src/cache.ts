/**
 * An in-process cache of loaded values: a miss runs one load for every concurrent caller
 * (coalescing), an entry lives until its expiry (`ttlMs`; none means until invalidated) or until
 * an invalidation drops its key prefix. A failed load is not stored.
 */
export interface Cache {
  /**
   * `expiresOf` says when a loaded value stops being true (ms; Infinity: never), whatever `ttlMs`
   * says: a read true until a moment (a match's kick-off, a window's boundary) is loaded again then.
   */
  get<T>(
    key: string,
    load: () => Promise<T>,
    options?: { ttlMs?: number; expiresOf?: (value: T) => number },
  ): Promise<T>;
  /** Drops every entry whose key starts with `prefix`, and any load in flight for it. */
  invalidate(prefix: string): void;
  /** Lookups served from an entry (a load in flight included) and lookups that started a load. */
  stats(): { hits: number; misses: number };
}

interface Entry {
  value: Promise<unknown>;
  expires: number;
}

export function createCache(options: { maxEntries?: number; now?: () => number } = {}): Cache {
  const entries = new Map<string, Entry>();
  const maxEntries = options.maxEntries ?? 5000;
  // Read at each call, so a test's fake clock (vi.setSystemTime) moves the expiries too.
  const now = options.now ?? (() => Date.now());
  // Plain numbers: the public reads pay one increment, /metrics reads them when scraped.
  let hits = 0;
  let misses = 0;
  return {
    get<T>(
      key: string,
      load: () => Promise<T>,
      { ttlMs, expiresOf }: { ttlMs?: number; expiresOf?: (value: T) => number } = {},
    ): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) {
        hits += 1;
        return hit.value as Promise<T>;
      }
      if (hit) entries.delete(key);
      misses += 1;
      // The entry is in place before the load starts, so an invalidation during the load drops it;
      // a synchronous throw becomes a rejection.
      let start = () => {};
      const entry: Entry = {
        value: new Promise((resolve, reject) => {
          start = () => {
            try {
              resolve(load());
            } catch (error) {
              reject(error);
            }
          };
        }),
        expires: Number.POSITIVE_INFINITY,
      };
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, entry);
      start();
      entry.value.then(
        // The expiry counts from when the value arrived, not from when the load started.
        (value) => {
          if (ttlMs !== undefined) entry.expires = now() + ttlMs;
          if (expiresOf) entry.expires = Math.min(entry.expires, expiresOf(value as T));
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return entry.value as Promise<T>;
    },
    invalidate(prefix) {
      // A load in flight read the data before the write: dropping its entry means the next
      // caller loads afresh instead of receiving what it read.
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
    },
    stats: () => ({ hits, misses }),
  };
}
