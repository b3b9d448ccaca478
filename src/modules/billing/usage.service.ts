import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db, DbOrTx } from "@/server/db/client";
import { AppError, notFound } from "@/server/http/errors";
import { iso, looksLikeId } from "./billing.dto";
import * as repo from "./billing.repository";

// Ticket usages: one ticket opens a nomination's buyer details, once per supplier and inquiry.

/** What billing needs to know of the nomination a ticket is spent on (read by the inquiries module). */
export interface NominationForTicket {
  id: string;
  status: string;
}

/**
 * Spends one ticket to open a nomination's buyer details. Once per supplier and inquiry
 * (opening it again is free); never below zero, whatever the concurrency: the company row
 * is locked while the balance is read and the usage written. The caller has checked that the
 * inquiry is a nomination of the scope's company (inquiries' nominationForTicket).
 */
export async function useTicket(
  scope: CompanyScope,
  db: Db,
  inquiry: NominationForTicket,
  idempotencyKey?: string,
) {
  const { companyId } = scope;
  return db.transaction(async (tx) => {
    await repo.lockCompany(tx, companyId);
    const existing = await repo.findLiveUsage(tx, companyId, inquiry.id);
    if (existing) {
      return {
        charged: false,
        usage: {
          id: existing.id,
          contactId: inquiry.id,
          createdAt: existing.createdAt.toISOString(),
          balance: await repo.ticketBalance(tx, companyId),
          charged: false,
        },
      };
    }
    if ((await repo.paymentStatusOf(tx, companyId)) === "OEM_PAID") {
      throw new AppError("CONFLICT", "無制限プランをご契約中のため、チケットを使わずに回答できます。");
    }
    if (inquiry.status !== "OPEN")
      throw new AppError("CONFLICT", "受付が終了した案件にはチケットを使用できません。");
    const balance = await repo.ticketBalance(tx, companyId);
    if (balance < 1) {
      throw new AppError(
        "PAYMENT_REQUIRED",
        "チケットが不足しています。チケットを購入してから、もう一度お試しください。",
      );
    }
    const usage = await repo.insertUsage(tx, {
      companyId,
      inquiryId: inquiry.id,
      usedByUserId: scope.userId,
      idempotencyKey: idempotencyKey ?? null,
    });
    return {
      charged: true,
      usage: {
        id: usage.id,
        contactId: inquiry.id,
        createdAt: usage.createdAt.toISOString(),
        balance: balance - 1,
        charged: true,
      },
    };
  });
}

export async function ticketUsageState(scope: CompanyScope, db: Db, contactId: string) {
  const usage = looksLikeId(contactId) ? await repo.findLiveUsage(db, scope.companyId, contactId) : undefined;
  return { used: Boolean(usage), usedAt: iso(usage?.createdAt ?? null) };
}

/** A ticket spent by this supplier on this inquiry and not refunded (the inquiry pages ask it). */
export function hasTicketUsage(db: DbOrTx, companyId: string, inquiryId: string): Promise<boolean> {
  return repo.hasTicketUsage(db, companyId, inquiryId);
}

/** A refund marks the usage (operator; pass a transaction); the ledger gives the ticket back. */
export async function refundTicketUsage(tx: DbOrTx, ownerId: string, usageId: string) {
  const row = await repo.markUsageRefunded(tx, usageId, ownerId);
  if (!row) throw notFound("返却できるチケット使用履歴が見つかりませんでした。");
  return row;
}
