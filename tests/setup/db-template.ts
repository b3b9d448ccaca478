import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { seedMasterData } from "@/modules/master-data/master-data.service";
import { openDatabase } from "@/server/db/client";

// API tests start each file from a migrated database with master data:
// PGlite from a dumped snapshot, PostgreSQL from a template database.
// Names carry the run's pid so concurrent runs never share one.
export interface TemplateInfo {
  snapshotFile?: string;
  pgTemplate?: string;
}

export function adminUrl(databaseUrl: string, database: string): string {
  const u = new URL(databaseUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function buildTemplate(databaseUrl: string | undefined): Promise<TemplateInfo> {
  if (!databaseUrl) {
    const snapshotFile = path.resolve(`node_modules/.cache/oem-tests/pglite-snapshot-${process.pid}.tar.gz`);
    const database = await openDatabase({ dataDir: "memory" });
    await seedMasterData(database.db);
    const blob = await database.pglite!.dumpDataDir("gzip");
    mkdirSync(path.dirname(snapshotFile), { recursive: true });
    writeFileSync(snapshotFile, Buffer.from(await blob.arrayBuffer()));
    await database.close();
    return { snapshotFile };
  }
  const pgTemplate = `oem_test_template_${process.pid}`;
  await adminQuery(databaseUrl, [
    `drop database if exists ${pgTemplate} with (force)`,
    `create database ${pgTemplate}`,
  ]);
  const database = await openDatabase({ databaseUrl: adminUrl(databaseUrl, pgTemplate), poolSize: 1 });
  await seedMasterData(database.db);
  await database.close();
  return { pgTemplate };
}

export async function dropTemplate(databaseUrl: string | undefined, info: TemplateInfo): Promise<void> {
  if (info.snapshotFile) rmSync(info.snapshotFile, { force: true });
  if (databaseUrl && info.pgTemplate) {
    await adminQuery(databaseUrl, [`drop database if exists ${info.pgTemplate} with (force)`]);
  }
}

export async function adminQuery(databaseUrl: string, statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    for (const s of statements) await admin.query(s);
  } finally {
    await admin.end();
  }
}
