import { addDays, addYears, todayInJapan } from "@/lib/japan-time";
import { companyNames } from "@/modules/companies/company-counts.service";
import { entryFollowsDeal } from "@/modules/inquiries/deal-outcome.service";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db } from "@/server/db/client";
import { dealQuoteMail } from "@/server/email/deal-templates";
import { invalid } from "@/server/http/errors";
import { NO_QUOTE_REASONS } from "./deal.policy";
import { inquiryFacts } from "./deal-context.repository";
import { lockAttachableFiles } from "./deal-files.repository";
import { lockForEvent, mailMembers } from "./deal-state";
import { type NoQuoteInput, QUOTE_VALIDITY_PAST, type QuoteInput, type QuoteVersion } from "./deals.schema";
import * as repo from "./quote.repository";
import { findQuoteVersion } from "./quote-read.repository";
import { supplierNameSeenBy } from "./supplier-name.repository";
import { appendMessage } from "./thread.repository";
import { threadOf } from "./thread-access";
import { filesByIds } from "./thread-list.repository";
import { quoteVersionDto, versionFiles } from "./thread-view";

// The supplier's quote: immutable versions (a revision is a new row), and 辞退 (no quote).

/** Days a quote stays valid when the supplier gives no date. */
export const DEFAULT_VALIDITY_DAYS = 30;
/** A quote binds the supplier at most this many years ahead: a price for 9999 is a typo, not an offer. */
export const MAX_VALIDITY_YEARS = 1;

/** PUT …/quote: the supplier submits its first quote or a revision, as version n+1. */
export async function submitQuote(
  scope: CompanyScope,
  db: Db,
  threadId: string,
  input: QuoteInput,
): Promise<QuoteVersion> {
  await threadOf(scope, db, threadId, "SUPPLIER");
  const today = todayInJapan();
  const validUntil = input.validUntil ?? addDays(today, DEFAULT_VALIDITY_DAYS);
  if (validUntil < today) {
    throw invalid({ validUntil: QUOTE_VALIDITY_PAST });
  }
  if (validUntil > addYears(today, MAX_VALIDITY_YEARS)) {
    throw invalid({ validUntil: "見積の有効期限は1年以内の日付で入力してください" });
  }
  const fileIds = [...new Set(input.fileIds)];
  const row = await db.transaction(async (tx) => {
    const { thread, to } = await lockForEvent(tx, threadId, "QUOTE");
    // The supplier's own deal uploads not attached anywhere yet (as for messages), or files its
    // earlier versions of this quote already carry (a revision keeps them).
    const fresh = await lockAttachableFiles(tx, scope.companyId, fileIds);
    const kept = await repo.fileIdsOfThreadQuotes(tx, threadId, fileIds);
    if (fileIds.some((id) => !fresh.has(id) && !kept.has(id))) {
      throw invalid({ fileIds: "添付ファイルが見つかりません。もう一度アップロードしてください" });
    }
    const version = thread.quoteVersion + 1;
    const inserted = await repo.insertQuoteVersion(tx, {
      threadId,
      version,
      tiers: input.tiers.map((t) => ({ quantity: t.quantity, unitPriceYen: t.unitPriceYen })),
      sampleCostYen: input.sampleCostYen,
      sampleLeadDays: input.sampleLeadDays,
      toolingCostYen: input.toolingCostYen,
      moq: input.moq,
      leadTimeDays: input.leadTimeDays,
      paymentTerms: input.paymentTerms,
      validUntil,
      notes: input.notes ?? null,
      fileIds,
      submittedByUserId: scope.userId,
    });
    // A new version makes a pending 「決定を依頼」 of the previous one stale: the ADMINs see none.
    await repo.setThreadState(tx, threadId, { status: to, quoteVersion: version, ...repo.NO_AWARD_REQUEST });
    await appendMessage(tx, threadId, {
      side: "SUPPLIER",
      kind: "QUOTE",
      authorUserId: scope.userId,
      body: version === 1 ? `見積を提出しました（第${version}版）` : `見積を改訂しました（第${version}版）`,
      quoteVersion: version,
    });
    const inquiry = await inquiryFacts(tx, thread.inquiryId);
    const names = await companyNames(tx, [thread.supplierCompanyId]);
    await mailMembers(
      tx,
      thread.buyerCompanyId,
      dealQuoteMail({
        kind: "QUOTE",
        title: inquiry.title,
        supplierName: names.get(thread.supplierCompanyId) ?? "",
        threadId,
        version,
        validUntil,
      }),
    );
    return inserted;
  });
  const prev = row.version > 1 ? await findQuoteVersion(db, threadId, row.version - 1) : undefined;
  return quoteVersionDto(
    row,
    prev,
    versionFiles(scope.companyId, row, await filesByIds(db, row.fileIds)),
    today,
  );
}

/** GET …/quote/versions: every version, oldest first, each with the fields changed since the one before. */
export async function listVersions(
  scope: CompanyScope,
  db: Db,
  threadId: string,
): Promise<{ items: QuoteVersion[] }> {
  await threadOf(scope, db, threadId);
  const rows = await repo.listQuoteVersions(db, threadId);
  const files = await filesByIds(
    db,
    rows.flatMap((r) => r.fileIds),
  );
  const today = todayInJapan();
  return {
    items: rows.map((r, i) =>
      quoteVersionDto(r, rows[i - 1], versionFiles(scope.companyId, r, files), today),
    ),
  };
}

/** POST …/no-quote: the supplier declines to quote (辞退) with a reason; the buyer is told. */
export async function declineToQuote(scope: CompanyScope, db: Db, threadId: string, input: NoQuoteInput) {
  await threadOf(scope, db, threadId, "SUPPLIER");
  return db.transaction(async (tx) => {
    const { thread, to } = await lockForEvent(tx, threadId, "NO_QUOTE");
    // A hidden supplier that never quoted nor wrote stays unnamed to the buyer (the shared rule).
    const supplierName = await supplierNameSeenBy(tx, thread.buyerCompanyId, thread.supplierCompanyId);
    const note = input.note ?? null;
    await repo.setThreadState(tx, threadId, {
      status: to,
      reasonCode: input.reason,
      reasonNote: note,
      decidedAt: new Date(),
      decidedByUserId: scope.userId,
      ...repo.NO_AWARD_REQUEST,
    });
    await entryFollowsDeal(tx, thread.inquiryId, thread.supplierCompanyId, "DEAL_WITHDRAWN");
    const label = NO_QUOTE_REASONS[input.reason];
    await appendMessage(tx, threadId, {
      side: "SUPPLIER",
      kind: "NO_QUOTE",
      authorUserId: scope.userId,
      body: `見積を辞退しました（理由：${label}）${note ? `\n${note}` : ""}`,
    });
    const inquiry = await inquiryFacts(tx, thread.inquiryId);
    await mailMembers(
      tx,
      thread.buyerCompanyId,
      dealQuoteMail({
        kind: "NO_QUOTE",
        title: inquiry.title,
        supplierName,
        threadId,
        reasonLabel: label,
        note,
      }),
    );
    return { threadId, status: to, poNumber: null };
  });
}
