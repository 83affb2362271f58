import { Counter, collectDefaultMetrics, Gauge, Registry } from "prom-client";

/**
 * How a call to a provider ended: a usable answer, "not found" (TMDB's 404 for an unknown title),
 * an answer that cannot be used (an error status or body: a refused key, the day's quota), no answer.
 */
export type ProviderOutcome = "ok" | "not_found" | "error" | "unreachable";

/** The API's Prometheus metrics (served by `GET /metrics`, routes/metrics.ts). */
export interface Metrics {
  /** Prometheus text of every metric. */
  render(): Promise<string>;
  contentType: string;
  /** One answered request; `route` is the route's pattern, never the raw URL. */
  request(method: string, route: string, status: number, milliseconds: number): void;
  providerCall(provider: string, outcome: ProviderOutcome): void;
  /** What the provider's answer headers said is left of its quota (API-Sports: requests per day). */
  providerQuota(provider: string, remaining: number | null, limit: number | null): void;
}

// Public reads take well under a millisecond, admin pages tens of milliseconds, provider calls seconds.
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The requests of one method and route pattern, in plain numbers. */
interface RouteRequests {
  labels: string;
  /** Answers per status code. */
  statuses: Map<number, number>;
  /** Observations per duration bucket (not cumulative); the last one is above every bound. */
  buckets: number[];
  sum: number;
  count: number;
}

const escapeLabel = (value: string) =>
  value.replace(/[\\"\n]/g, (char) => (char === "\n" ? "\\n" : `\\${char}`));

/** `http_requests_total` and `http_request_duration_seconds` in the Prometheus text format. */
function renderRequests(routes: Iterable<RouteRequests>): string {
  const counts = [
    "# HELP http_requests_total Answered HTTP requests by method, route pattern and status",
    "# TYPE http_requests_total counter",
  ];
  const durations = [
    "# HELP http_request_duration_seconds Time from a request's arrival to its answer being sent, by method and route pattern",
    "# TYPE http_request_duration_seconds histogram",
  ];
  for (const route of routes) {
    for (const [status, count] of route.statuses)
      counts.push(`http_requests_total{${route.labels},status="${status}"} ${count}`);
    let cumulative = 0;
    DURATION_BUCKETS.forEach((bound, index) => {
      cumulative += route.buckets[index]!;
      durations.push(`http_request_duration_seconds_bucket{le="${bound}",${route.labels}} ${cumulative}`);
    });
    durations.push(
      `http_request_duration_seconds_bucket{le="+Inf",${route.labels}} ${route.count}`,
      `http_request_duration_seconds_sum{${route.labels}} ${route.sum}`,
      `http_request_duration_seconds_count{${route.labels}} ${route.count}`,
    );
  }
  return `${counts.join("\n")}\n\n${durations.join("\n")}\n`;
}

/** How often the event-loop lag metric takes a sample (`nodejs_eventloop_lag_*`). */
const IDLE_LAG_RESOLUTION_MS = 1000;

/** One registry per app instance (tests run several in one process); default process metrics included. */
export function createMetrics(
  publicCache: { stats(): { hits: number; misses: number; answeredBeforeRouting: number } },
  /** Whether the shared Redis answers now; absent when none is configured (no `redis_up` then). */
  redisUp?: () => boolean,
): Metrics {
  const registry = new Registry();
  // The event-loop lag is sampled once a second instead of prom-client's every 10 ms: its timer woke
  // an idle `npm start` 100 times a second, of its 136 wake-ups (docs/decisions/009-job-runner.md,
  // "Idle means idle"). A stall longer than a second is always seen, shorter ones in proportion to
  // their length.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: IDLE_LAG_RESOLUTION_MS });

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
  new Counter({
    name: "public_answers_before_routing_total",
    help: "Repeated public reads answered with a kept answer before routing (not in http_requests_total)",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(publicCache.stats().answeredBeforeRouting);
    },
  });
  if (redisUp)
    new Gauge({
      name: "redis_up",
      help: "1 while Redis answers and this instance hears invalidations; 0 while it counts alone (stricter limits, public copies kept 5 s)",
      registers: [registry],
      collect() {
        this.set(redisUp() ? 1 : 0);
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

  // Every request passes here, so plain numbers in maps keyed by route, then method (both strings
  // are Fastify's and the HTTP parser's own, so no key is built): about 40 ns a request, where
  // prom-client's labelled counter and histogram took about 1 µs, hashing their labels each time.
  const requests = new Map<string, Map<string, RouteRequests>>();
  return {
    contentType: registry.contentType,
    render: async () => {
      const routes = [...requests.values()].flatMap((methods) => [...methods.values()]);
      return `${await registry.metrics()}\n${renderRequests(routes)}`;
    },
    request(method, route, status, milliseconds) {
      let methods = requests.get(route);
      if (!methods) {
        methods = new Map();
        requests.set(route, methods);
      }
      let entry = methods.get(method);
      if (!entry) {
        entry = {
          labels: `method="${escapeLabel(method)}",route="${escapeLabel(route)}"`,
          statuses: new Map(),
          buckets: new Array(DURATION_BUCKETS.length + 1).fill(0),
          sum: 0,
          count: 0,
        };
        methods.set(method, entry);
      }
      entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
      const seconds = milliseconds / 1000;
      let bucket = 0;
      while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket++;
      entry.buckets[bucket]! += 1;
      entry.sum += seconds;
      entry.count += 1;
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
