import { z } from "zod";
import { paginationQuery } from "@/lib/pagination";
import { optionalText, requiredText } from "@/lib/validation";
import { entryStatusEnum, inquirySummary } from "@/modules/inquiries/inquiry.schema";

export const entryInput = z.object({
  message: requiredText("メッセージ", 2000),
  proposedUnitPriceYen: z
    .number("提案単価は数字で入力してください")
    .int("提案単価は整数で入力してください")
    .min(1, "提案単価は1円以上で入力してください")
    .max(100_000_000, "提案単価が大きすぎます")
    .optional()
    .nullable(),
  leadTime: optionalText("納期の目安", 200),
  /** Files uploaded by the supplier (POST /api/attachment/upload); only the inquiry's buyer may read them. */
  attachmentIds: z
    .array(z.uuid("添付ファイルが正しくありません"))
    .max(5, "添付ファイルは5つまでです")
    .default([]),
});
export type EntryInput = z.infer<typeof entryInput>;

export const entryStatus = entryStatusEnum;

export const supplierEntriesQuery = paginationQuery.extend({
  status: entryStatus.optional(),
});

export const supplierEntry = z.object({
  id: z.string(),
  status: entryStatus,
  message: z.string(),
  enteredAt: z.string(),
  inquiry: inquirySummary,
});

export const entryResult = z.object({
  id: z.string(),
  status: entryStatus,
  inquiryId: z.string(),
});
