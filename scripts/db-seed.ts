// Seeds demo data into an empty database (embedded or PostgreSQL); refuses a non-empty one.
import { sql } from "drizzle-orm";
import { env } from "@/env";
import { seedMasterData } from "@/modules/master-data/master-data.service";
import { openDatabase } from "@/server/db/client";
import { DataDirLockedError } from "@/server/db/lock";
import { seedDemoData } from "@/server/db/seed/demo";

async function main() {
  const e = env();
  const database = await openDatabase(
    e.DATABASE_URL ? { databaseUrl: e.DATABASE_URL } : { dataDir: e.dataDir },
  );
  try {
    await seedMasterData(database.db);
    const [row] = (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from users`)).rows;
    if (Number(row?.n ?? 0) > 0) {
      console.error("The database already has users; demo data is only seeded into an empty database.");
      process.exitCode = 1;
      return;
    }
    const logins = await seedDemoData(database.db);
    console.log("Demo data seeded. Logins:");
    for (const l of logins) console.log(`  ${l.role.padEnd(28)} ${l.email.padEnd(36)} ${l.password}`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof DataDirLockedError ? err.message : err);
  process.exit(err instanceof DataDirLockedError ? 75 : 1);
});
