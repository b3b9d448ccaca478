import { todayInJapan } from "@/lib/japan-time";
import { companyHref } from "@/lib/site-paths";
import {
  DECLINE_REASONS,
  type DealStatus,
  NO_QUOTE_REASONS,
  quoteExpired,
  threadAcceptsMessages,
} from "./deal.policy";
import type { DealFile, DealMessage, QuoteVersion, ThreadDetail, ThreadSummary } from "./deals.schema";
import type { QuoteVersionRow } from "./quote-read.repository";
import type { DealSide, ThreadRow } from "./thread.repository";
import type { FileMeta, MessageListRow, ThreadListRow } from "./thread-list.repository";

// The deal room's rows as the API and the pages show them, for the side that looks.

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Where a thread's file downloads: through the caller's company and the thread (access checked there). */
export function dealFileUrl(companyId: string, threadId: string, fileId: string): string {
  return `/api/deals/company/${companyId}/threads/${threadId}/files/${fileId}`;
}

export function dealFileDto(companyId: string, threadId: string, f: FileMeta): DealFile {
  return { ...f, url: dealFileUrl(companyId, threadId, f.id) };
}

export function threadSummaryDto(row: ThreadListRow, side: DealSide): ThreadSummary {
  const t = row.thread;
  return {
    id: t.id,
    inquiry: row.inquiry,
    counterpart:
      side === "BUYER"
        ? {
            companyId: t.supplierCompanyId,
            name: row.counterpartName,
            profileUrl: companyHref(t.supplierCompanyId),
          }
        : { companyId: t.buyerCompanyId, name: row.counterpartName, profileUrl: null },
    status: t.status,
    quoteVersion: t.quoteVersion,
    messageCount: t.messageCount,
    lastMessageAt: iso(t.lastMessageAt),
    unread: side === "BUYER" ? t.buyerUnread : t.supplierUnread,
    openedAt: t.openedAt.toISOString(),
  };
}

/** The label of a thread's reason: 辞退 (WITHDRAWN) or お見送り (DECLINED). */
export function reasonLabelOf(status: DealStatus, code: string | null): string | null {
  if (!code) return null;
  const table: Record<string, string> =
    status === "WITHDRAWN" ? NO_QUOTE_REASONS : status === "DECLINED" ? DECLINE_REASONS : {};
  return table[code] ?? null;
}

const COMPARED = [
  "tiers",
  "sampleCostYen",
  "sampleLeadDays",
  "toolingCostYen",
  "moq",
  "leadTimeDays",
  "paymentTerms",
  "validUntil",
  "notes",
] as const;

/** A quote version as shown; `changed`: the fields that differ from the version before it. */
export function quoteVersionDto(
  row: QuoteVersionRow,
  previous: QuoteVersionRow | undefined,
  files: DealFile[],
  today = todayInJapan(),
): QuoteVersion {
  const changed: string[] = [];
  if (previous) {
    for (const key of COMPARED) {
      if (JSON.stringify(row[key]) !== JSON.stringify(previous[key])) changed.push(key);
    }
    if (JSON.stringify(row.fileIds) !== JSON.stringify(previous.fileIds)) changed.push("files");
  }
  return {
    version: row.version,
    tiers: row.tiers,
    sampleCostYen: row.sampleCostYen,
    sampleLeadDays: row.sampleLeadDays,
    toolingCostYen: row.toolingCostYen,
    moq: row.moq,
    leadTimeDays: row.leadTimeDays,
    paymentTerms: row.paymentTerms,
    validUntil: row.validUntil,
    expired: quoteExpired(row.validUntil, today),
    notes: row.notes,
    files,
    createdAt: row.createdAt.toISOString(),
    changed,
  };
}

export function threadDetailDto(
  row: ThreadListRow,
  side: DealSide,
  viewerCompanyId: string,
  quote: QuoteVersion | null,
): ThreadDetail {
  const t = row.thread;
  return {
    ...threadSummaryDto(row, side),
    side,
    quote,
    reasonCode: t.reasonCode,
    reasonLabel: reasonLabelOf(t.status, t.reasonCode),
    reasonNote: t.reasonNote,
    decidedAt: iso(t.decidedAt),
    poNumber: t.poNumber,
    purchaseOrderUrl:
      t.status === "AWARDED"
        ? `/api/deals/company/${viewerCompanyId}/threads/${t.id}/purchase-order.pdf`
        : null,
    acceptsMessages: threadAcceptsMessages(t.status),
    otherReadAt: iso(side === "BUYER" ? t.supplierReadAt : t.buyerReadAt),
  };
}

export function messageDto(
  row: MessageListRow,
  thread: Pick<ThreadRow, "id" | "buyerReadAt" | "supplierReadAt">,
  viewer: { side: DealSide; companyId: string },
  files: FileMeta[],
): DealMessage {
  const m = row.message;
  const otherReadAt = m.side === "BUYER" ? thread.supplierReadAt : thread.buyerReadAt;
  return {
    id: m.id,
    side: m.side,
    kind: m.kind,
    authorName: m.kind === "MESSAGE" ? row.authorName : null,
    mine: m.side === viewer.side,
    body: m.body,
    quoteVersion: m.quoteVersion,
    files: files.map((f) => dealFileDto(viewer.companyId, thread.id, f)),
    createdAt: m.createdAt.toISOString(),
    readByOther: otherReadAt !== null && otherReadAt.getTime() >= m.createdAt.getTime(),
    reported: m.reportedAt !== null,
  };
}
