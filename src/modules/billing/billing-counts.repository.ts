import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { planContracts, ticketPurchases } from "@/server/db/schema";

// Billing figures for the supplier's my-page top and the console's dashboard (read only).

export type PlanStatus = (typeof planContracts.$inferSelect)["status"];

/** Ticket purchases waiting for their payment, and plan applications waiting for the operator. */
export async function waitingCounts(db: DbOrTx): Promise<{ purchases: number; plans: number }> {
  const [[purchases], [plans]] = await Promise.all([
    db.select({ n: count() }).from(ticketPurchases).where(eq(ticketPurchases.status, "PENDING")),
    db.select({ n: count() }).from(planContracts).where(eq(planContracts.status, "WAITING")),
  ]);
  return { purchases: Number(purchases?.n ?? 0), plans: Number(plans?.n ?? 0) };
}

/** The plan contract that matters now: applied, active or ending; the newest one. */
export async function findCurrentPlanContract(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({
      status: planContracts.status,
      appliedAt: planContracts.appliedAt,
      startsOn: planContracts.startsOn,
      endsOn: planContracts.endsOn,
    })
    .from(planContracts)
    .where(
      and(
        eq(planContracts.companyId, companyId),
        inArray(planContracts.status, ["WAITING", "ACTIVE", "CANCEL_SCHEDULED"]),
      ),
    )
    .orderBy(desc(planContracts.createdAt))
    .limit(1);
  return row ?? null;
}
