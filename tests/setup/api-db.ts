import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, setDatabase, type Database } from "@/server/db/client";
import { adminUrl, PG_TEMPLATE, SNAPSHOT_FILE } from "./db-template";

// Each test file gets its own database: a copy of the migrated template.
let database: Database | undefined;
let pgName: string | undefined;
const databaseUrl = process.env.DATABASE_URL;

beforeAll(async () => {
  if (databaseUrl) {
    pgName = `oem_t_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${pgName} template ${PG_TEMPLATE}`);
    await admin.end();
    database = await openDatabase({ databaseUrl: adminUrl(databaseUrl, pgName), migrate: false, poolSize: 20 });
  } else {
    const snapshot = new Blob([readFileSync(SNAPSHOT_FILE)]);
    database = await openDatabase({ dataDir: "memory", loadDataDir: snapshot, migrate: false });
  }
  setDatabase(database);
});

afterAll(async () => {
  await database?.close();
  setDatabase(undefined);
  if (databaseUrl && pgName) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${pgName} with (force)`);
    await admin.end();
  }
});
