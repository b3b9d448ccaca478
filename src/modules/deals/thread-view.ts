import { todayInJapan } from "@/lib/japan-time";
import { companyHref } from "@/lib/site-paths";
import {
  canDecide,
  DECLINE_REASONS,
  type DealStatus,
  dealWriteBlock,
  NO_QUOTE_REASONS,
  quoteExpired,
  threadAcceptsMessages,
} from "./deal.policy";
import type { DealFile, DealMessage, QuoteVersion, ThreadDetail, ThreadSummary } from "./deals.schema";
import { inquiryUnit } from "./quantity-unit";
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
    inquiry: {
      id: row.inquiry.id,
      title: row.inquiry.title,
      type: row.inquiry.type,
      unit: inquiryUnit(row.inquiry),
    },
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

/** The fields compared between versions (`changed`), in the order the form shows them. */
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
  "files",
] as const;

function comparable(v: QuoteVersionRow, field: (typeof COMPARED)[number]): string {
  if (field === "files") return JSON.stringify(v.fileIds);
  if (field === "tiers") return JSON.stringify(v.tiers.map((t) => [t.quantity, t.unitPriceYen]));
  return JSON.stringify(v[field] ?? null);
}

/** The fields of `next` that differ from the version before it (none for the first). */
export function changedFields(previous: QuoteVersionRow | undefined, next: QuoteVersionRow): string[] {
  if (!previous) return [];
  return COMPARED.filter((f) => comparable(previous, f) !== comparable(next, f));
}

/** A quote version as shown, with its files (in the version's order) and what changed since `previous`. */
export function quoteVersionDto(
  row: QuoteVersionRow,
  previous: QuoteVersionRow | undefined,
  files: DealFile[],
  today = todayInJapan(),
): QuoteVersion {
  const changed = changedFields(previous, row);
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
    previous: previousValues(previous, changed),
  };
}

/** The previous version's value of each changed field; files are named in `changed` only. */
function previousValues(previous: QuoteVersionRow | undefined, changed: string[]): QuoteVersion["previous"] {
  if (!previous) return {};
  const out: Record<string, unknown> = {};
  for (const f of changed) {
    if (f === "files") continue;
    const v = previous[f as Exclude<(typeof COMPARED)[number], "files">];
    out[f] =
      f === "tiers" ? previous.tiers.map((t) => ({ quantity: t.quantity, unitPriceYen: t.unitPriceYen })) : v;
  }
  return out as QuoteVersion["previous"];
}

/** The files of a version, in its order, from metadata read for several versions at once. */
export function versionFiles(
  companyId: string,
  row: QuoteVersionRow,
  meta: Map<string, FileMeta>,
): DealFile[] {
  return row.fileIds.flatMap((id) => {
    const f = meta.get(id);
    return f ? [dealFileDto(companyId, row.threadId, f)] : [];
  });
}

export function threadDetailDto(
  row: ThreadListRow,
  side: DealSide,
  viewer: { companyId: string; role: "ADMIN" | "GENERAL" },
  quote: QuoteVersion | null,
): ThreadDetail {
  const t = row.thread;
  const viewerCompanyId = viewer.companyId;
  const lockedReason = dealWriteBlock({ inquiryStatus: row.inquiryStatus, ticketRevoked: row.ticketRevoked });
  return {
    ...threadSummaryDto(row, side),
    side,
    quote,
    reasonCode: t.reasonCode,
    reasonLabel: reasonLabelOf(t.status, t.reasonCode),
    reasonNote: t.reasonNote,
    decidedAt: iso(t.decidedAt),
    poNumber: t.poNumber,
    acceptsMessages: threadAcceptsMessages(t.status) && lockedReason === null,
    lockedReason,
    canDecide: side === "BUYER" && canDecide(viewer.role),
    // The buyer company's own business: the supplier never sees that someone asked.
    awardRequest:
      side === "BUYER" && t.awardRequestVersion !== null && t.awardRequestedAt
        ? {
            version: t.awardRequestVersion,
            requestedBy: row.awardRequesterName ?? "",
            requestedAt: t.awardRequestedAt.toISOString(),
          }
        : null,
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
