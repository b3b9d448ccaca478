import pg from "pg";
import { afterAll, expect, it } from "vitest";
import {
  createTestDatabase,
  PG_ADMIN_URL,
  postgresUnreachable,
  type TestDatabase,
} from "../support/postgres";
import { ownDistDirs, removeDir, spawnServer, stopAll, tempDir, waitReady } from "../support/server";

// Three processes started at the same moment on an empty PostgreSQL database (a fresh deployment,
// or a rolling start after a release): the migrations run once, under an advisory lock, and every
// process comes up. Without the lock two of them died on `CREATE TYPE … already exists`.

const pgDown = await postgresUnreachable();
if (pgDown) console.warn(`PostgreSQL is unreachable at ${PG_ADMIN_URL} (${pgDown}): skipped`);

let testDb: TestDatabase | undefined;
const dirs: string[] = [];
const dist = ownDistDirs("start", 3);
const distDirs = dist.dirs;

afterAll(async () => {
  await stopAll();
  await testDb?.drop();
  for (const d of dirs) removeDir(d);
  dist.cleanup();
});

it.skipIf(pgDown !== undefined)(
  "three processes starting at once on an empty database all become ready, and the schema is migrated once",
  async () => {
    testDb = await createTestDatabase("wt_h_start");
    const servers = await Promise.all(
      distDirs.map(async (dist) => {
        const dataDir = tempDir();
        dirs.push(dataDir);
        return spawnServer({ dataDir, databaseUrl: testDb!.url, env: { NEXT_DIST_DIR: dist } });
      }),
    );
    const results = await Promise.allSettled(servers.map((s) => waitReady(s, 120_000)));
    const failures = results.flatMap((r, i) =>
      r.status === "rejected" ? [`process ${i + 1}: ${String(r.reason).slice(0, 2000)}`] : [],
    );
    expect(failures).toEqual([]);
    for (const s of servers) {
      const ready = await fetch(`${s.url}/api/health/ready`);
      expect(ready.status).toBe(200);
    }
    const client = new pg.Client({ connectionString: testDb.url });
    await client.connect();
    try {
      const migrations = await client.query("select count(*)::int as n from drizzle.__drizzle_migrations");
      const journal = (await import("../../drizzle/meta/_journal.json", { with: { type: "json" } })).default;
      expect(migrations.rows[0].n).toBe(journal.entries.length);
      // master data was written by one process at a time: no reason twice
      const dupes = await client.query(
        "select label from deactivation_reasons group by label having count(*) > 1",
      );
      expect(dupes.rows).toEqual([]);
    } finally {
      await client.end();
    }
    for (const s of servers) expect(await s.kill("SIGTERM")).toEqual({ code: 0, signal: null });
  },
  240_000,
);
