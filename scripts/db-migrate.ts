// Applies the committed migrations (the app also does it at start). With the embedded
// database the data dir is locked: run it while the app is stopped.
import { env } from "@/env";
import { seedMasterData } from "@/modules/master-data/master-data.service";
import { openDatabase } from "@/server/db/client";
import { DataDirLockedError } from "@/server/db/lock";
import { MigrationError } from "@/server/db/migrator";

async function main() {
  const e = env();
  const database = await openDatabase(
    e.DATABASE_URL
      ? { databaseUrl: e.DATABASE_URL, prepare: seedMasterData }
      : { dataDir: e.dataDir, prepare: seedMasterData },
  );
  await database.close();
  console.log(`Migrations applied and master data up to date (${database.kind}).`);
}

main().catch((err) => {
  // a failed migration says which one, why, and what is left applied (docs/migrations.md)
  console.error(err instanceof DataDirLockedError || err instanceof MigrationError ? err.message : err);
  process.exit(err instanceof DataDirLockedError ? 75 : 1);
});
