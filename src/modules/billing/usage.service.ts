import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db, DbOrTx } from "@/server/db/client";
import { AppError, notFound } from "@/server/http/errors";
import { iso, looksLikeId } from "./billing.dto";
import * as repo from "./billing.repository";
import * as refundRepo from "./refund.repository";

// Ticket usages: one ticket opens a nomination's buyer details, once per supplier and inquiry.

/** What billing needs to know of the nomination a ticket is spent on (read by the inquiries module). */
export interface NominationForTicket {
  id: string;
  status: string;
}

/**
 * Spends one ticket to open a nomination's buyer details. Once per supplier and inquiry
 * (opening it again is free, also after the ticket came back because the buyer stayed silent:
 * refund.service); never below zero, whatever the concurrency: the company row
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
    const existing = await repo.findGrantingUsage(tx, companyId, inquiry.id);
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
      // the application's clock, as the thread's messages and the refund clock use (not the database's)
      createdAt: new Date(),
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
  const usage = looksLikeId(contactId)
    ? await repo.findGrantingUsage(db, scope.companyId, contactId)
    : undefined;
  return { used: Boolean(usage), usedAt: iso(usage?.createdAt ?? null) };
}

/** Why a ticket came back, in the supplier's words. */
export const REFUND_REASON = {
  NO_REPLY: "発注者から5営業日以内に返信がなかったため自動返却",
  OPERATOR: "運営による返却",
} as const;

/** The supplier's ticket usages, newest first, each with its refund (and a running refund clock). */
export async function listTicketUsages(scope: CompanyScope, db: Db, q: { page: number; perPage: number }) {
  const { rows, total } = await refundRepo.usageHistory(scope, db, q.perPage, (q.page - 1) * q.perPage);
  const items = rows.map((r) => {
    // Operator refunds before the refund ledger existed were copied into it (drizzle/0006): a
    // refunded usage without a row can only be one the operator made.
    const kind = r.refundKind ?? "OPERATOR";
    return {
      id: r.id,
      inquiry: { id: r.inquiryId, title: r.title },
      usedAt: r.usedAt.toISOString(),
      refundDueAt: r.refundedAt || r.buyerEngagedAt ? null : iso(r.refundDueAt),
      refund: r.refundedAt
        ? { kind, refundedAt: r.refundedAt.toISOString(), reason: REFUND_REASON[kind] }
        : null,
    };
  });
  return { items, page: q.page, perPage: q.perPage, total };
}

/** A ticket spent by this supplier on this inquiry that still opens it (the inquiry pages ask it). */
export function hasTicketUsage(db: DbOrTx, companyId: string, inquiryId: string): Promise<boolean> {
  return repo.hasTicketUsage(db, companyId, inquiryId);
}

/** hasTicketUsage inside another statement that reads the inquiry (its id column or expression). */
export const ticketUsageExistsSql = repo.ticketUsageExistsSql;

/** The operator's refund took back the supplier's access to the inquiry (its deal thread is locked). */
export const ticketRevokedSql = repo.ticketRevokedSql;
export const isTicketRevoked = repo.isTicketRevoked;

/**
 * The operator's refund (pass a transaction): the usage is marked refunded and the refund ledger
 * gets its OPERATOR row; the ticket comes back and the access goes (the supplier pays again to reopen).
 */
export async function refundTicketUsage(tx: DbOrTx, ownerId: string, usageId: string) {
  const row = await refundRepo.setUsageRefunded(tx, usageId, new Date(), ownerId);
  if (!row) throw notFound("返却できるチケット使用履歴が見つかりませんでした。");
  const refund = await refundRepo.insertRefund(tx, {
    usageId,
    companyId: row.companyId,
    kind: "OPERATOR",
    refundedByOwnerId: ownerId,
    createdAt: row.refundedAt ?? new Date(),
  });
  if (!refund) throw new AppError("CONFLICT", "このチケットはすでに返却済みです。");
  return row;
}
