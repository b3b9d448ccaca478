import { z } from "zod";

const optionalCompany = z.uuid("企業が正しくありません").optional();

export const ticketPurchaseInput = z.object({
  companyId: optionalCompany,
  quantity: z.union([z.literal(1), z.literal(5), z.literal(10)], {
    error: "購入枚数は1枚・5枚・10枚から選択してください",
  }),
});

export const ticketUsageInput = z.object({
  companyId: optionalCompany,
  contactId: z.uuid("案件が正しくありません"),
});

export const planInput = z.object({ companyId: optionalCompany });

export const product = z.object({
  quantity: z.number(),
  label: z.string(),
  subtotalYen: z.number(),
  taxYen: z.number(),
  totalYen: z.number(),
  unitPriceYen: z.number(),
});

export const purchase = z.object({
  id: z.string(),
  quantity: z.number(),
  subtotalYen: z.number(),
  taxYen: z.number(),
  totalYen: z.number(),
  status: z.enum(["PENDING", "PAID", "CANCELLED"]),
  isGrant: z.boolean(),
  invoiceId: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});

export const planContract = z.object({
  id: z.string(),
  status: z.enum(["WAITING", "ACTIVE", "CANCEL_SCHEDULED", "ENDED", "REJECTED"]),
  monthlyFeeYen: z.number(),
  appliedAt: z.string(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
});

export const ticketsOverview = z.object({
  companyId: z.string(),
  balance: z.number(),
  paymentStatus: z.enum(["OEM_FREE", "OEM_PAID"]),
  products: z.array(product),
  taxRate: z.number(),
  pendingPurchases: z.array(purchase),
  plan: z.object({
    monthlyFeeYen: z.number(),
    taxYen: z.number(),
    totalYen: z.number(),
    contract: planContract.nullable(),
  }),
});

export const ticketUsage = z.object({
  id: z.string(),
  contactId: z.string(),
  createdAt: z.string(),
  balance: z.number(),
  charged: z.boolean(),
});

export const ticketUsageState = z.object({ used: z.boolean(), usedAt: z.string().nullable() });

/** A refunded usage: why the ticket came back (docs/trust.md "Refund"). */
export const ticketRefundKind = z.enum(["NO_REPLY", "OPERATOR"]);

/** One line of the supplier's ticket usage history (GET /api/billing/ticket_usage/company/{companyId}). */
export const ticketUsageHistoryItem = z.object({
  id: z.string(),
  inquiry: z.object({ id: z.string(), title: z.string() }),
  usedAt: z.string(),
  /** While the buyer has not opened or answered the supplier's first message: when the ticket comes back. */
  refundDueAt: z.string().nullable(),
  refund: z
    .object({
      kind: ticketRefundKind,
      refundedAt: z.string(),
      /** In words: 「発注者から5営業日以内に返信がなかったため自動返却」 or 「運営による返却」. */
      reason: z.string(),
    })
    .nullable(),
});

export const planState = z.object({
  paymentStatus: z.enum(["OEM_FREE", "OEM_PAID"]),
  contract: planContract.nullable(),
});

export const monthlyRecord = z.object({
  year: z.number(),
  month: z.number(),
  nominationsReceived: z.number(),
  entries: z.number(),
  ticketsUsed: z.number(),
  pageViews: z.number(),
});

export const recordParams = z.object({
  companyId: z.uuid("企業が正しくありません"),
  year: z.coerce
    .number()
    .int()
    .min(2020, "年の指定が正しくありません")
    .max(2100, "年の指定が正しくありません"),
  month: z.coerce.number().int().min(1, "月の指定が正しくありません").max(12, "月の指定が正しくありません"),
});

export const invoice = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(["TICKETS", "PLAN"]),
  billingMonth: z.string().nullable(),
  subtotalYen: z.number(),
  taxYen: z.number(),
  totalYen: z.number(),
  issuedAt: z.string(),
  dueOn: z.string().nullable(),
  pdfUrl: z.string(),
});
