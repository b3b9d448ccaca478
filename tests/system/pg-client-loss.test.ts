import pg from "pg";
import { expect, it } from "vitest";
import { openDatabase } from "@/server/db/client";

// Issue 34: a database blip must not end the process. node-postgres's pool takes its own 'error'
// listener off a client while the client is checked out (a transaction between two statements, a
// job's read): a connection the server ends then is an 'error' event nobody listens to, which Node
// throws. Seen in CI: /metrics under a PostgreSQL stop took the whole server down.

const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

it("a checked-out client whose connection PostgreSQL ends between statements fails its next statement, not the process", async () => {
  const database = await openDatabase({ databaseUrl: url, poolSize: 2, migrate: false });
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const uncaught: unknown[] = [];
  const onUncaught = (e: unknown) => uncaught.push(e);
  process.on("uncaughtException", onUncaught);
  const client = await database.pool!.connect();
  let released = false;
  const release = () => {
    if (!released) client.release(true);
    released = true;
  };
  try {
    const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
    await admin.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
    await new Promise((r) => setTimeout(r, 500));
    expect(uncaught).toEqual([]);
    await expect(client.query("select 1")).rejects.toThrow();
    release();
    // the pool opens a new connection for the next statement
    const again = await database.pool!.query<{ one: number }>("select 1 as one");
    expect(again.rows[0]!.one).toBe(1);
  } finally {
    release();
    process.off("uncaughtException", onUncaught);
    await admin.end();
    await database.close();
  }
});
