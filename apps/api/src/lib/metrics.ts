import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * How a call to a provider ended: a usable answer, "not found" (TMDB's 404 for an unknown title),
 * an answer that cannot be used (an error status or body: a refused key, the day's quota), no answer.
 */
export type ProviderOutcome = "ok" | "not_found" | "error" | "unreachable";

/** The API's Prometheus metrics (served by `GET /metrics`, routes/metrics.ts). */
export interface Metrics {
  registry: Registry;
  /** One answered request; `route` is the route's pattern, never the raw URL. */
  request(method: string, route: string, status: number, milliseconds: number): void;
  providerCall(provider: string, outcome: ProviderOutcome): void;
  /** What the provider's answer headers said is left of its quota (API-Sports: requests per day). */
  providerQuota(provider: string, remaining: number | null, limit: number | null): void;
}

// Public reads take well under a millisecond, admin pages tens of milliseconds, provider calls seconds.
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One registry per app instance (tests run several in one process); default process metrics included. */
export function createMetrics(publicCache: { stats(): { hits: number; misses: number } }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "http_requests_total",
    help: "Answered HTTP requests by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from the request's arrival to its answer being sent, by method and route pattern",
    labelNames: ["method", "route"] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  // The cache counts in plain numbers on the hot path; the counters take them over when scraped.
  new Counter({
    name: "public_cache_hits_total",
    help: "Public reads answered from this instance's cached copy",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(publicCache.stats().hits);
    },
  });
  new Counter({
    name: "public_cache_misses_total",
    help: "Public reads that loaded their answer from the database",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(publicCache.stats().misses);
    },
  });
  const providerCalls = new Counter({
    name: "provider_calls_total",
    help: "Calls to external providers (API-Sports per sport, TMDB) by outcome: ok, not_found, error, unreachable",
    labelNames: ["provider", "outcome"] as const,
    registers: [registry],
  });
  const quotaRemaining = new Gauge({
    name: "provider_quota_remaining",
    help: "Requests left in the provider's current quota, from its last answer's headers",
    labelNames: ["provider"] as const,
    registers: [registry],
  });
  const quotaLimit = new Gauge({
    name: "provider_quota_limit",
    help: "The provider's quota size, from its last answer's headers",
    labelNames: ["provider"] as const,
    registers: [registry],
  });

  // Label children are looked up once per method, route and status: no label object per request.
  const requestChildren = new Map<string, { inc(): void }>();
  const durationChildren = new Map<string, { observe(value: number): void }>();
  return {
    registry,
    request(method, route, status, milliseconds) {
      const key = `${method} ${route}`;
      const countKey = `${key} ${status}`;
      let count = requestChildren.get(countKey);
      if (!count) {
        count = requests.labels(method, route, String(status));
        requestChildren.set(countKey, count);
      }
      count.inc();
      let duration = durationChildren.get(key);
      if (!duration) {
        duration = durations.labels(method, route);
        durationChildren.set(key, duration);
      }
      duration.observe(milliseconds / 1000);
    },
    providerCall(provider, outcome) {
      providerCalls.inc({ provider, outcome });
    },
    providerQuota(provider, remaining, limit) {
      if (remaining !== null) quotaRemaining.set({ provider }, remaining);
      if (limit !== null) quotaLimit.set({ provider }, limit);
    },
  };
}
