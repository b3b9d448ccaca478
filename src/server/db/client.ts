import path from "node:path";
import { PGlite, type QueryOptions, types } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { acquireDataDirLock } from "./lock";
import { applyMigrations, type MigrationSession } from "./migrator";
import { instrumentQueries } from "./query-stats";
import { retryLostReads } from "./read-retry";
import * as schema from "./schema";

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; services accept `Db | Tx` wherever they may run inside one. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** The raw PGlite instance (tests take snapshots of it); undefined on PostgreSQL. */
  pglite?: PGlite;
  /** The pg pool on PostgreSQL (its use is a metric). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(process.cwd(), "drizzle");

export interface OpenOptions {
  databaseUrl?: string;
  /** Directory of the embedded database; "memory" for an in-memory one. */
  dataDir?: string;
  /** A dumped PGlite data dir to start from (tests). */
  loadDataDir?: Blob | File;
  migrate?: boolean;
  /** Runs right after the migrations, under the same lock (master data). */
  prepare?: (db: Db) => Promise<void>;
  poolSize?: number;
  /** The migrations' lock_timeout (default 5 s, migrator.ts); tests shorten it. */
  migrationLockTimeoutMs?: number;
  /** Another migrations folder than drizzle/ (tests of the runner). */
  migrationsFolder?: string;
}

// Any fixed number: every process of this app asks PostgreSQL for the same lock.
const MIGRATION_LOCK = sql`hashtextextended('oem-match migrations', 0)`;

/**
 * Migrates (and prepares) while holding a PostgreSQL advisory lock, on one connection: processes
 * starting at the same time on an empty database take turns instead of all running CREATE TYPE.
 */
/**
 * Polls for the lock instead of waiting in pg_advisory_lock: a CREATE INDEX CONCURRENTLY run by the
 * holder waits for every transaction older than it, and a statement blocked on the advisory lock
 * is one, so a second process starting during the build deadlocked with it (migration-runner.test.ts).
 */
async function takeMigrationLock(locked: Db): Promise<void> {
  for (;;) {
    const { rows } = await locked.execute<{ ok: boolean }>(
      sql`select pg_try_advisory_lock(${MIGRATION_LOCK}) as ok`,
    );
    if (rows[0]?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 100));
  }
}

async function migrateUnderLock(pool: pg.Pool, opts: OpenOptions): Promise<void> {
  const { prepare } = opts;
  const client = await pool.connect();
  try {
    const locked = drizzlePg(client, { schema });
    await takeMigrationLock(locked);
    try {
      await applyMigrations(pgSession(client), migrateOptions(opts));
      await prepare?.(locked as unknown as Db);
    } finally {
      await locked.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  } finally {
    client.release();
  }
}

const migrateOptions = (opts: OpenOptions) => ({
  migrationsFolder: opts.migrationsFolder ?? migrationsFolder,
  lockTimeoutMs: opts.migrationLockTimeoutMs,
});

function pgSession(client: pg.PoolClient): MigrationSession {
  return {
    async run(text) {
      const result = (await client.query(text)) as pg.QueryResult | pg.QueryResult[];
      return (Array.isArray(result) ? result.at(-1) : result)?.rows ?? [];
    },
  };
}

function pgliteSession(client: PGlite): MigrationSession {
  return {
    async run(text) {
      const results = await client.exec(text);
      return (results.at(-1)?.rows ?? []) as Array<Record<string, unknown>>;
    },
  };
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
    });
    pool.on("error", () => {
      // an idle client lost its connection; the pool replaces it on next use
    });
    pool.on("connect", (client) => {
      instrumentQueries(client);
      // The pool takes its own 'error' listener off a checked-out client: a connection the server
      // ends between two statements would be an unheard 'error' event, which ends the process. The
      // next statement fails instead, and the pool drops the client on release.
      client.on("error", () => {});
    });
    // A read whose connection PostgreSQL ends under it is sent once more on a new one (decision 0044).
    retryLostReads(pool);
    const db = drizzlePg(pool, { schema });
    try {
      if (opts.migrate !== false) await migrateUnderLock(pool, opts);
      else await opts.prepare?.(db);
    } catch (e) {
      await pool.end();
      throw e;
    }
    return { db, kind: "postgres", pool, close: () => pool.end() };
  }
  const dir = opts.dataDir ?? "memory";
  let release = () => {};
  let client: PGlite;
  if (dir === "memory") {
    client = new PGlite({ loadDataDir: opts.loadDataDir, parsers: textParsers });
  } else {
    release = acquireDataDirLock(dir);
    try {
      client = new PGlite(path.join(dir, "pgdata"), { loadDataDir: opts.loadDataDir, parsers: textParsers });
      await client.waitReady;
    } catch (e) {
      release();
      throw e;
    }
  }
  await client.waitReady;
  instrumentPglite(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  try {
    if (opts.migrate !== false) await applyMigrations(pgliteSession(client), migrateOptions(opts));
    await opts.prepare?.(db);
  } catch (e) {
    await client.close();
    release();
    throw e;
  }
  return {
    db,
    kind: "pglite",
    pglite: client,
    close: async () => {
      await client.close();
      release();
    },
  };
}

// Drizzle passes PGlite these parsers (leave dates, times and intervals as text; Drizzle maps them)
// with every query, and PGlite then copies its whole table of parsers, hundreds of entries, to merge
// them in: about 0.2 ms a query, as much as running a simple one. So the instance gets them once, at
// creation, and a query's own parsers are dropped when they are exactly these (identity functions).
const keepText = (value: string) => value;
const textParsers: NonNullable<QueryOptions["parsers"]> = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
    (oid) => [oid, keepText],
  ),
);
const PROBE = "\u0000probe";

function withoutRedundantParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  for (const [oid, parse] of Object.entries(parsers)) {
    if (!(oid in textParsers) || parse(PROBE, Number(oid)) !== PROBE) return options;
  }
  const { parsers: _, ...rest } = options;
  return rest;
}

type PgliteQueryable = Pick<PGlite, "query">;

function dropRedundantParsers<T extends PgliteQueryable>(client: T): T {
  const query = client.query.bind(client);
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
    query(text, params, withoutRedundantParsers(options))) as T["query"];
  return client;
}

/** The parsers fix above, and the per-request query counter (query-stats.ts), also inside transactions. */
function instrumentPglite(client: PGlite): void {
  instrumentQueries(dropRedundantParsers(client));
  const transaction = client.transaction.bind(client);
  client.transaction = ((fn: (tx: never) => Promise<unknown>) =>
    transaction((tx) => fn(instrumentQueries(dropRedundantParsers(tx)) as never))) as PGlite["transaction"];
}

// One handle per process, on globalThis, so Next's bundled copy of our modules shares it.
const holder = globalThis as unknown as { __oemDatabase?: Database };

export function setDatabase(database: Database | undefined): void {
  holder.__oemDatabase = database;
}

export function getDatabase(): Database {
  const database = holder.__oemDatabase;
  if (!database) throw new Error("The database is not open yet (call setDatabase at boot)");
  return database;
}

export function db(): Db {
  return getDatabase().db;
}
