import { z } from "zod";
import { listQuery } from "@/lib/console-listing";
import { uuidParam } from "@/lib/validation";
import { type PlanStatus, type PurchaseStatus, planEventsFrom, purchaseEventsFrom } from "./billing.policy";

// The operator's billing calls (/api/owner/ticket-*, plan-contract*, oem-detail): inputs and outputs.

const isoDate = z.iso.date("日付の形式が正しくありません（例: 2026-12-01）");
const keyword = z.string().trim().max(100, "キーワードは100文字以内で入力してください").optional();
const optionalUuid = (label: string) => z.uuid(`${label}の指定が正しくありません`).optional();
const named = z.object({ id: z.string(), name: z.string() });
const person = z.object({ name: z.string(), email: z.string() });
const companyStatus = z.enum(["ACTIVE", "DEACTIVATED"], { error: "状態の指定が正しくありません" });
const paymentStatus = z.enum(["OEM_FREE", "OEM_PAID"], { error: "支払い状態の指定が正しくありません" });
const inquiryType = z.enum(["BULK", "NOMINATION"], { error: "種類の指定が正しくありません" });
const purchaseStatus = z.enum(["PENDING", "PAID", "CANCELLED"], { error: "状態の指定が正しくありません" });
const planStatus = z.enum(["WAITING", "ACTIVE", "CANCEL_SCHEDULED", "ENDED", "REJECTED"]);
const yesNo = z
  .enum(["true", "false"], { error: "true か false で指定してください" })
  .transform((v) => v === "true")
  .optional();

export const operatorIds = {
  companyId: z.object({ companyId: uuidParam }),
  ticketPurchaseId: z.object({ ticketPurchaseId: uuidParam }),
  ticketUsageId: z.object({ ticketUsageId: uuidParam }),
};

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

export const operatorPlanState = z.object({
  companyId: z.string(),
  paymentStatus,
  contract: ownerPlanItem.nullable(),
});

// ---------------------------------------------------------------- the console's actions, from the tables

export type PurchaseAction = "CONFIRM" | "CANCEL";
export type PlanAction = PlanActionInput["action"];

/** What the console offers on a purchase: the operator's events the purchase table allows from its status. */
export function purchaseActionsOf(status: PurchaseStatus): PurchaseAction[] {
  return purchaseEventsFrom(status).filter((e): e is PurchaseAction => e === "CONFIRM" || e === "CANCEL");
}

/** What the console offers on a plan contract (activate, reject, end), from the plan table. */
export function planActionsOf(status: PlanStatus): PlanAction[] {
  return planEventsFrom(status).filter(
    (e): e is PlanAction => e === "ACTIVATE" || e === "REJECT" || e === "END",
  );
}
