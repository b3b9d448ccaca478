import { and, desc, eq, gt, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { DbOrTx } from "@/server/db/client";
import { inquiries, ticketRefunds, ticketUsages } from "@/server/db/schema";

// The refund side of the ticket ledger (ticket_refunds) and the no-reply refund clock of a usage
// (ticket_usages.refund_due_at / buyer_engaged_at): written here only (docs/trust.md).

export type RefundKind = (typeof ticketRefunds.$inferSelect)["kind"];

export interface TicketKey {
  supplierCompanyId: string;
  inquiryId: string;
}

/** The live usage of (supplier, inquiry) — one at most: ticket_usages_active_uq. */
const liveUsageOf = (t: TicketKey) =>
  and(
    eq(ticketUsages.companyId, t.supplierCompanyId),
    eq(ticketUsages.inquiryId, t.inquiryId),
    isNull(ticketUsages.refundedAt),
  );

/** Starts the clock of the live usage, once: not after the buyer engaged. */
export async function startRefundClock(db: DbOrTx, t: TicketKey, dueAt: Date): Promise<void> {
  await db
    .update(ticketUsages)
    .set({ refundDueAt: dueAt })
    .where(and(liveUsageOf(t), isNull(ticketUsages.refundDueAt), isNull(ticketUsages.buyerEngagedAt)));
}

/**
 * Drops the clock of the live usage before it refunds: the supplier withdrew (辞退). A withdrawn
 * thread takes no more messages, so nothing starts it again.
 */
export async function forfeitRefundClock(db: DbOrTx, t: TicketKey): Promise<void> {
  await db
    .update(ticketUsages)
    .set({ refundDueAt: null })
    .where(and(liveUsageOf(t), isNull(ticketUsages.buyerEngagedAt)));
}

/** Stops a running clock for good, if it has not run out at `at`. */
export async function stopRefundClock(db: DbOrTx, t: TicketKey, at: Date): Promise<void> {
  await db
    .update(ticketUsages)
    .set({ buyerEngagedAt: at })
    .where(
      and(
        liveUsageOf(t),
        isNotNull(ticketUsages.refundDueAt),
        isNull(ticketUsages.buyerEngagedAt),
        gt(ticketUsages.refundDueAt, at),
      ),
    );
}

/** A usage due for the no-reply refund at `now` (ticket_usages_refund_due_idx). */
const dueAt = (now: Date) =>
  and(
    isNull(ticketUsages.refundedAt),
    isNotNull(ticketUsages.refundDueAt),
    lte(ticketUsages.refundDueAt, now),
    isNull(ticketUsages.buyerEngagedAt),
  );

export interface DueCursor {
  dueAt: Date;
  id: string;
}

/** The next due usages after `after`, oldest deadline first (keyset: a skipped row is not met again). */
export async function dueUsages(db: DbOrTx, now: Date, after: DueCursor | undefined, limit: number) {
  return db
    .select({ id: ticketUsages.id, dueAt: ticketUsages.refundDueAt })
    .from(ticketUsages)
    .where(
      and(
        dueAt(now),
        after
          ? or(
              gt(ticketUsages.refundDueAt, after.dueAt),
              and(eq(ticketUsages.refundDueAt, after.dueAt), gt(ticketUsages.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(ticketUsages.refundDueAt, ticketUsages.id)
    .limit(limit);
}

/** The usage, locked, if it is still due; undefined when another run holds it or it is done. */
export async function lockDueUsage(tx: DbOrTx, id: string, now: Date) {
  const [row] = await tx
    .select()
    .from(ticketUsages)
    .where(and(eq(ticketUsages.id, id), dueAt(now)))
    .for("update", { skipLocked: true });
  return row;
}

/** The ledger row of a refund; undefined when the usage has one already (unique usage_id). */
export async function insertRefund(tx: DbOrTx, values: typeof ticketRefunds.$inferInsert) {
  const [row] = await tx
    .insert(ticketRefunds)
    .values(values)
    .onConflictDoNothing({ target: ticketRefunds.usageId })
    .returning();
  return row;
}

/** Marks the usage refunded (the ledger gives the ticket back); undefined when it was already. */
export async function setUsageRefunded(tx: DbOrTx, id: string, at: Date, ownerId: string | null = null) {
  const [row] = await tx
    .update(ticketUsages)
    .set({ refundedAt: at, refundedByOwnerId: ownerId })
    .where(and(eq(ticketUsages.id, id), isNull(ticketUsages.refundedAt)))
    .returning();
  return row;
}

export async function inquiryTitle(db: DbOrTx, inquiryId: string): Promise<string> {
  const [row] = await db
    .select({ title: inquiries.title })
    .from(inquiries)
    .where(eq(inquiries.id, inquiryId))
    .limit(1);
  return row?.title ?? "";
}

/** The refund of a usage (kind and reason), if any. */
export async function refundOf(db: DbOrTx, usageId: string) {
  const [row] = await db.select().from(ticketRefunds).where(eq(ticketRefunds.usageId, usageId)).limit(1);
  return row;
}

/**
 * The supplier's ticket usages, newest first, with the inquiry's title and the refund: one
 * statement, the total over the same rows (ticket_usages_company_idx).
 */
export async function usageHistory({ companyId }: CompanyScope, db: DbOrTx, limit: number, offset: number) {
  const rows = await db
    .select({
      id: ticketUsages.id,
      inquiryId: ticketUsages.inquiryId,
      title: inquiries.title,
      usedAt: ticketUsages.createdAt,
      refundDueAt: ticketUsages.refundDueAt,
      buyerEngagedAt: ticketUsages.buyerEngagedAt,
      refundedAt: ticketUsages.refundedAt,
      refundKind: ticketRefunds.kind,
      total: sql<number>`(select count(*)::int from ${ticketUsages} where ${ticketUsages.companyId} = ${companyId})`,
    })
    .from(ticketUsages)
    .innerJoin(inquiries, eq(inquiries.id, ticketUsages.inquiryId))
    .leftJoin(ticketRefunds, eq(ticketRefunds.usageId, ticketUsages.id))
    .where(eq(ticketUsages.companyId, companyId))
    .orderBy(desc(ticketUsages.createdAt), desc(ticketUsages.id))
    .limit(limit)
    .offset(offset);
  const total = rows[0]
    ? Number(rows[0].total)
    : Number(
        (
          await db.execute<{ n: number }>(
            sql`select count(*)::int as n from ${ticketUsages} where ${ticketUsages.companyId} = ${companyId}`,
          )
        ).rows[0]?.n ?? 0,
      );
  return { rows, total };
}
