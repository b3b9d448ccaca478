import { it } from "vitest";

// Concurrency tests (issue 33 item 31). PGlite runs one transaction at a time, so two requests can
// never race there and a test of a race passes whatever the code does: such a test runs on
// PostgreSQL (DATABASE_URL, separate connections) and reports itself skipped on PGlite rather than
// green. tests/api/suite-rules.test.ts holds every test named for a race to this.

/** Whether the suite runs on PostgreSQL, where transactions really run side by side. */
export const onPostgres = Boolean(process.env.DATABASE_URL);

/** `it` for a test of concurrent requests or job runs: skipped on PGlite, run on PostgreSQL. */
export const itConcurrently = it.skipIf(!onPostgres);
