import { sql } from "drizzle-orm";
import { env } from "@/env";
import { seedMasterData } from "@/modules/master-data/master-data.service";
import { type Database, openDatabase, setDatabase } from "./db/client";
import { seedDemoData } from "./db/seed/demo";
import { logger } from "./http/logger";

export interface Booted {
  database: Database;
  demoLogins: Array<{ role: string; email: string; password: string }>;
}

/** Opens the database (migrating it), seeds master data, and demo data on a fresh embedded one. */
export async function bootDatabase(): Promise<Booted> {
  const e = env();
  // Master data is written under the migrations' lock: processes starting together take turns.
  const database = await openDatabase(
    e.DATABASE_URL
      ? { databaseUrl: e.DATABASE_URL, poolSize: e.DATABASE_POOL_MAX, prepare: seedMasterData }
      : { dataDir: e.dataDir, prepare: seedMasterData },
  );
  setDatabase(database);
  let demoLogins: Booted["demoLogins"] = [];
  const seedWanted = e.SEED_DEMO === "always" || (e.SEED_DEMO === "auto" && database.kind === "pglite");
  if (seedWanted) {
    const [row] = (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from users`)).rows;
    if (Number(row?.n ?? 0) === 0) {
      logger().info("seeding demo data into the empty database");
      demoLogins = await seedDemoData(database.db);
    }
  }
  return { database, demoLogins };
}
