import { and, asc, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { companies, dealMessages, dealThreads, inquiries, memberships, users } from "@/server/db/schema";
import { supplierNameToBuyer } from "./supplier-name.repository";
import type { DealSide } from "./thread.repository";

// The email batching of the deal room: a thread's side with a due time reached is claimed by one
// statement (due cleared, rows returned), so several runners never mail it twice.

export interface DueMail {
  threadId: string;
  inquiryTitle: string;
  /** The side that gets the mail. */
  side: DealSide;
  recipientCompanyId: string;
  counterpartName: string;
  readAt: Date | null;
  unread: number;
}

const CLAIM_BATCH = 200;

/** Clears the side's due time on threads where it has come, and returns them (locked rows skipped). */
export async function claimDue(tx: DbOrTx, side: DealSide, now: Date): Promise<DueMail[]> {
  const due = side === "BUYER" ? dealThreads.buyerMailDueAt : dealThreads.supplierMailDueAt;
  const candidates = tx
    .select({ id: dealThreads.id })
    .from(dealThreads)
    .where(lte(due, now))
    .orderBy(asc(due))
    .limit(CLAIM_BATCH)
    .for("update", { skipLocked: true });
  const claimed = await tx
    .update(dealThreads)
    .set(side === "BUYER" ? { buyerMailDueAt: null } : { supplierMailDueAt: null })
    .where(and(inArray(dealThreads.id, candidates), lte(due, now)))
    .returning({
      threadId: dealThreads.id,
      inquiryId: dealThreads.inquiryId,
      buyerCompanyId: dealThreads.buyerCompanyId,
      supplierCompanyId: dealThreads.supplierCompanyId,
      readAt: side === "BUYER" ? dealThreads.buyerReadAt : dealThreads.supplierReadAt,
      unread: side === "BUYER" ? dealThreads.buyerUnread : dealThreads.supplierUnread,
    });
  if (!claimed.length) return [];
  const titles = new Map(
    (
      await tx
        .select({ id: inquiries.id, title: inquiries.title })
        .from(inquiries)
        .where(inArray(inquiries.id, [...new Set(claimed.map((c) => c.inquiryId))]))
    ).map((r) => [r.id, r.title]),
  );
  // A buyer reads the supplier's name by the hidden-name rule; a supplier always sees the buyer's.
  const names = new Map(
    side === "BUYER"
      ? (
          await tx
            .select({
              id: dealThreads.id,
              name: supplierNameToBuyer(dealThreads.buyerCompanyId, dealThreads.supplierCompanyId),
            })
            .from(dealThreads)
            .where(
              inArray(
                dealThreads.id,
                claimed.map((c) => c.threadId),
              ),
            )
        ).map((r) => [r.id, r.name])
      : (
          await tx
            .select({ id: companies.id, name: companies.name })
            .from(companies)
            .where(inArray(companies.id, [...new Set(claimed.map((c) => c.buyerCompanyId))]))
        ).map((r) => [r.id, r.name]),
  );
  return claimed.map((c) => ({
    threadId: c.threadId,
    inquiryTitle: titles.get(c.inquiryId) ?? "",
    side,
    recipientCompanyId: side === "BUYER" ? c.buyerCompanyId : c.supplierCompanyId,
    counterpartName: names.get(side === "BUYER" ? c.threadId : c.buyerCompanyId) ?? "",
    readAt: c.readAt,
    unread: c.unread,
  }));
}

/** The other side's messages the recipient has not read, newest first (at most `limit`). */
export function unreadMessages(db: DbOrTx, m: DueMail, limit: number) {
  const from: DealSide = m.side === "BUYER" ? "SUPPLIER" : "BUYER";
  return db
    .select({ body: dealMessages.body, createdAt: dealMessages.createdAt })
    .from(dealMessages)
    .where(
      and(
        eq(dealMessages.threadId, m.threadId),
        eq(dealMessages.side, from),
        m.readAt ? gt(dealMessages.createdAt, m.readAt) : undefined,
      ),
    )
    .orderBy(desc(dealMessages.createdAt), desc(dealMessages.id))
    .limit(limit);
}

/** Every member of a company, with the name it goes by there. */
export function memberAddresses(db: DbOrTx, companyId: string, role?: "ADMIN") {
  return db
    .select({ email: users.email, name: sql<string>`coalesce(${memberships.name}, ${users.name})` })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), role ? eq(memberships.role, role) : undefined));
}
