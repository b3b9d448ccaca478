import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests, setEnvForTests } from "@/env";
import { metricsResponse } from "./metrics";
import { keptPage, pageCacheKey, renderAndKeep, renderNonce, serveKeptPage } from "./page-cache";
import { applyPageHeaders } from "./page-headers";

// What /metrics says about the page cache and the change feed (issue 34): requests by result
// (hit, miss, stale), what the cache holds, and whether the feed listens. No database: the
// feed's state is set by hand (it lives on globalThis, see change-feed.ts).

const TOKEN = "metrics-token-0123456789abcdef";
const feed = (
  globalThis as unknown as {
    __oemChangeFeed: { live: boolean; generations: Map<string, number>; noticed: Map<string, number> };
  }
).__oemChangeFeed;
let server: Server;
let base: string;

beforeAll(async () => {
  setEnvForTests({ METRICS_TOKEN: TOKEN });
  server = createServer((req, res) => {
    const key = pageCacheKey(req);
    const kept = key ? keptPage(key) : undefined;
    const nonce = applyPageHeaders(req, res, false, false, key && !kept ? renderNonce() : undefined);
    if (kept) return serveKeptPage(kept, req, res);
    const go = () => {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.end(`<html><body><script nonce="${nonce}"></script>page</body></html>`);
    };
    void (key ? renderAndKeep(key, req, res, nonce, go) : go());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  feed.live = false;
  resetEnvForTests();
  await new Promise<void>((r) => server.close(() => r()));
});

async function scrape(): Promise<string> {
  const res = await metricsResponse(`Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  return res.body;
}

function value(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  if (!line) throw new Error(`no series ${series} in /metrics`);
  return Number(line.slice(series.length + 1));
}

const get = async (path: string) => (await fetch(`${base}${path}`)).headers.get("x-page-cache");

describe("page cache and change feed metrics", () => {
  it("say whether the change feed listens", async () => {
    feed.live = false;
    expect(value(await scrape(), "change_feed_connected")).toBe(0);
    feed.live = true;
    expect(value(await scrape(), "change_feed_connected")).toBe(1);
  });

  it("count hits, misses and stale pages, and what the cache holds", async () => {
    feed.live = true;
    const before = await scrape();
    const count = (text: string, result: string) =>
      value(text, `page_cache_requests_total{result="${result}"}`);
    const entries = value(before, "page_cache_entries");
    const bytes = value(before, "page_cache_bytes");

    expect(await get("/lp?from=metrics")).toBe("MISS");
    expect(await get("/lp?from=metrics")).toBe("HIT");
    expect(await get("/lp?from=metrics")).toBe("HIT");
    let after = await scrape();
    expect(count(after, "miss") - count(before, "miss")).toBe(1);
    expect(count(after, "hit") - count(before, "hit")).toBe(2);
    expect(count(after, "stale") - count(before, "stale")).toBe(0);
    expect(value(after, "page_cache_entries")).toBe(entries + 1);
    expect(value(after, "page_cache_bytes")).toBeGreaterThan(bytes);

    // A change moves the generation on: the kept page is stale, rendered and kept again.
    feed.noticed.set("pages", (feed.noticed.get("pages") ?? 0) + 1);
    expect(await get("/lp?from=metrics")).toBe("MISS");
    after = await scrape();
    expect(count(after, "stale") - count(before, "stale")).toBe(1);
    expect(count(after, "miss") - count(before, "miss")).toBe(1);
    expect(value(after, "page_cache_entries")).toBe(entries + 1);
  });
});
