import { db } from "@/server/db/client";
import { perDatabase } from "@/server/db/per-database";

/**
 * A fixture made once per test database, for helpers that several test files import: the files
 * of a run share one process and its modules (vitest.config.ts: isolate false), and each file has
 * its own database (tests/setup/api-db.ts), so a value made for one file's data must not reach
 * the next file. The app's own perDatabase, keyed by the database of the moment.
 */
export function perTestDatabase<T>(make: () => T): () => T {
  const made = perDatabase(() => make());
  return () => made(db());
}
