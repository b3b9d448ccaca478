import { iso, type Listing, listing, pageOf } from "@/lib/console-listing";
import type { CsvColumn } from "@/lib/csv";
import { isUuid } from "@/lib/uuid";
import { audited, type OperatorActor, recordAudit } from "@/modules/audit/audit.service";
import type { Db, DbOrTx } from "@/server/db/client";
import { AppError, notFound } from "@/server/http/errors";
import { DEAL_STATUS_LABELS, DECLINE_REASONS, type DealStatus, NO_QUOTE_REASONS } from "./deal.policy";
import * as repo from "./deal-operator.repository";
import type {
  DealReportItem,
  DealReportsQuery,
  OwnerDealMessage,
  OwnerDealThread,
  OwnerDealThreadContent,
  ReadThreadInput,
  ResolveReportInput,
} from "./deal-operator.schema";
import { filesOfMessages } from "./thread-list.repository";

// The operator's use cases of the deal room (decision 0008): the console sees states, counts and
// dates of every thread; a thread's content only with a written reason, recorded in the audit log
// in the same transaction before the content leaves the server; reported messages are resolved
// through audited().

const INQUIRY_NOT_FOUND = "案件が見つかりませんでした。";
const THREAD_NOT_FOUND = "商談スレッドが見つかりませんでした。";
const REPORT_NOT_FOUND = "通報されたメッセージが見つかりませんでした。";

/** How many messages one reasoned read returns (the newest); a longer thread says it is cut. */
export const OPERATOR_READ_LIMIT = 500;

function reasonLabel(status: DealStatus, code: string | null): string | null {
  if (!code) return null;
  const labels: Record<string, string> = status === "WITHDRAWN" ? NO_QUOTE_REASONS : DECLINE_REASONS;
  return labels[code] ?? null;
}

function threadItem(r: repo.OperatorThreadRow): OwnerDealThread {
  const decided = r.status === "AWARDED" || r.status === "DECLINED" || r.status === "WITHDRAWN";
  return {
    id: r.id,
    inquiryId: r.inquiryId,
    buyer: { id: r.buyerId, name: r.buyerName },
    supplier: { id: r.supplierId, name: r.supplierName },
    status: r.status,
    statusLabel: DEAL_STATUS_LABELS[r.status],
    quoteVersion: r.quoteVersion,
    messageCount: r.messageCount,
    lastMessageAt: iso(r.lastMessageAt),
    openedAt: r.openedAt.toISOString(),
    decision: decided
      ? {
          status: r.status,
          reasonLabel: reasonLabel(r.status, r.reasonCode),
          decidedAt: iso(r.decidedAt),
          awardedVersion: r.awardedVersion,
          poNumber: r.poNumber,
        }
      : null,
    buyerUnread: r.buyerUnread,
    supplierUnread: r.supplierUnread,
    openReports: Number(r.openReports),
  };
}

/** The threads of an inquiry, one per supplier: metadata only, never a message or a note. */
export async function listInquiryThreads(db: Db, inquiryId: string): Promise<{ items: OwnerDealThread[] }> {
  if (!(await repo.inquiryExists(db, inquiryId))) throw notFound(INQUIRY_NOT_FOUND);
  return { items: (await repo.threadsOfInquiry(db, inquiryId)).map(threadItem) };
}

/** What the audit row keeps of a thread: who and where, no content. */
function auditSnapshot(t: OwnerDealThread) {
  return {
    threadId: t.id,
    inquiryId: t.inquiryId,
    buyerCompanyId: t.buyer.id,
    supplierCompanyId: t.supplier.id,
    status: t.status,
    messageCount: t.messageCount,
  };
}

/**
 * A thread's messages for an operator with a reason: the audit row ("deal_thread.read", the reason
 * in `after`) is written first, in the transaction that then reads the content, so no content is
 * returned without its committed audit row.
 */
export async function readThread(
  db: Db,
  actor: OperatorActor,
  threadId: string,
  input: ReadThreadInput,
): Promise<OwnerDealThreadContent> {
  return db.transaction(async (tx) => {
    const row = await repo.findOperatorThread(tx, threadId);
    if (!row) throw notFound(THREAD_NOT_FOUND);
    const thread = threadItem(row);
    const snapshot = auditSnapshot(thread);
    await recordAudit(tx, actor, {
      action: "deal_thread.read",
      targetType: "deal_thread",
      targetId: threadId,
      before: snapshot,
      after: { ...snapshot, reason: input.reason },
    });
    const { rows, more } = await repo.readThreadMessages(tx, threadId, OPERATOR_READ_LIMIT);
    const attached = await filesOfMessages(
      tx,
      rows.map((m) => m.id),
    );
    const items: OwnerDealMessage[] = rows.reverse().map((m) => ({
      id: m.id,
      side: m.side,
      kind: m.kind,
      authorName: m.memberName ?? m.userName ?? null,
      body: m.body,
      quoteVersion: m.quoteVersion,
      files: attached.get(m.id) ?? [],
      createdAt: m.createdAt.toISOString(),
      reportedAt: iso(m.reportedAt),
      reportReason: m.reportReason,
      reportResolvedAt: iso(m.reportResolvedAt),
    }));
    return { thread, items, truncated: more };
  });
}

// ---------------------------------------------------------------- reported messages

const SIDE_WORDS = { BUYER: "発注者", SUPPLIER: "OEMメーカー" } as const;
const other = (side: "BUYER" | "SUPPLIER") => (side === "BUYER" ? "SUPPLIER" : "BUYER");

function reportItem(r: repo.ReportRow): DealReportItem {
  return {
    messageId: r.messageId,
    threadId: r.threadId,
    inquiry: { id: r.inquiryId, title: r.inquiryTitle },
    buyer: { id: r.buyerId, name: r.buyerName },
    supplier: { id: r.supplierId, name: r.supplierName },
    reporterSide: other(r.side),
    reporterName: r.reporterMemberName ?? r.reporterUserName ?? null,
    reason: r.reason ?? "",
    reportedAt: (r.reportedAt ?? new Date(0)).toISOString(),
    status: r.resolvedAt ? "resolved" : "open",
    resolvedAt: iso(r.resolvedAt),
  };
}

const at = (s: string | null) => (s ? new Date(s) : null);

const REPORT_CSV: Array<CsvColumn<DealReportItem>> = [
  { header: "メッセージID", value: (r) => r.messageId },
  { header: "スレッドID", value: (r) => r.threadId },
  { header: "案件ID", value: (r) => r.inquiry.id },
  { header: "案件名", value: (r) => r.inquiry.title },
  { header: "発注者", value: (r) => r.buyer.name },
  { header: "OEMメーカー", value: (r) => r.supplier.name },
  { header: "通報した側", value: (r) => SIDE_WORDS[r.reporterSide] },
  { header: "通報者", value: (r) => r.reporterName },
  { header: "通報の理由", value: (r) => r.reason },
  { header: "通報日時", value: (r) => at(r.reportedAt) },
  { header: "状態", value: (r) => (r.status === "open" ? "未対応" : "対応済み") },
  { header: "対応日時", value: (r) => at(r.resolvedAt) },
];

export async function listReports(db: Db, q: DealReportsQuery): Promise<Listing<DealReportItem>> {
  const { rows, total } = await repo.listReports(db, q.status, pageOf(q));
  return listing(q, rows.map(reportItem), total, { name: "deal-reports", columns: REPORT_CSV });
}

/** Marks a report handled; the operator's note goes into the audit row with the report's state. */
export async function resolveReport(
  db: Db,
  actor: OperatorActor,
  messageId: string,
  input: ResolveReportInput,
): Promise<{ ok: true }> {
  if (!isUuid(messageId)) throw notFound(REPORT_NOT_FOUND);
  let note: string | null = null;
  const read = async (tx: DbOrTx) => {
    const row = await repo.lockReport(tx, messageId);
    if (!row) throw notFound(REPORT_NOT_FOUND);
    return { ...row, resolutionNote: note };
  };
  await audited(
    db,
    actor,
    "deal_message.resolve_report",
    { type: "deal_message", id: messageId, read },
    async (tx, before) => {
      if (before.reportResolvedAt) throw new AppError("CONFLICT", "この通報はすでに対応済みです。");
      await repo.markReportResolved(tx, messageId, new Date());
      note = input.note;
    },
  );
  return { ok: true };
}
