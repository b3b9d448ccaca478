import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { acquireDataDirLock } from "./lock";
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
  poolSize?: number;
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
    const db = drizzlePg(pool, { schema });
    if (opts.migrate !== false) await migratePg(db, { migrationsFolder });
    return { db, kind: "postgres", close: () => pool.end() };
  }
  const dir = opts.dataDir ?? "memory";
  let release = () => {};
  let client: PGlite;
  if (dir === "memory") {
    client = new PGlite({ loadDataDir: opts.loadDataDir });
  } else {
    release = acquireDataDirLock(dir);
    try {
      client = new PGlite(path.join(dir, "pgdata"), { loadDataDir: opts.loadDataDir });
      await client.waitReady;
    } catch (e) {
      release();
      throw e;
    }
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (opts.migrate !== false) await migratePglite(db as never, { migrationsFolder });
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
