import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db, getDatabase } from "@/server/db/client";
import { readRetries } from "@/server/db/read-retry";
import { users } from "@/server/db/schema";
import { registrationBody } from "../factories/accounts";
import { api } from "../factories/http";

// Issue 34: terminating the app's PostgreSQL connections (a failover, an operator's
// pg_terminate_backend) made every request in flight fail. A read is now sent once more on a new
// connection (decision 0044); a write fails with 503, Retry-After and nothing half-written. The
// request is held in flight deterministically: a second session holds a lock the statement waits
// for, the app's connections are terminated while it waits, then the lock is released.

const onPostgres = Boolean(process.env.DATABASE_URL);
const JAPANESE = /[ぁ-んァ-ヶ一-龥]/;

let admin: pg.Client;

beforeEach(async () => {
  if (!onPostgres) return;
  admin = new pg.Client({
    connectionString: getDatabase().pool!.options.connectionString,
    application_name: "read-retry-test",
  });
  await admin.connect();
});

afterEach(async () => {
  if (!onPostgres) return;
  await admin.query("rollback").catch(() => undefined);
  await admin.end();
});

/** The app's sessions on this database that wait for a lock (the request's statement). */
async function waitingOnLock(): Promise<number> {
  // inside a transaction the activity view is a snapshot taken once: take a new one
  await admin.query("select pg_stat_clear_snapshot()");
  const { rows } = await admin.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
  );
  return rows[0]!.n;
}

/** Runs `request` while `table` is locked, terminates every app connection once it waits, then unlocks. */
async function terminatedInFlight<T>(
  table: string,
  request: () => Promise<T>,
): Promise<{ reply: T; cut: number }> {
  await admin.query("begin");
  await admin.query(`lock table ${table} in access exclusive mode`);
  const pending = request();
  const deadline = Date.now() + 10_000;
  while ((await waitingOnLock()) === 0) {
    if (Date.now() > deadline) throw new Error(`the request never waited for ${table}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  // every app connection (the pool's and the change feed's), not this session
  const { rowCount } = await admin.query(
    `select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`,
  );
  await admin.query("commit");
  return { reply: await pending, cut: rowCount ?? 0 };
}

describe("a database blip", () => {
  it.skipIf(!onPostgres)(
    "a GET whose connection PostgreSQL terminates while it reads answers 200 (read sent again on a new connection), and the next one too",
    async () => {
      const keyword = `blip${randomBytes(4).toString("hex")}`;
      expect((await api("GET", `/api/oem?keyword=${keyword}&perPage=1`)).status).toBe(200);
      const retriesBefore = readRetries();
      const { reply, cut } = await terminatedInFlight("supplier_profiles", () =>
        api("GET", `/api/oem?keyword=${keyword}x&perPage=1`),
      );
      expect(cut).toBeGreaterThan(0);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.items).toEqual([]);
      expect(readRetries()).toBe(retriesBefore + 1);
      // the pool hands out no dead client afterwards
      for (let i = 0; i < 5; i++)
        expect((await api("GET", `/api/oem?keyword=${keyword}${i}&perPage=1`)).status).toBe(200);
      expect(readRetries()).toBe(retriesBefore + 1);
    },
  );

  it.skipIf(!onPostgres)(
    "a POST whose connection is terminated inside its transaction answers 503 with Retry-After and a Japanese message, and nothing of it is written",
    async () => {
      const body = registrationBody();
      const { reply } = await terminatedInFlight("companies", () =>
        api("POST", "/api/buyer/register", { body }),
      );
      expect(reply.status, JSON.stringify(reply.body)).toBe(503);
      expect(reply.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(reply.body.error.message).toMatch(JAPANESE);
      expect(await db().select().from(users).where(eq(users.email, body.email))).toEqual([]);
      // sent again by the client, it is written once
      expect((await api("POST", "/api/buyer/register", { body })).status).toBe(201);
    },
  );
});
