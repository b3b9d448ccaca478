import { Counter, Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { DURATION_BUCKETS, registerRequestMetrics } from "./metrics";

// The request metrics are counted in a table of plain numbers and exported at each scrape: what a
// scrape reads must be what prom-client's own Counter and Histogram export for the same requests.

function stockRegistry() {
  const registry = new Registry();
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer HTTP requests, by method and route pattern",
    labelNames: ["method", "route"] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  return {
    registry,
    record(method: string, route: string, status: number, seconds: number) {
      requests.inc({ method, route, status: String(status) });
      duration.observe({ method, route }, seconds);
    },
  };
}

const requests: Array<[string, string, number, number]> = [
  ["GET", "/api/prefectures", 200, 0.0004],
  ["GET", "/api/prefectures", 200, 0.005], // on a bound: in that bucket
  ["GET", "/api/oem/company/:companyId", 404, 0.0123],
  ["POST", "/api/auth/login", 422, 0.3],
  ["POST", "/api/auth/login", 200, 10], // the last bound
  ["POST", "/api/auth/login", 429, 12.5], // past the last bound: +Inf only
  ["GET", "(unmatched)", 404, 0],
  ["GET", "/api/prefectures", 304, 2.5],
  ["GET", '/api/odd"route\\with\nescapes', 200, 0.07],
  ["HEAD", "/api/prefectures", 200, 0.001],
  ["GET", "(page)", 200, 0.2],
];

describe("request metrics", () => {
  it("export what prom-client's Counter and Histogram export for the same requests", async () => {
    const ours = new Registry();
    const table = registerRequestMetrics(ours);
    const stock = stockRegistry();
    expect(await ours.metrics()).toBe(await stock.registry.metrics());
    for (const [method, route, status, seconds] of requests) {
      table.record(method, route, status, seconds);
      stock.record(method, route, status, seconds);
    }
    const text = await ours.metrics();
    expect(text).toBe(await stock.registry.metrics());
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/prefectures"} 2',
    );
    expect(await ours.getMetricsAsJSON()).toEqual(await stock.registry.getMetricsAsJSON());
    // A second scrape reads the same, and counts keep adding up.
    expect(await ours.metrics()).toBe(text);
    table.record("GET", "/api/prefectures", 200, 0.02);
    stock.record("GET", "/api/prefectures", 200, 0.02);
    expect(await ours.metrics()).toBe(await stock.registry.metrics());
  });

  it("start again from nothing when the registry is reset", async () => {
    const ours = new Registry();
    const table = registerRequestMetrics(ours);
    const stock = stockRegistry();
    for (const [method, route, status, seconds] of requests) {
      table.record(method, route, status, seconds);
      stock.record(method, route, status, seconds);
    }
    ours.resetMetrics();
    stock.registry.resetMetrics();
    expect(await ours.metrics()).toBe(await stock.registry.metrics());
    table.record("GET", "/api/features", 200, 0.003);
    stock.record("GET", "/api/features", 200, 0.003);
    expect(await ours.metrics()).toBe(await stock.registry.metrics());
  });
});
