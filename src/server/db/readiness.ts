import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type Db, migrationsFolder } from "./client";
import { isDatabaseUnavailable } from "./unavailable";

// What the readiness probe asks the database: one real read (the last applied migration), so a
// pool whose server refuses connections or hangs is not ready, and an older schema neither.

export type DatabaseCheck = "ok" | "unreachable" | "timeout" | "migrations-pending" | "error";

// no drizzle schema or migrations table yet: nothing was ever migrated
const NOT_MIGRATED = new Set(["3F000", "42P01"]);
const codeOf = (err: unknown) =>
  String((err as { code?: string })?.code ?? (err as { cause?: { code?: string } })?.cause?.code ?? "");

let expectedMigration: number | undefined;

/** The newest migration this code ships (drizzle's journal), read once. */
function latestMigration(): number {
  if (expectedMigration === undefined) {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
      entries: Array<{ when: number }>;
    };
    expectedMigration = Math.max(0, ...journal.entries.map((e) => e.when));
  }
  return expectedMigration;
}

/** Runs the check within `timeoutMs`; never throws. */
export async function checkDatabase(db: Db, timeoutMs = 1000): Promise<DatabaseCheck> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<DatabaseCheck>((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  const query = db
    .execute<{ last: string | null }>(
      sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
    )
    .then(
      (r): DatabaseCheck => (Number(r.rows[0]?.last ?? 0) >= latestMigration() ? "ok" : "migrations-pending"),
      (err): DatabaseCheck =>
        isDatabaseUnavailable(err)
          ? "unreachable"
          : NOT_MIGRATED.has(codeOf(err))
            ? "migrations-pending"
            : "error",
    );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
