import { count, eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { entries } from "@/server/db/schema";

// Entry counts for the supplier's my-page top (read only).

export type EntryStatus = (typeof entries.$inferSelect)["status"];

export async function countSupplierEntriesByStatus(
  db: DbOrTx,
  supplierCompanyId: string,
): Promise<Partial<Record<EntryStatus, number>>> {
  const rows = await db
    .select({ status: entries.status, n: count() })
    .from(entries)
    .where(eq(entries.supplierCompanyId, supplierCompanyId))
    .groupBy(entries.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}
