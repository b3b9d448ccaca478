import { iso, type Listing, type ListQuery, listing, pageOf } from "@/lib/console-listing";
import type { CsvColumn } from "@/lib/csv";
import { PLAN_STATUS, PURCHASE_STATUS } from "@/lib/owner/console-labels";
import { audited, type OwnerContext, recordAudit } from "@/modules/audit/audit.service";
import { COMPANY_NOT_FOUND } from "@/server/auth/company-scope";
import type { Db, Tx } from "@/server/db/client";
import { AppError, notFound } from "@/server/http/errors";
import { invoiceFigures, purchaseFigures } from "./billing.dto";
import { planRefusal, planStatesAllowing, purchaseTransition } from "./billing.policy";
import * as billingRepo from "./billing.repository";
import * as repo from "./billing-operator.repository";
import type {
  OwnerPlanItem,
  OwnerPurchaseItem,
  OwnerUsageItem,
  PlanActionInput,
  PurchasesQuery,
  UsagesQuery,
} from "./billing-operator.schema";
import { activatePlan, endPlan, rejectPlanApplication } from "./plan.service";
import {
  cancelTicketPurchase,
  confirmTicketPurchase,
  grantTickets as grantTicketsToCompany,
} from "./purchase.service";
import { refundTicketUsage } from "./usage.service";

// Tickets and plan contracts from the operator's side (the console, /api/owner/*). Every write
// goes through audited() or recordAudit(), in the transaction of the change, with the actions
// and snapshots the audit log has always had.

const PURCHASE_NOT_FOUND = "チケット購入が見つかりませんでした。";
const USAGE_NOT_FOUND = "チケット使用履歴が見つかりませんでした。";
const DETAIL_LIMIT = 100;
const at = (s: string | null) => (s ? new Date(s) : null);
const conflict = (message: string) => new AppError("CONFLICT", message);

/** A supplier the operator acts on; 404 for anything else. */
async function supplierOf(db: Db | Tx, companyId: string) {
  const company = await billingRepo.billedCompany(db, companyId);
  if (company?.type !== "SUPPLIER") throw notFound(COMPANY_NOT_FOUND);
  return company;
}

// ---------------------------------------------------------------- purchases

function purchaseItem(r: repo.PurchaseListRow): OwnerPurchaseItem {
  const p = r.purchase;
  return {
    id: p.id,
    company: { id: p.companyId, name: r.companyName },
    ...purchaseFigures(p),
    requestedBy: r.userEmail ? { name: r.userName ?? "", email: r.userEmail } : null,
    invoice: r.invoiceId && r.invoiceNumber ? { id: r.invoiceId, number: r.invoiceNumber } : null,
    createdAt: p.createdAt.toISOString(),
    paidAt: iso(p.paidAt),
    cancelledAt: iso(p.cancelledAt),
    confirmedByOwnerId: p.confirmedByOwnerId,
  };
}

const PURCHASE_CSV: Array<CsvColumn<OwnerPurchaseItem>> = [
  { header: "購入ID", value: (r) => r.id },
  { header: "申込日時", value: (r) => at(r.createdAt) },
  { header: "企業ID", value: (r) => r.company.id },
  { header: "企業名", value: (r) => r.company.name },
  { header: "枚数", value: (r) => r.quantity },
  { header: "小計（税抜・円）", value: (r) => r.subtotalYen },
  { header: "消費税（円）", value: (r) => r.taxYen },
  { header: "合計（税込・円）", value: (r) => r.totalYen },
  { header: "状態", value: (r) => PURCHASE_STATUS[r.status] },
  { header: "運営付与", value: (r) => r.isGrant },
  { header: "請求書番号", value: (r) => r.invoice?.number },
  { header: "申込者", value: (r) => r.requestedBy?.name },
  { header: "申込者メールアドレス", value: (r) => r.requestedBy?.email },
  { header: "入金確認日時", value: (r) => at(r.paidAt) },
  { header: "取消日時", value: (r) => at(r.cancelledAt) },
];

export async function listPurchases(db: Db, q: PurchasesQuery): Promise<Listing<OwnerPurchaseItem>> {
  const { rows, total } = await repo.listPurchases(db, q, pageOf(q));
  return listing(q, rows.map(purchaseItem), total, { name: "ticket-purchases", columns: PURCHASE_CSV });
}

export async function getPurchase(db: Db, id: string): Promise<OwnerPurchaseItem> {
  const { rows } = await repo.listPurchases(db, { id }, { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound(PURCHASE_NOT_FOUND);
  return purchaseItem(rows[0]);
}

/** The purchase row with the company's balance at that moment, for the audit. */
async function purchaseSnapshot(tx: Tx, id: string) {
  const row = await repo.purchaseRow(tx, id, true);
  if (!row) throw notFound(PURCHASE_NOT_FOUND);
  return { ...row, ticketBalance: await billingRepo.ticketBalance(tx, row.companyId) };
}

async function changePurchase(
  db: Db,
  ctx: OwnerContext,
  id: string,
  event: "CONFIRM" | "CANCEL",
  change: (tx: Tx) => Promise<unknown>,
): Promise<OwnerPurchaseItem> {
  const action = event === "CONFIRM" ? "ticket_purchase.confirm" : "ticket_purchase.cancel";
  const target = { type: "ticket_purchase", id, read: (tx: Tx) => purchaseSnapshot(tx, id) };
  await audited(db, ctx, action, target, async (tx, before) => {
    if (!purchaseTransition(before.status, event).ok) {
      throw conflict(
        `${PURCHASE_STATUS[before.status]}の購入は変更できません。入金待ちの購入のみ操作できます。`,
      );
    }
    await change(tx);
  });
  return getPurchase(db, id);
}

/** Payment received: the purchase is paid and the supplier's balance rises. */
export function confirmPurchase(db: Db, ctx: OwnerContext, id: string) {
  return changePurchase(db, ctx, id, "CONFIRM", (tx) => confirmTicketPurchase(tx, ctx.ownerId, id));
}

export function cancelPurchase(db: Db, ctx: OwnerContext, id: string) {
  return changePurchase(db, ctx, id, "CANCEL", (tx) => cancelTicketPurchase(tx, ctx.ownerId, id));
}

/** Tickets credited free of charge (compensation, campaigns); the note stays in the audit log. */
export async function grantTickets(
  db: Db,
  ctx: OwnerContext,
  input: { companyId: string; quantity: number; note?: string },
): Promise<OwnerPurchaseItem> {
  const company = await supplierOf(db, input.companyId);
  if (company.status !== "ACTIVE") throw conflict("退会済みの企業にはチケットを付与できません。");
  const id = await db.transaction(async (tx) => {
    await billingRepo.lockCompany(tx, input.companyId);
    const balanceBefore = await billingRepo.ticketBalance(tx, input.companyId);
    const row = await grantTicketsToCompany(tx, ctx.ownerId, input.companyId, input.quantity);
    await recordAudit(tx, ctx, {
      action: "ticket_purchase.grant",
      targetType: "ticket_purchase",
      targetId: row.id,
      before: { companyId: input.companyId, ticketBalance: balanceBefore },
      after: {
        ...row,
        ticketBalance: await billingRepo.ticketBalance(tx, input.companyId),
        note: input.note ?? null,
      },
    });
    return row.id;
  });
  return getPurchase(db, id);
}

// ---------------------------------------------------------------- usages

function usageItem(r: repo.UsageListRow): OwnerUsageItem {
  const u = r.usage;
  return {
    id: u.id,
    company: { id: u.companyId, name: r.companyName },
    inquiry: { id: u.inquiryId, title: r.inquiryTitle, type: r.inquiryType },
    usedBy: r.userEmail ? { name: r.userName ?? "", email: r.userEmail } : null,
    createdAt: u.createdAt.toISOString(),
    refundedAt: iso(u.refundedAt),
    refundedByOwnerId: u.refundedByOwnerId,
  };
}

const USAGE_CSV: Array<CsvColumn<OwnerUsageItem>> = [
  { header: "使用ID", value: (r) => r.id },
  { header: "使用日時", value: (r) => at(r.createdAt) },
  { header: "企業ID", value: (r) => r.company.id },
  { header: "企業名", value: (r) => r.company.name },
  { header: "案件ID", value: (r) => r.inquiry.id },
  { header: "案件名", value: (r) => r.inquiry.title },
  { header: "使用者", value: (r) => r.usedBy?.name },
  { header: "使用者メールアドレス", value: (r) => r.usedBy?.email },
  { header: "返却日時", value: (r) => at(r.refundedAt) },
];

export async function listUsages(db: Db, q: UsagesQuery): Promise<Listing<OwnerUsageItem>> {
  const { rows, total } = await repo.listUsages(db, { ...q, inquiryId: q.contactId }, pageOf(q));
  return listing(q, rows.map(usageItem), total, { name: "ticket-usages", columns: USAGE_CSV });
}

/** A refund marks the usage (never deletes it); the ledger gives the ticket back. */
export async function refundUsage(db: Db, ctx: OwnerContext, id: string): Promise<OwnerUsageItem> {
  const read = async (tx: Tx) => {
    const row = await repo.usageRow(tx, id, true);
    if (!row) throw notFound(USAGE_NOT_FOUND);
    return { ...row, ticketBalance: await billingRepo.ticketBalance(tx, row.companyId) };
  };
  await audited(db, ctx, "ticket_usage.refund", { type: "ticket_usage", id, read }, async (tx, before) => {
    if (before.refundedAt) throw conflict("このチケットはすでに返却済みです。");
    await refundTicketUsage(tx, ctx.ownerId, id);
  });
  const { rows } = await repo.listUsages(db, { id }, { limit: 1, offset: 0 });
  return usageItem(rows[0]!);
}

// ---------------------------------------------------------------- plan contracts

function planItem(r: repo.PlanListRow): OwnerPlanItem {
  const p = r.plan;
  return {
    id: p.id,
    company: { id: p.companyId, name: r.companyName },
    status: p.status,
    monthlyFeeYen: p.monthlyFeeYen,
    appliedBy: r.userEmail ? { name: r.userName ?? "", email: r.userEmail } : null,
    appliedAt: p.appliedAt.toISOString(),
    startsOn: p.startsOn,
    endsOn: p.endsOn,
    cancelRequestedAt: iso(p.cancelRequestedAt),
    activatedByOwnerId: p.activatedByOwnerId,
    note: p.note,
  };
}

const PLAN_CSV: Array<CsvColumn<OwnerPlanItem>> = [
  { header: "契約ID", value: (r) => r.id },
  { header: "申込日時", value: (r) => at(r.appliedAt) },
  { header: "企業ID", value: (r) => r.company.id },
  { header: "企業名", value: (r) => r.company.name },
  { header: "状態", value: (r) => PLAN_STATUS[r.status] },
  { header: "月額（税抜・円）", value: (r) => r.monthlyFeeYen },
  { header: "申込者", value: (r) => r.appliedBy?.name },
  { header: "申込者メールアドレス", value: (r) => r.appliedBy?.email },
];

/** Plan applications waiting for the operator, oldest first. */
export async function listWaitingPlans(db: Db, q: ListQuery): Promise<Listing<OwnerPlanItem>> {
  const { rows, total } = await repo.listPlans(
    db,
    { statuses: planStatesAllowing("ACTIVATE"), oldestFirst: true },
    pageOf(q),
  );
  return listing(q, rows.map(planItem), total, { name: "plan-applications", columns: PLAN_CSV });
}

const PLAN_ACTIONS = {
  ACTIVATE: "plan.activate",
  REJECT: "plan.reject",
  END: "plan.end",
} as const;

/** Activates the waiting application (→ OEM_PAID), rejects it, or ends the plan at once (→ OEM_FREE). */
export async function changePlan(db: Db, ctx: OwnerContext, companyId: string, input: PlanActionInput) {
  await supplierOf(db, companyId);
  const event = input.action;
  const contractId = await db.transaction(async (tx) => {
    // The company first, as the billing services lock it: no deadlock with a supplier's own change.
    await billingRepo.lockCompany(tx, companyId);
    const contract = await repo.planOf(tx, companyId, planStatesAllowing(event), true);
    if (!contract) throw conflict(planRefusal(event));
    const before = { contract, paymentStatus: await billingRepo.paymentStatusOf(tx, companyId) };
    if (input.action === "ACTIVATE") await activatePlan(tx, ctx.ownerId, companyId, input.startsOn);
    else if (input.action === "END") await endPlan(tx, ctx.ownerId, companyId);
    else await rejectPlanApplication(tx, ctx.ownerId, companyId, input.note);
    const after = {
      contract: await repo.planRow(tx, contract.id),
      paymentStatus: await billingRepo.paymentStatusOf(tx, companyId),
    };
    await recordAudit(tx, ctx, {
      action: PLAN_ACTIONS[event],
      targetType: "plan_contract",
      targetId: contract.id,
      before,
      after,
    });
    return contract.id;
  });
  const { rows } = await repo.listPlans(db, { id: contractId }, { limit: 1, offset: 0 });
  return {
    companyId,
    paymentStatus: (await billingRepo.paymentStatusOf(db, companyId)) ?? "OEM_FREE",
    contract: rows[0] ? planItem(rows[0]) : null,
  };
}

// ---------------------------------------------------------------- a supplier's billing (oem-detail)

export async function getSupplierBilling(db: Db, companyId: string) {
  const c = await supplierOf(db, companyId);
  const recent = { limit: DETAIL_LIMIT, offset: 0 };
  const [balance, purchases, usages, plans, invoices] = await Promise.all([
    billingRepo.ticketBalance(db, companyId),
    repo.listPurchases(db, { companyId }, recent),
    repo.listUsages(db, { companyId }, recent),
    repo.listPlans(db, { companyId }, recent),
    repo.invoicesOf(db, companyId, DETAIL_LIMIT),
  ]);
  return {
    company: { id: c.id, name: c.name, status: c.status, paymentStatus: c.paymentStatus ?? "OEM_FREE" },
    ticketBalance: balance,
    purchases: purchases.rows.map(purchaseItem),
    usages: usages.rows.map(usageItem),
    planContracts: plans.rows.map(planItem),
    invoices: invoices.map((i) => ({
      id: i.id,
      number: i.number,
      ticketPurchaseId: i.ticketPurchaseId,
      planContractId: i.planContractId,
      ...invoiceFigures(i),
    })),
  };
}
