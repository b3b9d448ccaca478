import { afterAll } from "vitest";
import { type Database, type OpenOptions, openDatabase } from "@/server/db/client";
import { createTestDatabase, type TestDatabase } from "./postgres";

/**
 * Several app processes on one PostgreSQL, as two pools in one test process: the first migrates
 * a fresh database (and runs `prepare`, e.g. the master data), the second opens it as a later
 * process would. Called at a test file's top level; the pools close and the database is dropped
 * after the file's tests.
 */
export function twoPoolsOnOneDatabase(
  prefix: string,
  prepare?: OpenOptions["prepare"],
): () => Promise<[Database, Database]> {
  let testDb: TestDatabase | undefined;
  const handles: Database[] = [];
  afterAll(async () => {
    for (const h of handles) await h.close();
    await testDb?.drop();
  });
  return async () => {
    testDb ??= await createTestDatabase(prefix);
    const a = await openDatabase({ databaseUrl: testDb.url, poolSize: 4, prepare });
    const b = await openDatabase({ databaseUrl: testDb.url, poolSize: 4, migrate: false });
    handles.push(a, b);
    return [a, b];
  };
}
