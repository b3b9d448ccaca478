import { afterAll, describe, expect, it } from "vitest";
import { env, setEnvForTests } from "@/env";
import { metricsResponse } from "@/server/http/metrics";
import { api } from "../factories/http";

// GET /metrics (served by server.ts from metricsResponse): Prometheus text, only with METRICS_TOKEN.

const TOKEN = "metrics-token-0123456789abcdef";
const before = env().METRICS_TOKEN;
afterAll(() => setEnvForTests({ METRICS_TOKEN: before }));

describe("metrics", () => {
  it("is 404 while METRICS_TOKEN is unset, and 401 without the right bearer token", async () => {
    setEnvForTests({ METRICS_TOKEN: undefined });
    expect((await metricsResponse(`Bearer ${TOKEN}`)).status).toBe(404);
    setEnvForTests({ METRICS_TOKEN: TOKEN });
    expect((await metricsResponse(undefined)).status).toBe(401);
    expect((await metricsResponse("Bearer wrong-token-0123456789abcdef")).status).toBe(401);
  });

  it("counts requests by route pattern with latency, and reads the outbox backlog and jobs", async () => {
    setEnvForTests({ METRICS_TOKEN: TOKEN });
    await api("GET", "/api/prefectures");
    await api("GET", `/api/oem/company/${crypto.randomUUID()}`);
    await api("GET", "/api/no-such-thing");
    const res = await metricsResponse(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/prefectures",status="200"\} [1-9]/);
    // the pattern, not the id: one series for every company
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/oem\/company\/:companyId",status="\d+"\} 1$/m,
    );
    expect(text).toMatch(/route="\(unmatched\)",status="404"/);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/prefectures"\}/,
    );
    expect(text).toMatch(/^email_outbox_backlog \d+$/m);
    expect(text).toMatch(/^email_outbox_oldest_due_seconds [\d.e+-]+$/m);
    expect(text).toContain("process_cpu_user_seconds_total");
  });
});
