import { z } from "zod";
import { listQuery } from "@/lib/console-listing";
import { requiredText, uuidParam } from "@/lib/validation";
import { dealMessageKind, dealSide, dealStatus } from "./deals.schema";

// The console's view of the deal room (/api/owner/deal-threads, /api/owner/deal-reports): thread
// metadata without content, reading a thread with a written reason, and the reported messages.

/** A reason an operator writes before reading a thread: short reasons say nothing in an audit. */
export const MIN_READ_REASON = 10;

const named = z.object({ id: z.string(), name: z.string() });

export const threadIdParam = z.object({ threadId: uuidParam });
export const messageIdParam = z.object({ messageId: uuidParam });

/** One supplier's thread of an inquiry: states, counts and dates — never a message, a note or a price. */
export const ownerDealThread = z.object({
  id: z.string(),
  inquiryId: z.string(),
  buyer: named,
  supplier: named,
  status: dealStatus,
  statusLabel: z.string(),
  /** The current quote version (0 = no quote yet). */
  quoteVersion: z.number(),
  messageCount: z.number(),
  lastMessageAt: z.string().nullable(),
  openedAt: z.string(),
  /** The buyer's decision or the supplier's 辞退: the reason as a label (the free-text note is content). */
  decision: z
    .object({
      status: dealStatus,
      reasonLabel: z.string().nullable(),
      decidedAt: z.string().nullable(),
      awardedVersion: z.number().nullable(),
      poNumber: z.string().nullable(),
    })
    .nullable(),
  buyerUnread: z.number(),
  supplierUnread: z.number(),
  /** Reported messages of the thread not handled yet. */
  openReports: z.number(),
});
export type OwnerDealThread = z.infer<typeof ownerDealThread>;

export const ownerDealThreads = z.object({ items: z.array(ownerDealThread) });

export const readThreadInput = z.object({
  reason: z
    .string({ error: "確認の理由を入力してください" })
    .trim()
    .min(1, "確認の理由を入力してください")
    .min(MIN_READ_REASON, `確認の理由は${MIN_READ_REASON}文字以上で入力してください`)
    .max(1000, "確認の理由は1000文字以内で入力してください"),
});
export type ReadThreadInput = z.infer<typeof readThreadInput>;

export const ownerDealFile = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  byteSize: z.number(),
});

export const ownerDealMessage = z.object({
  id: z.string(),
  side: dealSide,
  kind: dealMessageKind,
  /** The member who wrote it (null for system events and removed members). */
  authorName: z.string().nullable(),
  body: z.string(),
  quoteVersion: z.number().nullable(),
  files: z.array(ownerDealFile),
  createdAt: z.string(),
  reportedAt: z.string().nullable(),
  reportReason: z.string().nullable(),
  reportResolvedAt: z.string().nullable(),
});
export type OwnerDealMessage = z.infer<typeof ownerDealMessage>;

/** Read once the reason is recorded: the thread's metadata and its messages, oldest first. */
export const ownerDealThreadContent = z.object({
  thread: ownerDealThread,
  items: z.array(ownerDealMessage),
  /** More messages than one read returns: the newest ones are shown. */
  truncated: z.boolean(),
});
export type OwnerDealThreadContent = z.infer<typeof ownerDealThreadContent>;

// ------------------------------------------------------------------ reported messages

export const REPORT_STATUSES = ["open", "resolved"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const dealReportsQuery = listQuery.extend({
  status: z
    .enum(REPORT_STATUSES, { error: "状態は open（未対応）か resolved（対応済み）で指定してください" })
    .default("open"),
});
export type DealReportsQuery = z.infer<typeof dealReportsQuery>;

/** A reported message, without its body (the operator reads it through the thread, with a reason). */
export const dealReportItem = z.object({
  messageId: z.string(),
  threadId: z.string(),
  inquiry: z.object({ id: z.string(), title: z.string() }),
  buyer: named,
  supplier: named,
  /** The side of the member who reported it (the other side of the message's author). */
  reporterSide: dealSide,
  reporterName: z.string().nullable(),
  reason: z.string(),
  reportedAt: z.string(),
  status: z.enum(REPORT_STATUSES),
  resolvedAt: z.string().nullable(),
});
export type DealReportItem = z.infer<typeof dealReportItem>;

export const resolveReportInput = z.object({ note: requiredText("対応の内容", 1000) });
export type ResolveReportInput = z.infer<typeof resolveReportInput>;

export const resolveReportResult = z.object({ ok: z.literal(true) });
