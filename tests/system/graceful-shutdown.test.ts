import { request } from "node:http";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { registrationBody } from "../factories/accounts";
import { request as freshRequest } from "../support/nginx";
import {
  createTestDatabase,
  PG_ADMIN_URL,
  postgresUnreachable,
  type TestDatabase,
} from "../support/postgres";
import { call, launchServer, removeDir, type ServerProcess, stopAll, tempDir } from "../support/server";

// SIGTERM during a request: the process stops taking new connections at once, lets the request in
// progress finish (its write is committed and answered), and then exits 0, without the pool being
// closed under it. The request is slow because its client sends the body slowly, as a phone would.

const pgDown = await postgresUnreachable();
if (pgDown) console.warn(`PostgreSQL is unreachable at ${PG_ADMIN_URL} (${pgDown}): skipped`);

let testDb: TestDatabase | undefined;
const dirs: string[] = [];

afterAll(async () => {
  await stopAll();
  await testDb?.drop();
  for (const d of dirs) removeDir(d);
});

/** Starts a POST and sends only the first half of its body; `finish()` sends the rest and reads the answer. */
function slowPost(server: ServerProcess, path: string, body: unknown) {
  const payload = Buffer.from(JSON.stringify(body));
  const req = request(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "content-length": payload.length },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.once("response", (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (s: string) => {
        text += s;
      });
      res.once("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.once("error", reject);
  });
  answered.catch(() => {});
  req.write(payload.subarray(0, payload.length >> 1));
  return {
    finish() {
      req.end(payload.subarray(payload.length >> 1));
      return answered;
    },
  };
}

async function usersWithEmail(url: string, email: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query("select count(*)::int as n from users where email = $1", [email]);
    return Number(r.rows[0].n);
  } finally {
    await client.end();
  }
}

it.skipIf(pgDown !== undefined)(
  "a slow request in progress at SIGTERM completes and is committed; new connections are refused; the process exits 0",
  async () => {
    testDb = await createTestDatabase("wt_h_shutdown");
    const dataDir = tempDir();
    dirs.push(dataDir);
    const server = await launchServer({ dataDir, databaseUrl: testDb.url });
    // PostgreSQL with uploads on the local disk: the start says several processes need S3
    expect(server.output()).toMatch(/several app processes need S3-compatible storage/);
    const account = registrationBody();
    const slow = slowPost(server, "/api/buyer/register", account);
    await new Promise((r) => setTimeout(r, 300)); // the server has the headers and half the body

    server.child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 1000));
    // not accepting any more: the load balancer sends new requests to the other processes
    // (a new connection: an idle keep-alive one would still carry one request, answered Connection: close)
    await expect(freshRequest(`${server.url}/api/health/live`, { timeoutMs: 2000 })).rejects.toThrow();
    expect(server.child.exitCode).toBeNull();

    const answer = await slow.finish();
    expect(answer.status, answer.body).toBe(201);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).not.toMatch(/Cannot use a pool after calling end/);
    expect(server.output()).toMatch(/shutting down: finishing requests in progress/);
    expect(await usersWithEmail(testDb.url, account.email)).toBe(1);
  },
  180_000,
);

it.skipIf(pgDown !== undefined)(
  "a request still running after SHUTDOWN_TIMEOUT_SECONDS is cut and the process still exits 0",
  async () => {
    testDb ??= await createTestDatabase("wt_h_shutdown");
    const dataDir = tempDir();
    dirs.push(dataDir);
    const server = await launchServer({
      dataDir,
      databaseUrl: testDb.url,
      env: { SHUTDOWN_TIMEOUT_SECONDS: "2" },
    });
    const stuck = slowPost(server, "/api/buyer/register", registrationBody());
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    server.child.kill("SIGTERM");
    expect(await server.exited, server.output()).toEqual({ code: 0, signal: null });
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(1900);
    expect(took).toBeLessThan(10_000);
    await expect(stuck.finish()).rejects.toThrow();
  },
  180_000,
);

it.skipIf(pgDown !== undefined)(
  "page views noted in memory are written at SIGTERM, after the requests in progress",
  async () => {
    testDb ??= await createTestDatabase("wt_h_shutdown");
    const dataDir = tempDir();
    dirs.push(dataDir);
    const server = await launchServer({ dataDir, databaseUrl: testDb.url });
    const reg = await call(server, "POST", "/api/oem/register", { body: registrationBody() });
    expect(reg.status).toBe(201);
    const companyId = reg.body.companyDetails.id as string;
    const client = new pg.Client({ connectionString: testDb.url });
    await client.connect();
    try {
      // A public page needs a member with a confirmed address.
      await client.query("update users set email_verified_at = now() where id = $1", [reg.body.user.id]);
      // Three visitors (browser differs), each twice: three views, still in the process's memory.
      for (const ua of ["A", "B", "C", "A", "B", "C"]) {
        const res = await fetch(`${server.url}/api/oem/${companyId}`, { headers: { "user-agent": ua } });
        expect(res.status).toBe(200);
      }
      const before = await client.query(
        "select coalesce(sum(count), 0)::int as n from page_views where company_id = $1",
        [companyId],
      );
      expect(before.rows[0].n).toBe(0); // the flush runs every 5 s: not yet
      server.child.kill("SIGTERM");
      expect(await server.exited, server.output()).toEqual({ code: 0, signal: null });
      const after = await client.query(
        "select coalesce(sum(count), 0)::int as n from page_views where company_id = $1",
        [companyId],
      );
      expect(after.rows[0].n).toBe(3);
    } finally {
      await client.end();
    }
  },
  180_000,
);
