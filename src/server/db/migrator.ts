import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { BREAKPOINT, isNoTransaction, splitStatements } from "./migration-sql";

// Applies drizzle-kit's migrations with drizzle's bookkeeping (the same drizzle.__drizzle_migrations
// rows: hash, created_at = the journal's `when`), plus what drizzle's migrator lacks (decision 0043):
// - a lock_timeout for the whole session, so a migration queued behind a long transaction fails
//   the release instead of making every request queue behind its ACCESS EXCLUSIVE lock;
// - one transaction per migration (drizzle: one for all), so locks are held for one file only;
// - files marked `-- migrate: no-transaction` run statement by statement outside a transaction
//   (CREATE INDEX CONCURRENTLY), idempotently, and an INVALID index left by a failed concurrent
//   build is dropped and built again on the next run.

export const MIGRATION_LOCK_TIMEOUT_MS = 5000;

/** One connection: a pg client or the PGlite instance. */
export interface MigrationSession {
  /** Runs one or more statements (simple protocol); the rows of the last one. */
  run(sql: string): Promise<Array<Record<string, unknown>>>;
}

export interface MigrateOptions {
  migrationsFolder: string;
  lockTimeoutMs?: number;
}

export class MigrationError extends Error {
  constructor(
    message: string,
    readonly migration: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "MigrationError";
  }
}

interface Migration {
  tag: string;
  when: number;
  text: string;
  hash: string;
}

function readMigrations(folder: string): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as {
    entries: Array<{ tag: string; when: number }>;
  };
  return journal.entries.map(({ tag, when }) => {
    const text = readFileSync(path.join(folder, `${tag}.sql`), "utf8");
    return { tag, when, text, hash: createHash("sha256").update(text).digest("hex") };
  });
}

const CONCURRENT_INDEX =
  /^CREATE\s+(?:UNIQUE\s+)?INDEX\s+CONCURRENTLY\s+IF\s+NOT\s+EXISTS\s+("(?:[^"]|"")+"|[\w$]+)/i;
const unquote = (name: string) => (name.startsWith('"') ? name.slice(1, -1).replace(/""/g, '"') : name);
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Applies the pending migrations on this session; returns the tags it applied. */
export async function applyMigrations(session: MigrationSession, opts: MigrateOptions): Promise<string[]> {
  const timeout = Math.max(1, Math.round(opts.lockTimeoutMs ?? MIGRATION_LOCK_TIMEOUT_MS));
  const applied: string[] = [];
  await session.run(`set lock_timeout = ${timeout}`);
  try {
    await session.run("create schema if not exists drizzle");
    await session.run(
      "create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)",
    );
    const [last] = await session.run(
      "select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1",
    );
    const lastWhen = Number(last?.created_at ?? -1);
    for (const m of readMigrations(opts.migrationsFolder)) {
      if (m.when <= lastWhen) continue;
      try {
        if (isNoTransaction(m.text)) await applyOutsideTransaction(session, m);
        else await applyInTransaction(session, m);
      } catch (err) {
        throw explain(err, m, timeout);
      }
      applied.push(m.tag);
    }
  } finally {
    // the connection goes back to the pool (or is PGlite's only one): the app's own statements
    // keep the server's lock_timeout
    await session.run("reset lock_timeout").catch(() => {});
  }
  return applied;
}

const record = (m: Migration) =>
  `insert into drizzle.__drizzle_migrations (hash, created_at) values (${literal(m.hash)}, ${m.when})`;

async function applyInTransaction(session: MigrationSession, m: Migration): Promise<void> {
  await session.run("begin");
  try {
    for (const chunk of m.text.split(BREAKPOINT)) if (chunk.trim()) await session.run(chunk);
    await session.run(record(m));
    await session.run("commit");
  } catch (err) {
    await session.run("rollback").catch(() => {});
    throw err;
  }
}

async function applyOutsideTransaction(session: MigrationSession, m: Migration): Promise<void> {
  for (const { sql } of splitStatements(m.text)) {
    const index = CONCURRENT_INDEX.exec(sql)?.[1];
    if (index) await dropInvalidIndex(session, unquote(index));
    await session.run(sql);
    if (index && (await indexValidity(session, unquote(index))) !== true)
      throw new Error(`index ${unquote(index)} is not valid after its concurrent build`);
  }
  await session.run(record(m));
}

async function indexValidity(session: MigrationSession, name: string): Promise<boolean | undefined> {
  const [row] = await session.run(
    `select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
     join pg_namespace n on n.oid = c.relnamespace
     where c.relname = ${literal(name)} and n.nspname = any (current_schemas(false))`,
  );
  return row === undefined ? undefined : row.valid === true || row.valid === "t";
}

/** A concurrent build that failed (or was cancelled) leaves an INVALID index that IF NOT EXISTS would keep. */
async function dropInvalidIndex(session: MigrationSession, name: string): Promise<void> {
  if ((await indexValidity(session, name)) === false)
    await session.run(`drop index concurrently if exists "${name.replace(/"/g, '""')}"`);
}

const codeOf = (err: unknown) => String((err as { code?: string })?.code ?? "");

function explain(err: unknown, m: Migration, timeoutMs: number): MigrationError {
  const reason = err instanceof Error ? err.message : String(err);
  const outside = isNoTransaction(m.text);
  const left = outside
    ? "its statements before the failing one stay applied (they are idempotent) and an unfinished index is rebuilt on the next run"
    : "nothing of it was applied (its transaction was rolled back)";
  const message =
    codeOf(err) === "55P03"
      ? `Migration ${m.tag} waited more than ${timeoutMs} ms for a lock (lock_timeout): another transaction holds a table it changes. ${left[0]!.toUpperCase()}${left.slice(1)}. Find the long transaction (pg_stat_activity, pg_locks), let it end, and run the release step again. (${reason})`
      : `Migration ${m.tag} failed: ${reason}. ${left[0]!.toUpperCase()}${left.slice(1)}.`;
  return new MigrationError(message, m.tag, { cause: err });
}
