import { z } from "zod";
import { paginationQuery } from "@/lib/pagination";
import { MAX_INT_ID, requiredText } from "@/lib/validation";
import {
  checkQuantityUnit,
  fitView,
  needBasics,
  requirementFields,
  requirementsView,
} from "@/modules/matching/requirement.schema";

export const MAX_SELECTED_COMPANIES = 20;
export const DEFAULT_DEADLINE_DAYS = 14;
export const MAX_DEADLINE_DAYS = 60;

const isoDate = z.iso.date("日付の形式が正しくありません（例: 2026-12-01）");
const yen = (label: string, max = 10_000_000_000) =>
  z
    .number(`${label}は数字で入力してください`)
    .int(`${label}は整数で入力してください`)
    .min(1, `${label}は1円以上で入力してください`)
    .max(max, `${label}が大きすぎます`);

/** What a buyer fills in (PRODUCT.md "Inquiries"); the same body for dry-run and create. */
export const inquiryInput = z
  .object({
    type: z.enum(["BULK", "NOMINATION"], { error: "問い合わせの種類を選択してください" }),
    title: requiredText("案件名", 100),
    categoryId: needBasics.categoryId,
    description: requiredText("依頼内容", 3000),
    quantity: requiredText("数量・ロット", 100),
    // The column is an integer: a unit price of up to ¥100,000,000, as an entry's proposal.
    targetUnitPriceYen: yen("希望単価", 100_000_000).optional().nullable(),
    budgetYen: yen("予算").optional().nullable(),
    desiredDeliveryDate: isoDate.optional().nullable(),
    entryDeadline: isoDate.optional().nullable(),
    prefectureIds: needBasics.prefectureIds,
    ndaRequired: z.boolean().default(false),
    attachmentIds: z
      .array(z.uuid("添付ファイルが正しくありません"))
      .max(5, "添付ファイルは5つまでです")
      .default([]),
    selectedCompanyIds: z
      .array(z.uuid("選択した企業が正しくありません"))
      .max(MAX_SELECTED_COMPANIES, `一括問い合わせで選べる企業は${MAX_SELECTED_COMPANIES}社までです`)
      .default([]),
    nominatedCompanyId: z.uuid("問い合わせ先の企業が正しくありません").optional().nullable(),
    /** Only for POST /api/contact/create(…): which buyer company sends it; default the active one. */
    companyId: z.uuid().optional(),
    // The structured requirements (issue 20): matched against the suppliers' capabilities.
    ...requirementFields,
  })
  .superRefine((v, ctx) => {
    checkQuantityUnit(v, ctx);
    if (v.type === "NOMINATION" && !v.nominatedCompanyId) {
      ctx.addIssue({
        code: "custom",
        path: ["nominatedCompanyId"],
        message: "問い合わせ先の企業を選択してください",
      });
    }
  });
export type InquiryInput = z.infer<typeof inquiryInput>;

/** An entry's status; AWARDED / WITHDRAWN follow its deal thread (受注, 辞退; decision 0032). */
export const entryStatusEnum = z.enum([
  "ENTERED",
  "CANCELLED",
  "SHORTLISTED",
  "DECLINED",
  "AWARDED",
  "WITHDRAWN",
]);
export const inquiryStatus = z.enum(["REVIEW", "OPEN", "CLOSED", "CANCELLED", "REJECTED", "AWARDED"]);

export const buyerInquiriesQuery = paginationQuery.extend({
  contactType: z.enum(["BULK", "NOMINATION"], { error: "種類の指定が正しくありません" }).optional(),
  status: inquiryStatus.optional(),
});

export const supplierInquiriesQuery = paginationQuery.extend({
  contactType: z.enum(["BULK", "NOMINATION"], { error: "種類の指定が正しくありません" }).default("BULK"),
  categoryId: z.coerce.number().int().positive().max(MAX_INT_ID).optional(),
  prefectureId: z.coerce.number().int().min(1).max(47).optional(),
  status: inquiryStatus.optional(),
  // Public recruits only (issue 20): by fit with the supplier's capabilities, and only those it fits.
  sort: z
    .enum(["newest", "fit"], { error: "並び順の指定が正しくありません" })
    .default("newest")
    .describe("公開案件の並び順: newest（新着順）, fit（適合度順）"),
  fit: z
    .enum(["only"], { error: "絞り込みの指定が正しくありません" })
    .optional()
    .describe("only: 条件（必要な認証・数量）に合う公開案件のみ"),
});

const named = z.object({ id: z.number(), name: z.string() });
const attachment = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  contentType: z.string(),
  byteSize: z.number(),
});

export const inquirySummary = z.object({
  id: z.string(),
  type: z.enum(["BULK", "NOMINATION"]),
  status: inquiryStatus,
  title: z.string(),
  category: named,
  quantity: z.string(),
  targetUnitPriceYen: z.number().nullable(),
  budgetYen: z.number().nullable(),
  desiredDeliveryDate: z.string().nullable(),
  entryDeadline: z.string().nullable(),
  prefectures: z.array(named),
  ndaRequired: z.boolean(),
  entryCount: z.number(),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
});

/** A row of the supplier's lists: the fit is given for public recruits, null for nominations. */
export const supplierInquirySummary = inquirySummary.extend({
  fit: fitView
    .nullable()
    .describe(
      "公開案件と貴社の対応能力・認証の適合度（100点満点）、条件（必要な認証・数量）に合うか、理由（満たしていない点と、満たしている必要な認証・数量）。指名案件では null",
    ),
});

export const buyerContact = z.object({
  companyName: z.string(),
  personName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
});

export const entryView = z.object({
  id: z.string(),
  status: entryStatusEnum,
  message: z.string(),
  proposedUnitPriceYen: z.number().nullable(),
  leadTime: z.string().nullable(),
  createdAt: z.string(),
  /** The supplier's files, readable by this buyer company and the supplier. */
  attachments: z.array(attachment),
  supplier: z.object({
    companyId: z.string(),
    name: z.string(),
    catchphrase: z.string().nullable(),
    prefectureName: z.string().nullable(),
    website: z.string().nullable(),
    personName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
  }),
});

export const buyerInquiryDetail = inquirySummary.extend({
  description: z.string(),
  rejectionReason: z.string().nullable(),
  nominatedCompany: z.object({ id: z.string(), name: z.string() }).nullable(),
  selectedCompanies: z.array(z.object({ id: z.string(), name: z.string() })),
  attachments: z.array(attachment),
  requirements: requirementsView,
  entries: z.array(entryView),
});

export const supplierInquiryDetail = inquirySummary.extend({
  description: z.string(),
  attachments: z.array(attachment),
  requirements: requirementsView,
  /** How this supplier's registered capabilities fit the inquiry; null without an OEM profile. */
  fit: fitView.nullable(),
  /** Revealed once the supplier may respond (paid, or a ticket used for a nomination, or entered). */
  buyer: buyerContact.nullable(),
  canEnter: z.boolean(),
  /** Why entering is not possible now, in Japanese; null when it is. */
  entryBlockedReason: z.string().nullable(),
  needsTicket: z.boolean(),
  myEntry: z
    .object({
      id: z.string(),
      status: entryStatusEnum,
      message: z.string(),
      attachments: z.array(attachment),
    })
    .nullable(),
});

export const buyerEntryDecisionInput = z.object({
  status: z.enum(["SHORTLISTED", "DECLINED"], { error: "選考結果を選択してください" }),
});

export const createdInquiry = z.object({
  id: z.string(),
  status: inquiryStatus,
  type: z.enum(["BULK", "NOMINATION"]),
});

export const dryRunResult = z.object({ ok: z.literal(true) });
