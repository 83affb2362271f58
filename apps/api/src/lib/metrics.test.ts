import { describe, expect, it } from "vitest";
import { createMetrics } from "./metrics.ts";

describe("request metrics", () => {
  it("counts per status and fills cumulative buckets, a duration on a bound included in it", async () => {
    const metrics = createMetrics({ stats: () => ({ hits: 3, misses: 1, answeredBeforeRouting: 0 }) });
    metrics.request("GET", "/a/:id", 200, 1);
    metrics.request("GET", "/a/:id", 200, 0.2);
    metrics.request("GET", "/a/:id", 404, 20_000);
    const lines = (await metrics.render()).split("\n");
    const labels = 'method="GET",route="/a/:id"';
    expect(lines).toContain(`http_requests_total{${labels},status="200"} 2`);
    expect(lines).toContain(`http_requests_total{${labels},status="404"} 1`);
    expect(lines).toContain(`http_request_duration_seconds_bucket{le="0.0005",${labels}} 1`);
    expect(lines).toContain(`http_request_duration_seconds_bucket{le="0.001",${labels}} 2`);
    expect(lines).toContain(`http_request_duration_seconds_bucket{le="10",${labels}} 2`);
    expect(lines).toContain(`http_request_duration_seconds_bucket{le="+Inf",${labels}} 3`);
    expect(lines).toContain(`http_request_duration_seconds_count{${labels}} 3`);
    expect(lines.find((line) => line.startsWith(`http_request_duration_seconds_sum{${labels}}`))).toMatch(
      / 20\.0012\d*$/,
    );
    expect(lines).toContain("public_cache_hits_total 3");
    expect(lines).toContain("public_cache_misses_total 1");
    // One HELP and TYPE per metric.
    expect(lines.filter((line) => line === "# TYPE http_requests_total counter")).toHaveLength(1);
  });

  it("escapes label values", async () => {
    const metrics = createMetrics({ stats: () => ({ hits: 0, misses: 0, answeredBeforeRouting: 0 }) });
    metrics.request("GET", '/odd"\\\nroute', 200, 1);
    expect(await metrics.render()).toContain('route="/odd\\"\\\\\\nroute",status="200"} 1');
  });
});
