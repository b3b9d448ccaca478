import { z } from "zod";
import { listKeyword, listQuery } from "@/lib/console-listing";

// The console's inbox (/api/owner/leads, /api/owner/support-requests): its shapes.

export const textListQuery = listQuery.extend({ keyword: listKeyword });
export type TextListQuery = z.infer<typeof textListQuery>;

export const leadItem = z.object({
  id: z.string(),
  companyName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.string().nullable(),
  interest: z.string().nullable(),
  createdAt: z.string(),
});
export type LeadItem = z.infer<typeof leadItem>;

const supportStatus = z.enum(["NEW", "IN_PROGRESS", "DONE"], { error: "対応状況を選択してください" });
export const supportQuery = textListQuery.extend({ status: supportStatus.optional() });
export type SupportQuery = z.infer<typeof supportQuery>;
export const supportStatusInput = z.object({ status: supportStatus });
export type SupportStatusInput = z.infer<typeof supportStatusInput>;

export const supportRequestItem = z.object({
  id: z.string(),
  status: supportStatus,
  statusChangedAt: z.string().nullable(),
  category: z.string(),
  message: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  companyName: z.string().nullable(),
  userId: z.string().nullable(),
  companyId: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportRequestItem = z.infer<typeof supportRequestItem>;
