import { todayInJapan } from "@/lib/japan-time";
import { offsetOf, type Pagination } from "@/lib/pagination";
import { isUuid } from "@/lib/uuid";
import { buyerEngaged } from "@/modules/billing/refund.service";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db, DbOrTx } from "@/server/db/client";
import { enqueueEmail } from "@/server/email/outbox";
import { entryDecisionMail, entryReceivedMail } from "@/server/email/templates";
import { AppError, forbidden, invalid, notFound } from "@/server/http/errors";
import { type EntryStatus, entryOutcomeOf, entryStatesAllowing, entryTransition } from "./entry.policy";
import * as repo from "./entry.repository";
import type { EntryInput } from "./entry.schema";
import { entryBlock, verdictBlock } from "./inquiry.policy";
import * as inquiryRepo from "./inquiry.repository";
import { buyerInquiryOf, getBuyerInquiry, summaries } from "./inquiry.service";
import { supplierFacts } from "./supplier-inquiry.service";

// Entries (エントリー): a supplier's response to an inquiry, and the buyer's verdict on it. An entry
// is part of its inquiry (decision 0012): these use cases read the inquiry through inquiry.service.

const INQUIRY_NOT_FOUND = "案件が見つかりませんでした。";
const statusOf = { CLOSED: 409, PAID_ONLY: 403, TICKET_REQUIRED: 402, ALREADY_ENTERED: 409 } as const;
const codeOf = { 409: "CONFLICT", 403: "FORBIDDEN", 402: "PAYMENT_REQUIRED" } as const;

async function visibleInquiry(scope: CompanyScope, db: Db, inquiryId: string) {
  const { companyId } = scope;
  const row = isUuid(inquiryId) ? await inquiryRepo.findInquiry(db, inquiryId) : undefined;
  if (!row) throw notFound(INQUIRY_NOT_FOUND);
  const facts = await supplierFacts(db, companyId, scope.paymentStatus, row.id);
  // Another supplier's nomination, or a bulk inquiry not published: as if it did not exist.
  if (
    row.type === "NOMINATION"
      ? row.nominatedCompanyId !== companyId
      : row.status === "REVIEW" || row.status === "REJECTED"
  ) {
    throw notFound(INQUIRY_NOT_FOUND);
  }
  return { row, facts };
}

/** What another domain needs of a new entry, inside its transaction (the deal room posts it). */
export interface EnteredFacts {
  entryId: string;
  inquiryId: string;
  buyerCompanyId: string;
  message: string;
  proposedUnitPriceYen: number | null;
  leadTime: string | null;
  attachmentIds: string[];
}

/**
 * The supplier enters (responds to) an inquiry. `inTransaction` runs in the entry's transaction
 * (the deal room writes the entry into the thread with it, so both commit or neither does).
 */
export async function enter(
  scope: CompanyScope,
  db: Db,
  inquiryId: string,
  input: EntryInput,
  inTransaction?: (tx: DbOrTx, entry: EnteredFacts) => Promise<void>,
) {
  const { companyId } = scope;
  const user = await inquiryRepo.userContactOf(db, scope.userId);
  if (!user?.emailVerified) {
    throw forbidden(
      "メールアドレスの確認が完了していないためエントリーできません。確認メールのリンクを開いてください。",
    );
  }
  const { row, facts } = await visibleInquiry(scope, db, inquiryId);
  const block = entryBlock(row, facts, todayInJapan());
  if (block) throw new AppError(codeOf[statusOf[block.code]], block.message);
  const attachmentIds = [...new Set(input.attachmentIds)];
  const own = await inquiryRepo.ownFiles(db, companyId, attachmentIds);
  if (attachmentIds.some((id) => !own.has(id))) {
    throw invalid({ attachmentIds: "添付ファイルが見つかりません。もう一度アップロードしてください" });
  }
  const values = {
    userId: scope.userId,
    status: entryOutcomeOf("ENTER"),
    message: input.message,
    proposedUnitPriceYen: input.proposedUnitPriceYen ?? null,
    leadTime: input.leadTime ?? null,
    cancelledAt: null,
    updatedAt: new Date(),
  };
  return db.transaction(async (tx) => {
    // One entry per supplier and inquiry: a cancelled one comes back, a live one is refused.
    const entry = await repo.enterEntry(tx, { inquiryId: row.id, supplierCompanyId: companyId }, values);
    if (!entry) throw new AppError("CONFLICT", "この案件には既にエントリーしています。");
    await repo.setEntryAttachments(tx, entry.id, attachmentIds);
    await inTransaction?.(tx, {
      entryId: entry.id,
      inquiryId: row.id,
      buyerCompanyId: row.buyerCompanyId,
      message: values.message,
      proposedUnitPriceYen: values.proposedUnitPriceYen,
      leadTime: values.leadTime,
      attachmentIds,
    });
    for (const m of await inquiryRepo.memberEmails(tx, row.buyerCompanyId)) {
      await enqueueEmail(
        tx,
        m.email,
        entryReceivedMail({
          name: m.name,
          title: row.title,
          supplierName: scope.companyName,
          inquiryId: row.id,
        }),
      );
    }
    return { id: entry.id, status: entry.status, inquiryId: row.id };
  });
}

export async function cancelEntry(scope: CompanyScope, db: Db, inquiryId: string) {
  const { row } = await visibleInquiry(scope, db, inquiryId);
  if (row.status !== "OPEN")
    throw new AppError("CONFLICT", "受付が終了した案件のエントリーは取り消せません。");
  const now = new Date();
  const entry = await repo.moveEntry(
    db,
    { inquiryId: row.id, supplierCompanyId: scope.companyId },
    entryStatesAllowing("CANCEL"),
    { status: entryOutcomeOf("CANCEL"), cancelledAt: now, updatedAt: now },
  );
  if (!entry) throw notFound("取り消せるエントリーがありません。");
  return { id: entry.id, status: entry.status, inquiryId: row.id };
}

/** The entered-projects list: paid suppliers only (greyed for free ones in the sidebar). */
export async function listEntries(scope: CompanyScope, db: Db, q: Pagination & { status?: EntryStatus }) {
  if (scope.paymentStatus !== "OEM_PAID") {
    throw forbidden("エントリー済み案件一覧は無制限プランをご契約中の企業さまのみご利用いただけます。");
  }
  const { rows, total } = await repo.listSupplierEntries(db, scope.companyId, {
    status: q.status,
    limit: q.perPage,
    offset: offsetOf(q),
  });
  const inquiries = summaries(rows);
  return {
    items: rows.map((r, i) => ({
      id: r.entryId,
      status: r.entryStatus,
      message: r.message,
      enteredAt: r.enteredAt.toISOString(),
      inquiry: inquiries[i]!,
    })),
    page: q.page,
    perPage: q.perPage,
    total,
  };
}

/** The buyer shortlists or declines an entry; the supplier is told by email. */
export async function decideEntry(
  scope: CompanyScope,
  db: Db,
  inquiryId: string,
  entryId: string,
  verdict: "SHORTLISTED" | "DECLINED",
) {
  const inquiry = await buyerInquiryOf(scope, db, inquiryId);
  const event = verdict === "SHORTLISTED" ? "SHORTLIST" : "DECLINE";
  await db.transaction(async (tx) => {
    // Read under a row lock, so a withdrawal at the same moment cannot slip between check and write.
    const status = (await inquiryRepo.lockInquiryStatus(tx, inquiry.id)) ?? inquiry.status;
    // Another inquiry's entry is "not found" whatever this inquiry's state (no hint that it exists).
    const own = isUuid(entryId) ? await repo.findEntryById(tx, entryId) : undefined;
    if (!own || own.inquiryId !== inquiry.id) throw notFound("エントリーが見つかりませんでした。");
    const blocked = verdictBlock(status);
    if (blocked) throw new AppError("CONFLICT", blocked);
    // 受注 and 辞退 were settled in the deal room: say so rather than "not found".
    const move = entryTransition(own.status, event);
    if (!move.ok && (own.status === "AWARDED" || own.status === "WITHDRAWN"))
      throw new AppError("CONFLICT", move.message);
    const now = new Date();
    const entry = await repo.moveEntry(
      tx,
      { id: isUuid(entryId) ? entryId : "00000000-0000-0000-0000-000000000000", inquiryId: inquiry.id },
      entryStatesAllowing(event),
      { status: entryOutcomeOf(event), decidedAt: now, updatedAt: now },
    );
    if (!entry) throw notFound("エントリーが見つかりませんでした。");
    // A verdict on the entry is the buyer deciding: a ticket's refund clock stops (issue 33, item 29).
    await buyerEngaged(tx, { supplierCompanyId: entry.supplierCompanyId, inquiryId: inquiry.id }, now);
    const supplierUser = await inquiryRepo.userContactOf(tx, entry.userId);
    if (supplierUser)
      await enqueueEmail(
        tx,
        supplierUser.email,
        entryDecisionMail({ title: inquiry.title, status: verdict }),
      );
  });
  return getBuyerInquiry(scope, db, inquiryId);
}

/** A supplier company leaves (company deactivation, in its transaction): its live entries are withdrawn. */
export async function withdrawEntriesOfDeactivatedCompany(
  tx: DbOrTx,
  supplierCompanyId: string,
  now = new Date(),
): Promise<void> {
  // A shortlisted (候補入り) entry is still open: it is withdrawn too.
  await repo.moveEntriesOfSupplier(tx, supplierCompanyId, entryStatesAllowing("COMPANY_DEACTIVATED"), {
    status: entryOutcomeOf("COMPANY_DEACTIVATED"),
    cancelledAt: now,
    updatedAt: now,
  });
}
