import * as L from "@/lib/owner/console-labels";
import { lockCompany, ticketBalance } from "@/modules/billing/billing.repository";
import {
  activatePlan,
  cancelTicketPurchase,
  confirmTicketPurchase,
  endPlan,
  grantTickets as grantTicketsToCompany,
  refundTicketUsage,
  rejectPlanApplication,
} from "@/modules/billing/billing.service";
import type { Db, Tx } from "@/server/db/client";
import { AppError, notFound } from "@/server/http/errors";
import { type OwnerContext, recordAudit } from "./audit";
import type { CsvColumn } from "./csv";
import { iso, type Listing, listing, pageOf } from "./listing";
import * as repo from "./owner.repository";
import type {
  ListQuery,
  OwnerPlanItem,
  OwnerPurchaseItem,
  OwnerUsageItem,
  PlanActionInput,
  PurchasesQuery,
  UsagesQuery,
} from "./owner.schema";
import { companyOfType } from "./owner.service";

// Tickets and plan contracts from the operator's side. The billing services do the change
// inside our transaction, so the change and its audit row commit together.

const PURCHASE_NOT_FOUND = "チケット購入が見つかりませんでした。";
const USAGE_NOT_FOUND = "チケット使用履歴が見つかりませんでした。";
const DETAIL_LIMIT = 100;
const at = (s: string | null) => (s ? new Date(s) : null);
const conflict = (message: string) => new AppError("CONFLICT", message);

// ---------------------------------------------------------------- purchases

function purchaseItem(r: repo.PurchaseListRow): OwnerPurchaseItem {
  const p = r.purchase;
  return {
    id: p.id,
    company: { id: p.companyId, name: r.companyName },
    quantity: p.quantity,
    subtotalYen: p.subtotalYen,
    taxYen: p.taxYen,
    totalYen: p.totalYen,
    status: p.status,
    isGrant: p.isGrant,
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
  { header: "状態", value: (r) => L.PURCHASE_STATUS[r.status] },
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
async function purchaseSnapshot(tx: Tx, id: string, lock = false) {
  const row = await repo.purchaseRow(tx, id, lock);
  return row ? { ...row, ticketBalance: await ticketBalance(tx, row.companyId) } : undefined;
}

async function changePurchase(
  db: Db,
  ctx: OwnerContext,
  id: string,
  action: string,
  change: (tx: Tx) => Promise<unknown>,
): Promise<OwnerPurchaseItem> {
  await db.transaction(async (tx) => {
    const before = await purchaseSnapshot(tx, id, true);
    if (!before) throw notFound(PURCHASE_NOT_FOUND);
    if (before.status !== "PENDING") {
      throw conflict(
        `${L.PURCHASE_STATUS[before.status]}の購入は変更できません。入金待ちの購入のみ操作できます。`,
      );
    }
    await change(tx);
    const after = await purchaseSnapshot(tx, id);
    await recordAudit(tx, ctx, { action, targetType: "ticket_purchase", targetId: id, before, after });
  });
  return getPurchase(db, id);
}

/** Payment received: the purchase is paid and the supplier's balance rises. */
export function confirmPurchase(db: Db, ctx: OwnerContext, id: string) {
  return changePurchase(db, ctx, id, "ticket_purchase.confirm", (tx) =>
    confirmTicketPurchase(tx, ctx.ownerId, id),
  );
}

export function cancelPurchase(db: Db, ctx: OwnerContext, id: string) {
  return changePurchase(db, ctx, id, "ticket_purchase.cancel", (tx) =>
    cancelTicketPurchase(tx, ctx.ownerId, id),
  );
}

/** Tickets credited free of charge (compensation, campaigns); the note stays in the audit log. */
export async function grantTickets(
  db: Db,
  ctx: OwnerContext,
  input: { companyId: string; quantity: number; note?: string },
): Promise<OwnerPurchaseItem> {
  const found = await companyOfType(db, input.companyId, "SUPPLIER");
  if (found.company.status !== "ACTIVE") throw conflict("退会済みの企業にはチケットを付与できません。");
  const id = await db.transaction(async (tx) => {
    await lockCompany(tx, input.companyId);
    const balanceBefore = await ticketBalance(tx, input.companyId);
    const row = await grantTicketsToCompany(tx, ctx.ownerId, input.companyId, input.quantity);
    await recordAudit(tx, ctx, {
      action: "ticket_purchase.grant",
      targetType: "ticket_purchase",
      targetId: row.id,
      before: { companyId: input.companyId, ticketBalance: balanceBefore },
      after: { ...row, ticketBalance: await ticketBalance(tx, input.companyId), note: input.note ?? null },
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
  await db.transaction(async (tx) => {
    const row = await repo.usageRow(tx, id, true);
    if (!row) throw notFound(USAGE_NOT_FOUND);
    if (row.refundedAt) throw conflict("このチケットはすでに返却済みです。");
    const before = { ...row, ticketBalance: await ticketBalance(tx, row.companyId) };
    const refunded = await refundTicketUsage(tx, ctx.ownerId, id);
    const after = { ...refunded, ticketBalance: await ticketBalance(tx, row.companyId) };
    await recordAudit(tx, ctx, {
      action: "ticket_usage.refund",
      targetType: "ticket_usage",
      targetId: id,
      before,
      after,
    });
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
  { header: "状態", value: (r) => L.PLAN_STATUS[r.status] },
  { header: "月額（税抜・円）", value: (r) => r.monthlyFeeYen },
  { header: "申込者", value: (r) => r.appliedBy?.name },
  { header: "申込者メールアドレス", value: (r) => r.appliedBy?.email },
];

/** Plan applications waiting for the operator, oldest first. */
export async function listWaitingPlans(db: Db, q: ListQuery): Promise<Listing<OwnerPlanItem>> {
  const { rows, total } = await repo.listPlans(db, { statuses: ["WAITING"], oldestFirst: true }, pageOf(q));
  return listing(q, rows.map(planItem), total, { name: "plan-applications", columns: PLAN_CSV });
}

const PLAN_MOVES = {
  ACTIVATE: { from: ["WAITING"], action: "plan.activate", none: "お申し込み中の無制限プランがありません。" },
  REJECT: { from: ["WAITING"], action: "plan.reject", none: "お申し込み中の無制限プランがありません。" },
  END: {
    from: ["ACTIVE", "CANCEL_SCHEDULED"],
    action: "plan.end",
    none: "契約中の無制限プランがありません。",
  },
} as const;

/** Activates the waiting application (→ OEM_PAID), rejects it, or ends the plan at once (→ OEM_FREE). */
export async function changePlan(db: Db, ctx: OwnerContext, companyId: string, input: PlanActionInput) {
  await companyOfType(db, companyId, "SUPPLIER");
  const move = PLAN_MOVES[input.action];
  const contractId = await db.transaction(async (tx) => {
    // The company first, as the billing services lock it: no deadlock with a supplier's own change.
    await lockCompany(tx, companyId);
    const contract = await repo.planOf(tx, companyId, [...move.from], true);
    if (!contract) throw conflict(move.none);
    const before = { contract, paymentStatus: await repo.paymentStatusOf(tx, companyId) };
    if (input.action === "ACTIVATE") await activatePlan(tx, ctx.ownerId, companyId, input.startsOn);
    else if (input.action === "END") await endPlan(tx, ctx.ownerId, companyId);
    else {
      await rejectPlanApplication(tx, ctx.ownerId, companyId);
      if (input.note) await repo.updatePlan(tx, contract.id, { note: input.note });
    }
    const after = {
      contract: await repo.planRow(tx, contract.id),
      paymentStatus: await repo.paymentStatusOf(tx, companyId),
    };
    await recordAudit(tx, ctx, {
      action: move.action,
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
    paymentStatus: (await repo.paymentStatusOf(db, companyId)) ?? "OEM_FREE",
    contract: rows[0] ? planItem(rows[0]) : null,
  };
}

// ---------------------------------------------------------------- a supplier's billing (oem-detail)

export async function getSupplierBilling(db: Db, companyId: string) {
  const found = await companyOfType(db, companyId, "SUPPLIER");
  const recent = { limit: DETAIL_LIMIT, offset: 0 };
  const [balance, purchases, usages, plans, invoices] = await Promise.all([
    ticketBalance(db, companyId),
    repo.listPurchases(db, { companyId }, recent),
    repo.listUsages(db, { companyId }, recent),
    repo.listPlans(db, { companyId }, recent),
    repo.invoicesOf(db, companyId, DETAIL_LIMIT),
  ]);
  const c = found.company;
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
      billingMonth: i.billingMonth,
      subtotalYen: i.subtotalYen,
      taxYen: i.taxYen,
      totalYen: i.totalYen,
      issuedAt: i.issuedAt.toISOString(),
      dueOn: i.dueOn,
    })),
  };
}
