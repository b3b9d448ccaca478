import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/server/db/client";
import { MIGRATION_LOCK_TIMEOUT_MS, MigrationError } from "@/server/db/migrator";
import {
  createTestDatabase,
  PG_ADMIN_URL,
  postgresUnreachable,
  type TestDatabase,
} from "../support/postgres";
import { removeDir, tempDir } from "../support/server";

// The migration runner (src/server/db/migrator.ts, decision 0043) on small migration folders of
// its own: a migration queued behind a long transaction fails fast and whole, and a concurrent
// index build runs outside a transaction, once, and is repaired after a failed build.

const pgDown = await postgresUnreachable();
if (pgDown) {
  if (process.env.CI === "true") throw new Error(`CI needs PostgreSQL: ${pgDown}`);
  console.warn(`PostgreSQL is unreachable at ${PG_ADMIN_URL} (${pgDown}): skipped`);
}

const dirs: string[] = [];
const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const d of dirs) removeDir(d);
  for (const d of databases) await d.drop();
});

// the fixtures' journal times
const FIXTURE_TIME = 4_000_000_000_000;

/** A drizzle migrations folder holding these files, in this order. */
function folder(files: Array<[tag: string, sql: string]>): string {
  const dir = tempDir("oem-migrations-");
  dirs.push(dir);
  mkdirSync(path.join(dir, "meta"));
  const entries = files.map(([tag, sql], idx) => {
    writeFileSync(path.join(dir, `${tag}.sql`), sql);
    return { idx, version: "7", when: FIXTURE_TIME + idx, tag, breakpoints: true };
  });
  writeFileSync(
    path.join(dir, "meta/_journal.json"),
    JSON.stringify({ version: "7", dialect: "postgresql", entries }),
  );
  return dir;
}

async function database(): Promise<TestDatabase> {
  const db = await createTestDatabase("wt_h_migr");
  databases.push(db);
  return db;
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const migrate = async (url: string, migrationsFolder: string) =>
  (await openDatabase({ databaseUrl: url, migrationsFolder, poolSize: 1 })).close();

const INIT: [string, string] = [
  "0000_init",
  `CREATE TABLE "parts" ("id" serial PRIMARY KEY, "code" integer NOT NULL);--> statement-breakpoint
INSERT INTO "parts" ("code") SELECT g % 50 FROM generate_series(1, 200) g;`,
];
const ADD_COLUMN: [string, string] = [
  "0001_add_note",
  `CREATE TABLE "notes" ("id" serial PRIMARY KEY);--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "note" text;`,
];
const UNIQUE_CODE: [string, string] = [
  "0002_unique_code",
  `-- migrate: no-transaction
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "parts_code_key" ON "parts" USING btree ("code");`,
];

describe.skipIf(pgDown !== undefined)("migrations on PostgreSQL", () => {
  it(`a migration behind a long transaction fails after the lock_timeout (${MIGRATION_LOCK_TIMEOUT_MS} ms) with nothing applied, and applies when run again`, async () => {
    const db = await database();
    await migrate(db.url, folder([INIT]));
    const holder = new pg.Client({ connectionString: db.url });
    await holder.connect();
    try {
      // a reader in a long transaction: ALTER TABLE needs ACCESS EXCLUSIVE and must wait for it
      await holder.query("begin");
      await holder.query("select count(*) from parts");
      const next = folder([INIT, ADD_COLUMN]);
      const started = Date.now();
      const error = await migrate(db.url, next).then(
        () => undefined,
        (e: unknown) => e,
      );
      const waited = Date.now() - started;
      console.log(`[system] the migration gave up on its lock after ${waited} ms`);
      expect(error).toBeInstanceOf(MigrationError);
      expect((error as Error).message).toMatch(
        /^Migration 0001_add_note waited more than 5000 ms for a lock \(lock_timeout\).*Nothing of it was applied/,
      );
      expect(waited).toBeGreaterThanOrEqual(MIGRATION_LOCK_TIMEOUT_MS - 100);
      expect(waited).toBeLessThan(MIGRATION_LOCK_TIMEOUT_MS + 3000);
      // the table created before the ALTER in the same file was rolled back with it
      expect(await query(db.url, "select to_regclass('notes') as t")).toEqual([{ t: null }]);
      expect(await query(db.url, "select count(*)::int as n from drizzle.__drizzle_migrations")).toEqual([
        { n: 1 },
      ]);

      await holder.query("commit");
      await migrate(db.url, next);
      expect(await query(db.url, "select to_regclass('notes')::text as t")).toEqual([{ t: "notes" }]);
      const columns = await query(
        db.url,
        "select column_name from information_schema.columns where table_name = 'parts'",
      );
      expect(columns.map((c) => c.column_name)).toContain("note");
    } finally {
      await holder.end();
    }
  }, 30_000);

  it("the app's connections do not keep the migrations' lock_timeout", async () => {
    const db = await database();
    const opened = await openDatabase({ databaseUrl: db.url, migrationsFolder: folder([INIT]), poolSize: 1 });
    try {
      const { rows } = await opened.pool!.query("show lock_timeout");
      expect(rows).toEqual([{ lock_timeout: "0" }]);
    } finally {
      await opened.close();
    }
  });

  it("a concurrent index build runs outside a transaction; a failed build's INVALID index is dropped and built again", async () => {
    const db = await database();
    const migrations = folder([INIT, UNIQUE_CODE]);
    // 200 rows with 50 codes: the unique build fails and leaves an INVALID index behind
    const error = await migrate(db.url, migrations).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as Error).message).toMatch(
      /^Migration 0002_unique_code failed: could not create unique index/,
    );
    const validity = "select indisvalid as valid from pg_index where indexrelid = 'parts_code_key'::regclass";
    expect(await query(db.url, validity)).toEqual([{ valid: false }]);
    expect(await query(db.url, "select count(*)::int as n from drizzle.__drizzle_migrations")).toEqual([
      { n: 1 },
    ]);

    await query(db.url, "delete from parts where id > 50");
    await migrate(db.url, migrations);
    expect(await query(db.url, validity)).toEqual([{ valid: true }]);
    expect(await query(db.url, "select count(*)::int as n from drizzle.__drizzle_migrations")).toEqual([
      { n: 2 },
    ]);
  }, 30_000);

  it("processes starting at once apply a concurrent index migration once, under the advisory lock", async () => {
    const db = await database();
    const migrations = folder([
      ["0000_init", `CREATE TABLE "parts" ("id" serial PRIMARY KEY, "code" integer NOT NULL);`],
      [
        "0001_code_index",
        `-- migrate: no-transaction
CREATE INDEX CONCURRENTLY IF NOT EXISTS "parts_code_idx" ON "parts" USING btree ("code");`,
      ],
    ]);
    await Promise.all([1, 2, 3].map(() => migrate(db.url, migrations)));
    expect(
      await query(db.url, "select created_at::text from drizzle.__drizzle_migrations order by created_at"),
    ).toEqual([{ created_at: String(FIXTURE_TIME) }, { created_at: String(FIXTURE_TIME + 1) }]);
    expect(
      await query(
        db.url,
        "select indisvalid as valid from pg_index where indexrelid = 'parts_code_idx'::regclass",
      ),
    ).toEqual([{ valid: true }]);
  }, 30_000);
});

describe("migrations on PGlite", () => {
  it("a no-transaction file's concurrent index is built there too (single user: nothing to wait for)", async () => {
    // one instance only: a PGlite start (initdb in WebAssembly) takes 2-25 s on these machines
    const fixed = folder([
      INIT,
      ["0001_dedupe", `DELETE FROM "parts" WHERE "id" > 50;`],
      ["0002_unique_code", UNIQUE_CODE[1]],
    ]);
    const database = await openDatabase({ dataDir: "memory", migrationsFolder: fixed });
    try {
      const { rows } = await database.pglite!.query<{ valid: boolean }>(
        "select indisvalid as valid from pg_index where indexrelid = 'parts_code_key'::regclass",
      );
      expect(rows).toEqual([{ valid: true }]);
      const applied = await database.pglite!.query(
        `select 1 from drizzle.__drizzle_migrations where created_at >= ${FIXTURE_TIME}`,
      );
      expect(applied.rows).toHaveLength(3);
    } finally {
      await database.close();
    }
  });
});
