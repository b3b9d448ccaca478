import { getDatabase } from "@/server/db/client";

/**
 * A fixture made once per test database, for helpers that several test files import: the files
 * of a run share one process and its modules (vitest.config.ts: isolate false), and each file has
 * its own database (tests/setup/api-db.ts), so a value made for one file's data must not reach
 * the next file.
 */
export function perTestDatabase<T>(make: () => T): () => T {
  const made = new WeakMap<object, T>();
  return () => {
    const database = getDatabase();
    if (!made.has(database)) made.set(database, make());
    return made.get(database)!;
  };
}
