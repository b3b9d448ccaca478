import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, inject } from "vitest";
import { resetEnvForTests } from "@/env";
import { resetAppClock } from "@/server/clock";
import { startChangeFeed } from "@/server/db/change-feed";
import { type Database, openDatabase, setDatabase } from "@/server/db/client";
import { setStorage } from "@/server/storage/storage";
import { adminQuery, adminUrl } from "./db-template";

// Each test file gets its own database: a copy of the migrated template. The files of a run share
// one process and its modules (vitest.config.ts: isolate false), so what a file may have changed
// in them goes back after it: the environment, the app clock, the database and the storage. The
// kept reads are keyed by generation, which moves on when the change feed starts and stops.
let database: Database | undefined;
let pgName: string | undefined;
let stopChangeFeed: (() => Promise<void>) | undefined;
const databaseUrl = process.env.DATABASE_URL;

beforeAll(async () => {
  if (databaseUrl) {
    pgName = `oem_t_${randomBytes(6).toString("hex")}`;
    await adminQuery(databaseUrl, [`create database ${pgName} template ${inject("pgTemplate")}`]);
    database = await openDatabase({
      databaseUrl: adminUrl(databaseUrl, pgName),
      migrate: false,
      poolSize: 20,
    });
  } else {
    const snapshot = new Blob([readFileSync(inject("snapshotFile"))]);
    database = await openDatabase({ dataDir: "memory", loadDataDir: snapshot, migrate: false });
  }
  setDatabase(database);
  // As server.ts does: the reads a process keeps (the recruits by fit) are kept and dropped here too.
  stopChangeFeed = await startChangeFeed(database);
});

afterAll(async () => {
  await stopChangeFeed?.();
  await database?.close();
  setDatabase(undefined);
  setStorage(undefined);
  resetEnvForTests();
  resetAppClock();
  if (databaseUrl && pgName)
    await adminQuery(databaseUrl, [`drop database if exists ${pgName} with (force)`]);
});
