import { z } from "zod";
import { isCalendarDate, todayInJapan } from "@/lib/japan-time";
import { optionalText, requiredText } from "@/lib/validation";
import { DECLINE_REASONS, NO_QUOTE_REASONS } from "./deal.policy";
import { supplierFigures } from "./supplier-record.schema";

// The deal room's API contract (docs/deal-room.md). Every body is JSON with JSON types; query
// parameters are coerced. Messages are Japanese, field by field.

export const MAX_MESSAGE_CHARS = 5000;
export const MAX_DEAL_FILES = 5;
export const MESSAGES_PAGE = 50;

const fileIds = z
  .array(z.uuid("添付ファイルが正しくありません"))
  .max(MAX_DEAL_FILES, `添付ファイルは${MAX_DEAL_FILES}つまでです`)
  .default([]);

const yen = (label: string, min = 0) =>
  z
    .number(`${label}は数字で入力してください`)
    .int(`${label}は整数（円）で入力してください`)
    .min(min, `${label}は${min}円以上で入力してください`)
    // The columns are 32-bit integers: ¥2,147,483,647 per amount at most.
    .max(2_147_483_647, `${label}が大きすぎます`);
const count = (label: string, min = 1) =>
  z
    .number(`${label}は数字で入力してください`)
    .int(`${label}は整数で入力してください`)
    .min(min, `${label}は${min}以上で入力してください`)
    .max(100_000_000, `${label}が大きすぎます`);
const days = (label: string) =>
  z
    .number(`${label}は日数（数字）で入力してください`)
    .int(`${label}は整数で入力してください`)
    .min(0, `${label}は0日以上で入力してください`)
    .max(730, `${label}は730日以内で入力してください`);
const isoDate = (label: string) =>
  z
    .string(`${label}を入力してください`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}は YYYY-MM-DD で入力してください`)
    // 2027-02-31 matches the pattern but is no day: refused here, not by the database (a 500).
    .refine(isCalendarDate, `${label}は実在する日付で入力してください`);

// ------------------------------------------------------------------ threads and messages

export const dealSide = z.enum(["BUYER", "SUPPLIER"]);
export const dealStatus = z.enum(["NEW", "QUOTED", "AWARDED", "DECLINED", "WITHDRAWN"]);
export const dealMessageKind = z.enum(["MESSAGE", "QUOTE", "NO_QUOTE", "AWARD", "DECLINE"]);

export const dealFile = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  byteSize: z.number(),
  /** GET /api/deals/threads/{threadId}/files/{fileId} */
  url: z.string(),
});
export type DealFile = z.infer<typeof dealFile>;

export const dealMessage = z.object({
  id: z.string(),
  side: dealSide,
  kind: dealMessageKind,
  /** The author's name as the other side sees it (a member's name), null for system events. */
  authorName: z.string().nullable(),
  mine: z.boolean(),
  body: z.string(),
  quoteVersion: z.number().nullable(),
  files: z.array(dealFile),
  createdAt: z.string(),
  /** Read by the other side (its read time is at or after this message). */
  readByOther: z.boolean(),
  reported: z.boolean(),
});
export type DealMessage = z.infer<typeof dealMessage>;

export const messageInput = z.object({
  body: requiredText("メッセージ", MAX_MESSAGE_CHARS),
  /** Files uploaded with POST /api/deals/files by the caller's company. */
  fileIds,
});
export type MessageInput = z.infer<typeof messageInput>;

export const messagesQuery = z.object({
  /** Keyset cursor: the `nextCursor` of the previous page (older messages). */
  before: z.string().max(200).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, "件数は1以上で指定してください")
    .max(100, "件数は100以下で指定してください")
    .default(MESSAGES_PAGE),
});

export const messagesPage = z.object({
  /** Newest first. */
  items: z.array(dealMessage),
  nextCursor: z.string().nullable(),
});

export const reportInput = z.object({ reason: requiredText("通報の理由", 1000) });

export const threadCounterpart = z.object({
  companyId: z.string(),
  /** 企業名非公開 while a hidden supplier has not yet written or quoted to this buyer. */
  name: z.string(),
  /** The supplier's public page (supplier side of a buyer's view), null otherwise. */
  profileUrl: z.string().nullable(),
});

export const threadSummary = z.object({
  id: z.string(),
  inquiry: z.object({
    id: z.string(),
    title: z.string(),
    type: z.enum(["BULK", "NOMINATION"]),
    /** The unit quotes count in (quote tiers, MOQ): the inquiry's (個 by default). */
    unit: z.string(),
  }),
  counterpart: threadCounterpart,
  status: dealStatus,
  quoteVersion: z.number(),
  messageCount: z.number(),
  lastMessageAt: z.string().nullable(),
  unread: z.number(),
  openedAt: z.string(),
});
export type ThreadSummary = z.infer<typeof threadSummary>;

/** The list's tabs: every thread, one status, or the closed ones (お見送り and 辞退 together). */
export const THREAD_TABS = ["ALL", "NEW", "QUOTED", "AWARDED", "CLOSED"] as const;
export type ThreadTab = (typeof THREAD_TABS)[number];

export const threadsQuery = z.object({
  inquiryId: z.uuid("案件IDの形式が正しくありません").optional(),
  status: z.enum(THREAD_TABS, { error: "表示する状況の指定が正しくありません" }).default("ALL"),
  /** Part of the inquiry's title or of the counterpart's name as the caller sees it. */
  q: z
    .string()
    .trim()
    .max(100, "絞り込みの文字は100文字以内で入力してください")
    .optional()
    .transform((v) => v || undefined),
  page: z.coerce.number().int().min(1, "ページは1以上で指定してください").default(1),
  perPage: z.coerce
    .number()
    .int()
    .min(1, "件数は1以上で指定してください")
    .max(100, "件数は100以下で指定してください")
    .default(20),
});

export const unreadCounts = z.object({
  unread: z.number(),
  /** Unread messages per inquiry id (only inquiries with some), for the inquiry lists' rows. */
  byInquiry: z.record(z.string(), z.number()),
});

export const threadsPage = z.object({
  /** Grouped by inquiry: the threads of an inquiry follow each other, the latest activity first. */
  items: z.array(threadSummary),
  /** Threads per tab under the same inquiry and text filter (the tabs' numbers). */
  counts: z.object({
    ALL: z.number(),
    NEW: z.number(),
    QUOTED: z.number(),
    AWARDED: z.number(),
    CLOSED: z.number(),
  }),
  page: z.number(),
  perPage: z.number(),
  total: z.number(),
  unreadTotal: z.number(),
});

// ------------------------------------------------------------------ quotes

export const quoteTier = z.object({
  quantity: count("数量"),
  unitPriceYen: yen("単価"),
});

/** A tier as the supplier writes it: a price per piece is at least ¥1 (a free sample stays ¥0). */
const quoteTierInput = z.object({
  quantity: count("数量"),
  unitPriceYen: yen("単価", 1),
});

export const QUOTE_VALIDITY_PAST = "見積の有効期限には今日以降の日付を入力してください";

export const quoteInput = z
  .object({
    tiers: z
      .array(quoteTierInput, { error: "数量と単価を入力してください" })
      .min(1, "数量と単価を1段階以上入力してください")
      .max(3, "数量と単価は3段階までです"),
    sampleCostYen: yen("サンプル費用").nullable().default(null),
    sampleLeadDays: days("サンプル納期").nullable().default(null),
    toolingCostYen: yen("版代・金型代").nullable().default(null),
    moq: count("最小ロット").nullable().default(null),
    leadTimeDays: days("量産リードタイム"),
    paymentTerms: requiredText("支払条件", 200),
    /** Default: today (Japan) + 30 days. */
    validUntil: isoDate("見積の有効期限").optional(),
    // null is "no notes", as for the other optional fields of the quote.
    notes: optionalText("備考", 2000).nullable(),
    fileIds,
  })
  .superRefine((q, ctx) => {
    // Said in the browser before the round trip; the service checks it again at the moment it writes.
    if (q.validUntil !== undefined && q.validUntil < todayInJapan()) {
      ctx.addIssue({ code: "custom", path: ["validUntil"], message: QUOTE_VALIDITY_PAST });
    }
    for (let i = 1; i < q.tiers.length; i++) {
      if (q.tiers[i]!.quantity <= q.tiers[i - 1]!.quantity) {
        ctx.addIssue({
          code: "custom",
          path: ["tiers", i, "quantity"],
          message: "数量は段階ごとに大きくなるように入力してください",
        });
      }
    }
  });
export type QuoteInput = z.infer<typeof quoteInput>;

export const quoteVersion = z.object({
  version: z.number(),
  tiers: z.array(quoteTier),
  sampleCostYen: z.number().nullable(),
  sampleLeadDays: z.number().nullable(),
  toolingCostYen: z.number().nullable(),
  moq: z.number().nullable(),
  leadTimeDays: z.number(),
  paymentTerms: z.string(),
  validUntil: z.string(),
  expired: z.boolean(),
  notes: z.string().nullable(),
  files: z.array(dealFile),
  createdAt: z.string(),
  /** Field names that differ from the previous version (empty for version 1). */
  changed: z.array(z.string()),
  /**
   * The previous version's value of each changed field (files excepted), so a revision reads
   * 「465円 → 455円」; empty for version 1.
   */
  previous: z.object({
    tiers: z.array(quoteTier).optional(),
    sampleCostYen: z.number().nullable().optional(),
    sampleLeadDays: z.number().nullable().optional(),
    toolingCostYen: z.number().nullable().optional(),
    moq: z.number().nullable().optional(),
    leadTimeDays: z.number().optional(),
    paymentTerms: z.string().optional(),
    validUntil: z.string().optional(),
    notes: z.string().nullable().optional(),
  }),
});
export type QuoteVersion = z.infer<typeof quoteVersion>;

export const quoteHistory = z.object({ items: z.array(quoteVersion) });

export const noQuoteInput = z
  .object({
    reason: z.enum(Object.keys(NO_QUOTE_REASONS) as [keyof typeof NO_QUOTE_REASONS], {
      error: "辞退の理由を選んでください",
    }),
    note: optionalText("理由の詳細", 1000),
  })
  .superRefine((v, ctx) => {
    if (v.reason === "OTHER" && !v.note) {
      ctx.addIssue({ code: "custom", path: ["note"], message: "「その他」の場合は理由を入力してください" });
    }
  });
export type NoQuoteInput = z.infer<typeof noQuoteInput>;

// ------------------------------------------------------------------ decisions

const declineReason = z.enum(Object.keys(DECLINE_REASONS) as [keyof typeof DECLINE_REASONS], {
  error: "お見送りの理由を選んでください",
});

export const awardInput = z.object({
  /** The version the buyer saw; a newer revision in between answers 409. */
  version: count("見積の版"),
});
export const declineInput = z.object({
  reason: declineReason,
  note: optionalText("お見送りの理由の詳細", 1000),
});
export type DeclineInput = z.infer<typeof declineInput>;
export const declineOthersInput = declineInput;

export const decisionResult = z.object({
  threadId: z.string(),
  status: dealStatus,
  poNumber: z.string().nullable(),
});
export const declineOthersResult = z.object({ declined: z.number() });

// ------------------------------------------------------------------ the thread page

export const threadDetail = threadSummary.extend({
  side: dealSide,
  /** The current version, null before the first quote. */
  quote: quoteVersion.nullable(),
  reasonCode: z.string().nullable(),
  reasonLabel: z.string().nullable(),
  reasonNote: z.string().nullable(),
  decidedAt: z.string().nullable(),
  poNumber: z.string().nullable(),
  acceptsMessages: z.boolean(),
  /** Why nobody may write here any more, whatever the thread's status (inquiry withdrawn, ticket refunded). */
  lockedReason: z.string().nullable(),
  /** The viewer may award and decline all (a buyer ADMIN); a GENERAL member asks with 「決定を依頼」. */
  canDecide: z.boolean(),
  /** A pending 「決定を依頼」 (buyer side only): the version to award and who asked. */
  awardRequest: z
    .object({ version: z.number(), requestedBy: z.string(), requestedAt: z.string() })
    .nullable(),
  otherReadAt: z.string().nullable(),
});

/** POST …/award-request: the version a GENERAL member asks the ADMINs to award (the one it saw). */
export const awardRequestInput = z.object({ version: count("見積の版") });
export type ThreadDetail = z.infer<typeof threadDetail>;

// ------------------------------------------------------------------ comparison (buyer)

export const comparisonQuery = z.object({
  /** The quantity totals are computed for; default: the inquiry's quantity when it starts with a number. */
  quantity: z.coerce
    .number()
    .int()
    .min(1, "数量は1以上で指定してください")
    .max(100_000_000, "数量が大きすぎます")
    .optional(),
});

export const comparisonColumn = z.object({
  threadId: z.string(),
  supplier: threadCounterpart,
  status: dealStatus,
  version: z.number().nullable(),
  /** Unit price at the target quantity: the tier with the largest quantity ≤ target (else the smallest). */
  unitPriceYen: z.number().nullable(),
  tiers: z.array(quoteTier),
  /**
   * unit × quantity + tooling + sample, tax excluded; null unless `totalStatus` is COMPLETE (a blank
   * tooling cost counts as none; a blank sample cost counts as none only when no sample was asked for).
   */
  totalYen: z.number().nullable(),
  /**
   * COMPLETE: `totalYen` is the total; BELOW_MOQ: the target is under the supplier's MOQ or first
   * tier (MOQ未満), so it quoted nothing at that quantity; MISSING_FIGURES: a needed figure is blank
   * (要確認, see `missingFigures`); NO_QUOTE: no current quote.
   */
  totalStatus: z.enum(["COMPLETE", "BELOW_MOQ", "MISSING_FIGURES", "NO_QUOTE"]),
  /** The target is under the MOQ or the smallest tier: never the best price or total. */
  belowMoq: z.boolean(),
  /** The blank figures the total needs (today: `sampleCostYen` when the inquiry asks for a sample). */
  missingFigures: z.array(z.enum(["sampleCostYen"])),
  toolingCostYen: z.number().nullable(),
  sampleCostYen: z.number().nullable(),
  sampleLeadDays: z.number().nullable(),
  moq: z.number().nullable(),
  leadTimeDays: z.number().nullable(),
  paymentTerms: z.string().nullable(),
  validUntil: z.string().nullable(),
  expired: z.boolean(),
  reasonLabel: z.string().nullable(),
  /** The supplier's track record, computed by the platform (supplier-record.service). */
  record: supplierFigures,
  /** The supplier's certifications and licences the operator verified, unexpired (認証確認済み). */
  certifications: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type ComparisonColumn = z.infer<typeof comparisonColumn>;

export const comparison = z.object({
  inquiry: z.object({
    id: z.string(),
    title: z.string(),
    quantity: z.string(),
    status: z.string(),
    /** The unit of every quantity of the comparison (tiers, MOQ, the target): the inquiry's. */
    unit: z.string(),
    /** The buyer asked for a sample: a blank sample cost leaves the total 要確認. */
    sampleWanted: z.boolean(),
  }),
  quantity: z.number().nullable(),
  columns: z.array(comparisonColumn),
  /** Per row key, the thread ids holding the best value (lowest price/total/lead time, latest validity). */
  best: z.record(z.string(), z.array(z.string())),
});
export type Comparison = z.infer<typeof comparison>;

// ------------------------------------------------------------------ files

export const dealFileUpload = z.object({
  file: z.instanceof(File, { message: "ファイルを選択してください" }),
});
