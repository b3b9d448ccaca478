import { and, asc, eq, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { jobRuns } from "@/server/db/schema";

// The job_runs table (decision 0013): one row per periodic job, its last run and its claim.

const secs = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;

/** One row per job, created once; existing rows are kept. */
export async function ensureJobRows(db: DbOrTx, names: string[]): Promise<void> {
  if (names.length)
    await db
      .insert(jobRuns)
      .values(names.map((name) => ({ name })))
      .onConflictDoNothing();
}

/**
 * Claims a job's run when it is due (never run, its period passed, or it failed and its retry
 * period passed) and nobody holds it: one atomic UPDATE, so only one process runs it.
 */
export async function claimJobRun(
  db: DbOrTx,
  name: string,
  t: { everyMs: number; retryMs: number; timeoutMs: number },
): Promise<boolean> {
  const r = jobRuns;
  const rows = await db
    .update(r)
    .set({ lockedUntil: sql`now() + ${secs(t.timeoutMs)}`, lastRunAt: sql`now()` })
    .where(
      and(
        eq(r.name, name),
        or(isNull(r.lockedUntil), lt(r.lockedUntil, sql`now()`)),
        or(
          isNull(r.lastRunAt),
          lte(r.lastRunAt, sql`now() - ${secs(t.everyMs)}`),
          and(isNotNull(r.lastError), lte(r.lastRunAt, sql`now() - ${secs(t.retryMs)}`)),
        ),
      ),
    )
    .returning({ name: r.name });
  return rows.length > 0;
}

export async function markJobOk(db: DbOrTx, name: string): Promise<void> {
  await db
    .update(jobRuns)
    .set({ lastOkAt: sql`now()`, lastError: null, lockedUntil: null })
    .where(eq(jobRuns.name, name));
}

export async function markJobFailed(db: DbOrTx, name: string, error: string): Promise<void> {
  await db.update(jobRuns).set({ lastError: error, lockedUntil: null }).where(eq(jobRuns.name, name));
}

/** Every job's row, by name (the console's system check). */
export async function listJobRuns(db: DbOrTx) {
  return db.select().from(jobRuns).orderBy(asc(jobRuns.name));
}
