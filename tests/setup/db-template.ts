import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { seedMasterData } from "@/modules/master-data/master-data.service";
import { openDatabase } from "@/server/db/client";

// API tests start each file from a migrated database with master data:
// PGlite from a dumped snapshot, PostgreSQL from a template database.
export const SNAPSHOT_FILE = path.resolve("node_modules/.cache/oem-tests/pglite-snapshot.tar.gz");
export const PG_TEMPLATE = "oem_test_template";

export function adminUrl(databaseUrl: string, database: string): string {
  const u = new URL(databaseUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function buildTemplate(databaseUrl: string | undefined): Promise<void> {
  if (!databaseUrl) {
    const database = await openDatabase({ dataDir: "memory" });
    await seedMasterData(database.db);
    const blob = await database.pglite!.dumpDataDir("gzip");
    mkdirSync(path.dirname(SNAPSHOT_FILE), { recursive: true });
    writeFileSync(SNAPSHOT_FILE, Buffer.from(await blob.arrayBuffer()));
    await database.close();
    return;
  }
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${PG_TEMPLATE} with (force)`);
    await admin.query(`create database ${PG_TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ databaseUrl: adminUrl(databaseUrl, PG_TEMPLATE), poolSize: 1 });
  await seedMasterData(database.db);
  await database.close();
}
