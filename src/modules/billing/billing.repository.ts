import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { ticketPurchases, ticketUsages } from "@/server/db/schema";

/** The ticket balance is a ledger: paid purchases credited minus usages not refunded. */
export async function ticketBalance(db: DbOrTx, companyId: string): Promise<number> {
  const [credited] = await db
    .select({ n: sql<number>`coalesce(sum(${ticketPurchases.quantity}), 0)::int` })
    .from(ticketPurchases)
    .where(and(eq(ticketPurchases.companyId, companyId), eq(ticketPurchases.status, "PAID")));
  const [used] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ticketUsages)
    .where(and(eq(ticketUsages.companyId, companyId), isNull(ticketUsages.refundedAt)));
  return Number(credited?.n ?? 0) - Number(used?.n ?? 0);
}

/** A ticket spent by this supplier on this inquiry and not refunded. */
export async function hasTicketUsage(db: DbOrTx, companyId: string, inquiryId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ticketUsages.id })
    .from(ticketUsages)
    .where(
      and(
        eq(ticketUsages.companyId, companyId),
        eq(ticketUsages.inquiryId, inquiryId),
        isNull(ticketUsages.refundedAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}
