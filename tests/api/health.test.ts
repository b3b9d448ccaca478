import { createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type Database, getDatabase, openDatabase, setDatabase } from "@/server/db/client";
import { setShuttingDown } from "@/server/http/lifecycle";
import { api } from "../factories/http";

// The load balancer's probes: live is the process answering; ready also needs the database to
// answer a real query within 1 s on the current migrations, and the process not shutting down.

const JAPANESE = /[ぁ-んァ-ヶ一-龥]/;

/** A port nothing listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Runs `fn` with the process's database handle swapped for `other`. */
async function withDatabase<T>(other: Database, fn: () => Promise<T>): Promise<T> {
  const mine = getDatabase();
  setDatabase(other);
  try {
    return await fn();
  } finally {
    setDatabase(mine);
    await other.close();
  }
}

afterEach(() => setShuttingDown(false));

describe("health probes", () => {
  it("live: 200 without authentication, not cached, no cookie", async () => {
    const res = await api("GET", "/api/health/live");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("ready: 200 when the database answers on the current migrations", async () => {
    const res = await api("GET", "/api/health/ready");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ status: "ready" });
  });

  it("ready: 503 with Retry-After once shutdown has begun; live stays 200", async () => {
    setShuttingDown(true);
    const res = await api("GET", "/api/health/ready");
    expect(res.status).toBe(503);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(res.body.error.message).toMatch(JAPANESE);
    expect(res.body.checks).toEqual({ database: "skipped", shuttingDown: true });
    expect((await api("GET", "/api/health/live")).status).toBe(200);
  });

  it("ready and every database read: 503 with Retry-After within 1 s when the database refuses connections", async () => {
    const port = await closedPort();
    const refused = await openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}/none`,
      migrate: false,
    });
    await withDatabase(refused, async () => {
      const started = performance.now();
      const ready = await api("GET", "/api/health/ready");
      expect(performance.now() - started).toBeLessThan(1000);
      expect(ready.status).toBe(503);
      expect(ready.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(ready.body.checks).toEqual({ database: "unreachable", shuttingDown: false });
      const read = await api("GET", "/api/oem?perPage=1");
      expect(read.status).toBe(503);
      expect(read.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(read.body.error.message).toContain("しばらくしてから");
      expect((await api("GET", "/api/health/live")).status).toBe(200);
    });
  });

  it("ready: 503 on a database the migrations have not reached", async () => {
    const empty = await openDatabase({ dataDir: "memory", migrate: false });
    await withDatabase(empty, async () => {
      const res = await api("GET", "/api/health/ready");
      expect(res.status).toBe(503);
      expect(res.body.checks.database).toBe("migrations-pending");
    });
  });
});
