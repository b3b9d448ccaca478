import { randomBytes } from "node:crypto";
import pg from "pg";

// System tests on PostgreSQL use a fresh database of their own, dropped afterwards.
export const PG_ADMIN_URL = process.env.SYSTEM_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Undefined when PostgreSQL answers; otherwise why not. */
export async function postgresUnreachable(): Promise<string | undefined> {
  try {
    await admin((c) => c.query("select 1"));
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message || e.name : String(e);
  }
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(prefix = "oem_sys"): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  await admin((c) => c.query(`create database ${name}`));
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => admin(async (c) => void (await c.query(`drop database if exists ${name} with (force)`))),
  };
}
