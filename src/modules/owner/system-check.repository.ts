import { count, desc } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import type { Page } from "@/server/db/listing";
import { systemChecks } from "@/server/db/schema";

// The console's system checks (GET /api/owner/test keeps each answer; /api/owner/test-list lists them).

export type SystemCheckRow = typeof systemChecks.$inferSelect;

export async function insertSystemCheck(db: DbOrTx, values: typeof systemChecks.$inferInsert) {
  const [row] = await db.insert(systemChecks).values(values).returning();
  return row!;
}

export async function listSystemChecks(db: DbOrTx, page: Page) {
  const rows = await db
    .select()
    .from(systemChecks)
    .orderBy(desc(systemChecks.createdAt), desc(systemChecks.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(systemChecks);
  return { rows, total: Number(total?.n ?? 0) };
}
