import { z } from "zod";
import { listQuery } from "@/lib/console-listing";
import { requiredText, uuidParam } from "@/lib/validation";
import { requirementsView } from "@/modules/matching/requirement.schema";
import { INQUIRY_STATUSES } from "./inquiry.policy";

// The operator console's inquiry and entry shapes (/api/owner/contact*): its lists, details and moves.

const isoDate = z.iso.date("日付の形式が正しくありません（例: 2026-12-01）");
const keyword = z.string().trim().max(100, "キーワードは100文字以内で入力してください").optional();
const optionalUuid = (label: string) => z.uuid(`${label}の指定が正しくありません`).optional();
const named = z.object({ id: z.string(), name: z.string() });
const person = z.object({ name: z.string(), email: z.string() });
const inquiryType = z.enum(["BULK", "NOMINATION"], { error: "種類の指定が正しくありません" });
const inquiryStatus = z.enum(INQUIRY_STATUSES, { error: "状態の指定が正しくありません" });
/** The console's paths name an inquiry {contactId}. */
export const contactIdParam = z.object({ contactId: uuidParam });

const entryStatus = z.enum(["ENTERED", "CANCELLED", "SHORTLISTED", "DECLINED", "AWARDED", "WITHDRAWN"], {
  error: "エントリーの状態の指定が正しくありません",
});

export const inquiriesQuery = listQuery.extend({
  type: inquiryType.optional(),
  status: inquiryStatus.optional(),
  keyword,
  buyerCompanyId: optionalUuid("発注者"),
  supplierCompanyId: optionalUuid("OEMメーカー"),
  sort: z
    .enum(["newest", "oldest", "deadline"], { error: "並び順の指定が正しくありません" })
    .default("newest"),
});
export type InquiriesQuery = z.infer<typeof inquiriesQuery>;
export const typedInquiriesQuery = inquiriesQuery.omit({ type: true });

export const ownerInquiryItem = z.object({
  id: z.string(),
  type: inquiryType,
  status: inquiryStatus,
  title: z.string(),
  category: z.object({ id: z.number(), name: z.string() }),
  buyer: named,
  nominatedCompany: named.nullable(),
  entryCount: z.number(),
  entryDeadline: z.string().nullable(),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type OwnerInquiryItem = z.infer<typeof ownerInquiryItem>;

export const ownerEntryItem = z.object({
  id: z.string(),
  status: entryStatus,
  inquiry: z.object({ id: z.string(), title: z.string(), type: inquiryType, status: inquiryStatus }),
  buyer: named,
  supplier: named,
  enteredBy: person,
  message: z.string(),
  proposedUnitPriceYen: z.number().nullable(),
  leadTime: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type OwnerEntryItem = z.infer<typeof ownerEntryItem>;

export const ownerInquiryDetail = ownerInquiryItem.extend({
  description: z.string(),
  quantity: z.string(),
  targetUnitPriceYen: z.number().nullable(),
  budgetYen: z.number().nullable(),
  desiredDeliveryDate: z.string().nullable(),
  ndaRequired: z.boolean(),
  /** The structured requirements (issue 20), with the master lists' names. */
  requirements: requirementsView,
  rejectionReason: z.string().nullable(),
  closedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  reviewedByOwnerId: z.string().nullable(),
  prefectures: z.array(z.object({ id: z.number(), name: z.string() })),
  attachments: z.array(
    z.object({ id: z.string(), name: z.string(), contentType: z.string(), byteSize: z.number() }),
  ),
  createdBy: person.extend({ userId: z.string(), phone: z.string().nullable() }),
  recipients: z.array(
    z.object({
      companyId: z.string(),
      name: z.string(),
      kind: z.enum(["SELECTED", "NOMINATED"]),
      notifiedAt: z.string().nullable(),
      readAt: z.string().nullable(),
    }),
  ),
  entries: z.array(ownerEntryItem),
});
export type OwnerInquiryDetail = z.infer<typeof ownerInquiryDetail>;

const inquiryEdits = {
  title: requiredText("案件名", 100).optional(),
  description: requiredText("依頼内容", 3000).optional(),
};

export const bulkActionInput = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("APPROVE") }),
    z.object({ action: z.literal("REJECT"), reason: requiredText("却下の理由", 1000) }),
    z.object({ action: z.literal("CLOSE") }),
    z.object({
      action: z.literal("EDIT"),
      ...inquiryEdits,
      entryDeadline: isoDate.optional(),
      status: z.enum(["OPEN", "CLOSED", "CANCELLED"], { error: "状態の指定が正しくありません" }).optional(),
    }),
  ],
  { error: "操作の指定が正しくありません" },
);
export type BulkActionInput = z.infer<typeof bulkActionInput>;

export const nominationActionInput = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("CLOSE") }),
    z.object({
      action: z.literal("EDIT"),
      ...inquiryEdits,
      status: z.enum(["OPEN", "CLOSED", "CANCELLED"], { error: "状態の指定が正しくありません" }).optional(),
    }),
  ],
  { error: "操作の指定が正しくありません" },
);
export type NominationActionInput = z.infer<typeof nominationActionInput>;
export type InquiryEdit = Extract<BulkActionInput, { action: "EDIT" }>;

export const entriesQuery = listQuery.extend({
  status: entryStatus.optional(),
  contactId: optionalUuid("案件"),
  supplierCompanyId: optionalUuid("OEMメーカー"),
  keyword,
});
export type EntriesQuery = z.infer<typeof entriesQuery>;

export const entryCorrectionInput = z.object({
  entryId: z.uuid("エントリーを指定してください"),
  // 受注 and 辞退 follow the deal thread; the operator corrects to the four it may set.
  status: z.enum(["ENTERED", "CANCELLED", "SHORTLISTED", "DECLINED"], {
    error: "エントリーの状態の指定が正しくありません",
  }),
});
