import { z } from "zod";
import { listKeyword, listQuery } from "@/lib/console-listing";

// The console's orders (/api/owner/orders): metadata of every company's orders, never a price, a
// term or a message (those are the two companies' business), with the late ones to follow up.

export const ORDER_STATUSES = ["ISSUED", "ACCEPTED", "RETURNED"] as const;
export const OVERDUE_KINDS = ["ACKNOWLEDGEMENT", "CONSULTATION"] as const;
export type OverdueKind = (typeof OVERDUE_KINDS)[number];

export const ownerOrdersQuery = listQuery.extend({
  status: z
    .enum(ORDER_STATUSES, { error: "状態は ISSUED・ACCEPTED・RETURNED のいずれかで指定してください" })
    .optional(),
  overdue: z
    .enum(OVERDUE_KINDS, { error: "遅れの種類は ACKNOWLEDGEMENT か CONSULTATION で指定してください" })
    .optional(),
  keyword: listKeyword,
});
export type OwnerOrdersQuery = z.infer<typeof ownerOrdersQuery>;

const named = z.object({ id: z.string(), name: z.string() });

/** One order as the console lists it: who, which state, which dates — no amount, no term. */
export const ownerOrderItem = z.object({
  id: z.string(),
  number: z.string(),
  buyer: named,
  supplier: named,
  status: z.enum(ORDER_STATUSES),
  statusLabel: z.string(),
  currentVersion: z.number().int(),
  /** A change order the supplier has not answered yet. */
  pendingVersion: z.number().int().nullable(),
  /** Under the subcontract act (取適法) at ordering: 対象 / 対象外. */
  toriteki: z.boolean(),
  toritekiLabel: z.string(),
  issuedAt: z.string(),
  firstOpenedAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  /** The last Japan date the supplier answers in time (3 business days after the issue date). */
  acknowledgementDueOn: z.string(),
  acknowledgementOverdue: z.boolean(),
  /** 未定事項 still to fix (補充): a count, not their content. */
  openTerms: z.number().int(),
  /** The open price consultation's due date for the buyer's answer, if one is open. */
  consultationDueOn: z.string().nullable(),
  consultationOverdue: z.boolean(),
});
export type OwnerOrderItem = z.infer<typeof ownerOrderItem>;

/** Every late order of each kind, whatever the filters: the console's badges. */
export const ownerOrderOverdueCounts = z.object({
  acknowledgement: z.number().int(),
  consultation: z.number().int(),
});
export type OwnerOrderOverdueCounts = z.infer<typeof ownerOrderOverdueCounts>;
