import { type Db, db as processDb } from "@/server/db/client";
import { logger } from "@/server/http/logger";
import { claimJobRun, ensureJobRows, markJobFailed, markJobOk } from "./job-runs.repository";

// Periodic jobs that survive restarts: each job's last run is a row of job_runs, so a job
// missed while the app was down runs at the next start. A run is claimed by an atomic
// UPDATE on locked_until: with several app processes on PostgreSQL only one runs it.
// Jobs must be idempotent: after a crash mid-run the job runs again once its claim ends.

export interface Job {
  name: string;
  /** How often it runs. */
  everyMs: number;
  run(db: Db): Promise<unknown>;
  /** How long a run may take before another process may take the job over (default 10 min). */
  timeoutMs?: number;
  /** How soon a failed run is retried (default: the smaller of everyMs and 5 min). */
  retryMs?: number;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A job in one line: `job("close-inquiries", 5 * MINUTE, closeDueInquiries)`. */
export function job(
  name: string,
  everyMs: number,
  run: (db: Db) => Promise<unknown>,
  opts: Partial<Job> = {},
): Job {
  return { name, everyMs, run, ...opts };
}

async function claim(db: Db, j: Job): Promise<boolean> {
  return claimJobRun(db, j.name, {
    everyMs: j.everyMs,
    retryMs: j.retryMs ?? Math.min(j.everyMs, 5 * MINUTE),
    timeoutMs: j.timeoutMs ?? 10 * MINUTE,
  });
}

export interface JobOutcome {
  name: string;
  ok: boolean;
  result?: unknown;
  error?: string;
}

async function ensureRows(db: Db, jobs: Job[]): Promise<void> {
  await ensureJobRows(
    db,
    jobs.map((j) => j.name),
  );
}

/** Runs every due job that this caller can claim; the ones it ran, with their outcome. */
export async function runDueJobs(db: Db, jobs: Job[]): Promise<JobOutcome[]> {
  await ensureRows(db, jobs);
  const outcomes = await Promise.all(jobs.map((j) => runIfDue(db, j)));
  return outcomes.filter((o): o is JobOutcome => o !== undefined);
}

async function runIfDue(db: Db, j: Job): Promise<JobOutcome | undefined> {
  if (!(await claim(db, j))) return undefined;
  const started = Date.now();
  try {
    const result = await j.run(db);
    await markJobOk(db, j.name);
    logger().info({ job: j.name, result, ms: Date.now() - started }, "job finished");
    return { name: j.name, ok: true, result };
  } catch (err) {
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
    await markJobFailed(db, j.name, error);
    logger().error({ job: j.name, err, ms: Date.now() - started }, "job failed");
    return { name: j.name, ok: false, error };
  }
}

export interface Scheduler {
  /** Stops checking and waits for the runs in progress. */
  stop(): Promise<void>;
}

/**
 * Runs overdue jobs at once (catch-up after a restart), then checks every tickMs.
 * Jobs run side by side: a long one does not hold up the others.
 */
export function startScheduler(jobs: Job[], opts: { db?: () => Db; tickMs?: number } = {}): Scheduler {
  const tickMs = opts.tickMs ?? 30_000;
  const getDb = opts.db ?? processDb;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const inFlight = new Set<Promise<unknown>>();
  // a job still running here is not even offered to the database again
  const running = new Set<string>();
  const track = (p: Promise<unknown>) => {
    inFlight.add(p);
    const done = () => inFlight.delete(p);
    p.then(done, done);
  };

  const tick = async () => {
    try {
      const db = getDb();
      await ensureRows(db, jobs);
      for (const j of jobs) {
        if (stopped || running.has(j.name)) continue;
        running.add(j.name);
        track(
          runIfDue(db, j)
            .catch((err) => logger().error({ err, job: j.name }, "job bookkeeping failed"))
            .finally(() => running.delete(j.name)),
        );
      }
    } catch (err) {
      logger().error({ err }, "scheduler tick failed");
    }
  };
  const loop = () => {
    if (stopped) return;
    track(tick());
    timer = setTimeout(loop, tickMs);
    timer.unref();
  };
  loop();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
  };
}
