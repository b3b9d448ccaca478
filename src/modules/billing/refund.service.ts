import { addBusinessDays } from "@/lib/business-days";
import { recordSystemAudit } from "@/modules/audit/audit.service";
import { appNow } from "@/server/clock";
import type { Db, DbOrTx } from "@/server/db/client";
import { enqueueEmail } from "@/server/email/outbox";
import { ticketRefundedMail } from "@/server/email/refund-templates";
import * as billingRepo from "./billing.repository";
import * as repo from "./refund.repository";

// The no-reply refund of a ticket (issue 19; docs/trust.md "Refund"). A free supplier's ticket
// usage starts a clock at the supplier's first message in the thread: 5 Japanese business days,
// same Japan time of day. The buyer reading, writing or deciding before it runs out stops it for
// good. A scheduled job (ticket-refunds) gives back each ticket whose clock ran out: the refund's
// ledger row (ticket_refunds, unique per usage), the usage marked refunded, the email to the
// supplier's members and the audit row commit together, once, whatever the number of processes.
// The supplier keeps the thread and the buyer's details (billing.repository findGrantingUsage).

/** Business days the buyer has to open or answer the supplier's first message. */
export const REFUND_AFTER_BUSINESS_DAYS = 5;

export interface TicketOfThread {
  supplierCompanyId: string;
  inquiryId: string;
}

/**
 * The supplier wrote in the thread: the first time, its live ticket usage's refund clock starts.
 * Paid suppliers have no usage, and a later message or an engaged buyer changes nothing.
 */
export async function supplierWrote(db: DbOrTx, ticket: TicketOfThread, at: Date): Promise<void> {
  await repo.startRefundClock(db, ticket, addBusinessDays(at, REFUND_AFTER_BUSINESS_DAYS));
}

/**
 * The supplier declined to quote (辞退): a running clock is dropped and none starts later, so the
 * ticket stays spent; the buyer cannot reply to a withdrawn thread (issue 33, item 16).
 */
export async function supplierWithdrew(db: DbOrTx, ticket: TicketOfThread): Promise<void> {
  await repo.forfeitRefundClock(db, ticket);
}

/** The buyer read, wrote or decided: a running refund clock stops for good (if before its end). */
export async function buyerEngaged(db: DbOrTx, ticket: TicketOfThread, at: Date): Promise<void> {
  await repo.stopRefundClock(db, ticket, at);
}

/** The audit action of the automatic refund (the console words it in components/owner/parts.tsx). */
export const NO_REPLY_REFUND_ACTION = "ticket_usage.refund_no_reply";

const BATCH = 100;

/**
 * One due usage refunded in its own transaction; false when another run has it (locked, SKIP
 * LOCKED) or did it already (no longer due, or the ledger row exists).
 */
async function refundOne(db: Db, usageId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const usage = await repo.lockDueUsage(tx, usageId, now);
    if (!usage) return false;
    const refund = await repo.insertRefund(tx, {
      usageId: usage.id,
      companyId: usage.companyId,
      kind: "NO_REPLY",
      createdAt: now,
    });
    if (!refund) return false;
    const after = await repo.setUsageRefunded(tx, usage.id, now);
    if (!after) throw new Error(`ticket usage ${usage.id} was refunded under its lock`);
    const balance = await billingRepo.ticketBalance(tx, usage.companyId);
    const title = await repo.inquiryTitle(tx, usage.inquiryId);
    const mail = ticketRefundedMail({ title, usedAt: usage.createdAt, refundedAt: now, balance });
    for (const m of await billingRepo.billingRecipients(tx, usage.companyId))
      await enqueueEmail(tx, m.email, mail);
    const snapshot = (u: typeof usage, ticketBalance: number) => ({
      companyId: u.companyId,
      inquiryId: u.inquiryId,
      title,
      refundDueAt: u.refundDueAt,
      refundedAt: u.refundedAt,
      ticketBalance,
    });
    await recordSystemAudit(tx, {
      action: NO_REPLY_REFUND_ACTION,
      targetType: "ticket_usage",
      targetId: usage.id,
      before: snapshot(usage, balance - 1),
      after: snapshot(after, balance),
    });
    return true;
  });
}

/**
 * The scheduled job (ticket-refunds): refunds every usage whose clock ran out by `now` (the app
 * clock, which only the test build can move). Idempotent; safe to run in several processes at once.
 */
export async function refundDueTickets(
  db: Db,
  now: Date = appNow(),
): Promise<{ due: number; refunded: number }> {
  let due = 0;
  let refunded = 0;
  let after: repo.DueCursor | undefined;
  for (;;) {
    const batch = await repo.dueUsages(db, now, after, BATCH);
    for (const u of batch) {
      due += 1;
      if (await refundOne(db, u.id, now)) refunded += 1;
    }
    const last = batch.at(-1);
    if (batch.length < BATCH || !last?.dueAt) break;
    after = { dueAt: last.dueAt, id: last.id };
  }
  return { due, refunded };
}
