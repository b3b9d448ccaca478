import { z } from "zod";
import { paginationQuery } from "@/lib/pagination";
import { uuidParam } from "@/lib/validation";

// Inputs and outputs of the owner console (/api/owner/*).

const isoDate = z.iso.date("日付の形式が正しくありません（例: 2026-12-01）");
const keyword = z.string().trim().max(100, "キーワードは100文字以内で入力してください").optional();
const optionalUuid = (label: string) => z.uuid(`${label}の指定が正しくありません`).optional();

/** Every list takes page and perPage, and `format=csv` for the whole filtered list as a CSV file. */
export const listQuery = paginationQuery.extend({
  format: z.enum(["json", "csv"], { error: "形式は json か csv で指定してください" }).default("json"),
});
export type ListQuery = z.infer<typeof listQuery>;

const named = z.object({ id: z.string(), name: z.string() });
const person = z.object({ name: z.string(), email: z.string() });
const companyStatus = z.enum(["ACTIVE", "DEACTIVATED"], { error: "状態の指定が正しくありません" });
const paymentStatus = z.enum(["OEM_FREE", "OEM_PAID"], { error: "支払い状態の指定が正しくありません" });
const inquiryType = z.enum(["BULK", "NOMINATION"], { error: "種類の指定が正しくありません" });
const purchaseStatus = z.enum(["PENDING", "PAID", "CANCELLED"], { error: "状態の指定が正しくありません" });
const planStatus = z.enum(["WAITING", "ACTIVE", "CANCEL_SCHEDULED", "ENDED", "REJECTED"]);
const outboxStatus = z.enum(["PENDING", "SENDING", "SENT", "FAILED"], {
  error: "状態の指定が正しくありません",
});
const yesNo = z
  .enum(["true", "false"], { error: "true か false で指定してください" })
  .transform((v) => v === "true")
  .optional();

// The console's companies moved to companies/company-operator.schema.ts; the billing pages still name a supplier row.
export type { OwnerSupplierItem } from "@/modules/companies/company-operator.schema";

// ---------------------------------------------------------------- billing records

export const ownerPurchaseItem = z.object({
  id: z.string(),
  company: named,
  quantity: z.number(),
  subtotalYen: z.number(),
  taxYen: z.number(),
  totalYen: z.number(),
  status: purchaseStatus,
  isGrant: z.boolean(),
  requestedBy: person.nullable(),
  invoice: z.object({ id: z.string(), number: z.string() }).nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  confirmedByOwnerId: z.string().nullable(),
});
export type OwnerPurchaseItem = z.infer<typeof ownerPurchaseItem>;

export const ownerUsageItem = z.object({
  id: z.string(),
  company: named,
  inquiry: z.object({ id: z.string(), title: z.string(), type: inquiryType }),
  usedBy: person.nullable(),
  createdAt: z.string(),
  refundedAt: z.string().nullable(),
  refundedByOwnerId: z.string().nullable(),
});
export type OwnerUsageItem = z.infer<typeof ownerUsageItem>;

export const ownerPlanItem = z.object({
  id: z.string(),
  company: named,
  status: planStatus,
  monthlyFeeYen: z.number(),
  appliedBy: person.nullable(),
  appliedAt: z.string(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  cancelRequestedAt: z.string().nullable(),
  activatedByOwnerId: z.string().nullable(),
  note: z.string().nullable(),
});
export type OwnerPlanItem = z.infer<typeof ownerPlanItem>;

export const ownerInvoiceItem = z.object({
  id: z.string(),
  number: z.string(),
  ticketPurchaseId: z.string().nullable(),
  planContractId: z.string().nullable(),
  billingMonth: z.string().nullable(),
  subtotalYen: z.number(),
  taxYen: z.number(),
  totalYen: z.number(),
  issuedAt: z.string(),
  dueOn: z.string().nullable(),
});

export const ownerSupplierBilling = z.object({
  company: named.extend({ status: companyStatus, paymentStatus }),
  ticketBalance: z.number(),
  purchases: z.array(ownerPurchaseItem),
  usages: z.array(ownerUsageItem),
  planContracts: z.array(ownerPlanItem),
  invoices: z.array(ownerInvoiceItem),
});

export const purchasesQuery = listQuery.extend({
  status: purchaseStatus.optional(),
  companyId: optionalUuid("企業"),
  isGrant: yesNo,
  keyword,
});
export type PurchasesQuery = z.infer<typeof purchasesQuery>;

export const usagesQuery = listQuery.extend({
  companyId: optionalUuid("企業"),
  contactId: optionalUuid("案件"),
  refunded: yesNo,
  keyword,
});
export type UsagesQuery = z.infer<typeof usagesQuery>;

export const grantInput = z.object({
  companyId: z.uuid("企業を選択してください"),
  quantity: z
    .number({ error: "枚数を数字で入力してください" })
    .int("枚数は整数で入力してください")
    .min(1, "枚数は1枚以上で入力してください")
    .max(100, "一度に付与できるのは100枚までです"),
  note: z.string().trim().max(500, "メモは500文字以内で入力してください").optional(),
});

export const purchaseActionInput = z.object({
  action: z.literal("CONFIRM_PAYMENT", { error: "操作の指定が正しくありません" }),
});

export const planActionInput = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("ACTIVATE"), startsOn: isoDate.optional() }),
    z.object({ action: z.literal("END") }),
    z.object({
      action: z.literal("REJECT"),
      note: z.string().trim().max(500, "メモは500文字以内で入力してください").optional(),
    }),
  ],
  { error: "操作の指定が正しくありません" },
);
export type PlanActionInput = z.infer<typeof planActionInput>;

export const planState = z.object({
  companyId: z.string(),
  paymentStatus,
  contract: ownerPlanItem.nullable(),
});

// ---------------------------------------------------------------- operations

export const dashboardCounts = z.object({
  registrations: z.object({ days: z.number(), buyers: z.number(), suppliers: z.number() }),
  bulkInquiriesInReview: z.number(),
  pendingTicketPurchases: z.number(),
  planApplicationsWaiting: z.number(),
  outbox: z.object({ pending: z.number(), failed: z.number() }),
  leadsLast7Days: z.number(),
  supportRequestsLast7Days: z.number(),
  generatedAt: z.string(),
});

export const outboxQuery = listQuery.extend({ status: outboxStatus.optional(), keyword });
export type OutboxQuery = z.infer<typeof outboxQuery>;

export const outboxItem = z.object({
  id: z.string(),
  template: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  status: outboxStatus,
  attempts: z.number(),
  nextAttemptAt: z.string(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxItem = z.infer<typeof outboxItem>;
export const outboxDetail = outboxItem.extend({ textBody: z.string(), messageId: z.string().nullable() });

export const auditQuery = listQuery.extend({
  targetType: z.string().trim().max(50).optional(),
  targetId: z.string().trim().max(100).optional(),
  action: z.string().trim().max(100).optional(),
  ownerId: optionalUuid("運営者"),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditItem = z.object({
  id: z.string(),
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** What was changed, in words (「チケット5枚の購入」); null when the type has no better name. */
  targetLabel: z.string().nullable(),
  /** The company the change was about (a ticket's or plan's supplier, an inquiry's buyer …). */
  company: z.object({ id: z.string(), name: z.string() }).nullable(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditItem = z.infer<typeof auditItem>;
// The console's components read src/lib/owner/audit-item.ts: both directions must hold.
type SameAs<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _auditItemMatches: SameAs<AuditItem, import("@/lib/owner/audit-item").AuditItem> = true;
void _auditItemMatches;

export const textListQuery = listQuery.extend({ keyword });
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

const checkStatus = z.enum(["ok", "warning", "error"]);
const checkResult = z.object({ status: checkStatus, message: z.string(), latencyMs: z.number().nullable() });

export const systemCheckResults = z.object({
  database: checkResult.extend({ kind: z.enum(["pglite", "postgres"]) }),
  storage: checkResult.extend({ kind: z.enum(["local", "s3"]).nullable() }),
  email: checkResult.extend({
    smtpConfigured: z.boolean(),
    pending: z.number(),
    oldestPendingSeconds: z.number().nullable(),
    failed: z.number(),
    /** Mails past their sending time by more than stuckAfterSeconds (no relay sends them). */
    stuck: z.number().default(0),
    stuckAfterSeconds: z.number().default(60),
  }),
  jobs: checkResult.extend({
    items: z.array(
      z.object({
        name: z.string(),
        status: checkStatus,
        lastRunAt: z.string().nullable(),
        lastOkAt: z.string().nullable(),
        lastError: z.string().nullable(),
      }),
    ),
  }),
});
export type SystemCheckResults = z.infer<typeof systemCheckResults>;

export const systemCheck = z.object({
  id: z.string(),
  ok: z.boolean(),
  ownerId: z.string().nullable(),
  results: systemCheckResults,
  createdAt: z.string(),
});
export type SystemCheck = z.infer<typeof systemCheck>;

export const deleted = z.object({ ok: z.literal(true), id: z.string() });

export const ids = {
  companyId: z.object({ companyId: uuidParam }),
  contactId: z.object({ contactId: uuidParam }),
  newsId: z.object({ newsId: uuidParam }),
  ticketPurchaseId: z.object({ ticketPurchaseId: uuidParam }),
  ticketUsageId: z.object({ ticketUsageId: uuidParam }),
  id: z.object({ id: uuidParam }),
};
