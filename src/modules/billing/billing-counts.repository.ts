import { count, eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { planContracts, ticketPurchases } from "@/server/db/schema";

// Billing figures for the console's dashboard (read only).

export type PlanStatus = (typeof planContracts.$inferSelect)["status"];

/** Ticket purchases waiting for their payment, and plan applications waiting for the operator. */
export async function waitingCounts(db: DbOrTx): Promise<{ purchases: number; plans: number }> {
  const [[purchases], [plans]] = await Promise.all([
    db.select({ n: count() }).from(ticketPurchases).where(eq(ticketPurchases.status, "PENDING")),
    db.select({ n: count() }).from(planContracts).where(eq(planContracts.status, "WAITING")),
  ]);
  return { purchases: Number(purchases?.n ?? 0), plans: Number(plans?.n ?? 0) };
}
