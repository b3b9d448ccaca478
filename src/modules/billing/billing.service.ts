import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { CompanyUserActor as UserActor } from "@/lib/actor";
import { addDays, todayInJapan } from "@/lib/japan-time";
import { type Member, requireMembership } from "@/modules/companies/company-access";
import { requireVerifiedEmail } from "@/modules/identity/verified-email";
import { findInquiry, memberEmails } from "@/modules/inquiries/inquiry.repository";
import type { Db, DbOrTx } from "@/server/db/client";
import { invoices, planContracts, ticketPurchases, ticketUsages } from "@/server/db/schema";
import { enqueueEmail } from "@/server/email/outbox";
import { invoiceIssuedMail, planActivatedMail, ticketsCreditedMail } from "@/server/email/templates";
import { AppError, forbidden, notFound } from "@/server/http/errors";
import {
  PLAN_LABEL,
  PLAN_MONTHLY_FEE_YEN,
  priced,
  TAX_RATE,
  TICKET_PRODUCTS,
  ticketProduct,
} from "./billing.products";
import * as repo from "./billing.repository";
import { renderInvoicePdf } from "./invoice-pdf";

// Tickets and the unlimited plan (PRODUCT.md). Payment is by invoice: purchases and plan
// applications wait for the operator to confirm payment. Operator functions take the
// caller's transaction so the owner console can write its audit row in the same one.

type PurchaseRow = typeof ticketPurchases.$inferSelect;
type ContractRow = typeof planContracts.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function supplierCompany(db: DbOrTx, actor: UserActor, companyId: string | undefined) {
  const id = companyId ?? actor.activeCompanyId;
  if (!id) throw forbidden("OEMメーカーとして登録した企業でログインしてください。");
  return requireMembership(db, actor, id, { type: "SUPPLIER" });
}

function purchaseDto(p: PurchaseRow, invoiceId: string | null = null) {
  return {
    id: p.id,
    quantity: p.quantity,
    subtotalYen: p.subtotalYen,
    taxYen: p.taxYen,
    totalYen: p.totalYen,
    status: p.status,
    isGrant: p.isGrant,
    invoiceId,
    createdAt: p.createdAt.toISOString(),
    paidAt: iso(p.paidAt),
  };
}

function contractDto(c: ContractRow | undefined) {
  if (!c) return null;
  return {
    id: c.id,
    status: c.status,
    monthlyFeeYen: c.monthlyFeeYen,
    appliedAt: c.appliedAt.toISOString(),
    startsOn: c.startsOn,
    endsOn: c.endsOn,
  };
}

function lastDayOfMonth(isoDate: string): string {
  const [y, m] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(y!, m!, 0)).toISOString().slice(0, 10);
}

function invoiceNumber(now = new Date()): string {
  return `INV-${todayInJapan(now).replaceAll("-", "")}-${randomBytes(4).toString("hex").toUpperCase()}`;
}

async function issueInvoice(
  tx: DbOrTx,
  v: {
    companyId: string;
    ticketPurchaseId?: string;
    planContractId?: string;
    billingMonth?: string;
    lines: Array<{ label: string; quantity: number; unitPriceYen: number; amountYen: number }>;
  },
) {
  const subtotal = v.lines.reduce((s, l) => s + l.amountYen, 0);
  const amounts = priced(subtotal);
  const [row] = await tx
    .insert(invoices)
    .values({
      number: invoiceNumber(),
      companyId: v.companyId,
      ticketPurchaseId: v.ticketPurchaseId ?? null,
      planContractId: v.planContractId ?? null,
      billingMonth: v.billingMonth ?? null,
      lines: v.lines.map((l) => ({ ...l, taxRate: TAX_RATE })),
      ...amounts,
      dueOn: lastDayOfMonth(addDays(lastDayOfMonth(todayInJapan()), 1)),
    })
    .returning();
  for (const m of await memberEmails(tx, v.companyId)) {
    await enqueueEmail(
      tx,
      m.email,
      invoiceIssuedMail({
        number: row!.number,
        totalYen: row!.totalYen,
        dueOn: row!.dueOn!,
        billingMonth: row!.billingMonth,
      }),
    );
  }
  return row!;
}

// ------------------------------------------------------------------ supplier side

export async function ticketsOverview(db: Db, actor: UserActor, companyId?: string) {
  const m = await supplierCompany(db, actor, companyId);
  const [balance, pending, contract, paymentStatus] = await Promise.all([
    repo.ticketBalance(db, m.companyId),
    repo.pendingPurchases(db, m.companyId),
    repo.currentContract(db, m.companyId),
    db.query.companies.findFirst({
      where: (c, { eq: e }) => e(c.id, m.companyId),
      columns: { paymentStatus: true },
    }),
  ]);
  const invoiceIds = await repo.invoiceIdsOfPurchases(
    db,
    pending.map((p) => p.id),
  );
  return {
    companyId: m.companyId,
    balance,
    paymentStatus: paymentStatus?.paymentStatus ?? "OEM_FREE",
    products: TICKET_PRODUCTS.map((p) => ({
      quantity: p.quantity,
      label: p.label,
      ...priced(p.subtotalYen),
      unitPriceYen: p.subtotalYen / p.quantity,
    })),
    taxRate: TAX_RATE,
    pendingPurchases: pending.map((p) => purchaseDto(p, invoiceIds.get(p.id) ?? null)),
    plan: {
      monthlyFeeYen: PLAN_MONTHLY_FEE_YEN,
      ...pickTax(PLAN_MONTHLY_FEE_YEN),
      contract: contractDto(contract),
    },
  };
}

function pickTax(subtotal: number) {
  const { taxYen, totalYen } = priced(subtotal);
  return { taxYen, totalYen };
}

/** A ticket purchase waits for payment by invoice; the same Idempotency-Key answers the same purchase. */
export async function purchaseTickets(
  db: Db,
  actor: UserActor,
  input: { companyId?: string; quantity: number },
  idempotencyKey?: string,
) {
  const m = await supplierCompany(db, actor, input.companyId);
  const product = ticketProduct(input.quantity);
  if (!product) throw new AppError("VALIDATION_FAILED", "購入枚数は1枚・5枚・10枚から選択してください。");
  if (idempotencyKey) {
    const existing = await repo.findPurchaseByKey(db, m.companyId, idempotencyKey);
    if (existing) return { created: false, purchase: await withInvoice(db, existing) };
  }
  const purchase = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(ticketPurchases)
      .values({
        companyId: m.companyId,
        requestedByUserId: actor.userId,
        quantity: product.quantity,
        ...priced(product.subtotalYen),
        idempotencyKey: idempotencyKey ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return undefined; // a concurrent retry with the same key won
    await issueInvoice(tx, {
      companyId: m.companyId,
      ticketPurchaseId: row.id,
      lines: [
        {
          label: product.label,
          quantity: 1,
          unitPriceYen: product.subtotalYen,
          amountYen: product.subtotalYen,
        },
      ],
    });
    return row;
  });
  if (!purchase)
    return {
      created: false,
      purchase: await withInvoice(db, (await repo.findPurchaseByKey(db, m.companyId, idempotencyKey!))!),
    };
  return { created: true, purchase: await withInvoice(db, purchase) };
}

async function withInvoice(db: DbOrTx, p: PurchaseRow) {
  return purchaseDto(p, (await repo.invoiceIdsOfPurchases(db, [p.id])).get(p.id) ?? null);
}

/**
 * Spends one ticket to open a nomination's buyer details. Once per supplier and inquiry
 * (opening it again is free); never below zero, whatever the concurrency: the company row
 * is locked while the balance is read and the usage written.
 */
export async function useTicket(
  db: Db,
  actor: UserActor,
  input: { companyId?: string; contactId: string },
  idempotencyKey?: string,
) {
  const m = await supplierCompany(db, actor, input.companyId);
  await requireVerifiedEmail(
    db,
    actor.userId,
    "メールアドレスの確認が完了していないためチケットを使用できません。確認メールのリンクを開いてから、もう一度お試しください。",
  );
  const inquiry = await findInquiry(db, input.contactId);
  if (inquiry?.type !== "NOMINATION" || inquiry.nominatedCompanyId !== m.companyId) {
    throw notFound("案件が見つかりませんでした。");
  }
  return db.transaction(async (tx) => {
    await repo.lockCompany(tx, m.companyId);
    const existing = await repo.findLiveUsage(tx, m.companyId, inquiry.id);
    if (existing) {
      return {
        charged: false,
        usage: {
          id: existing.id,
          contactId: inquiry.id,
          createdAt: existing.createdAt.toISOString(),
          balance: await repo.ticketBalance(tx, m.companyId),
          charged: false,
        },
      };
    }
    const company = await tx.query.companies.findFirst({ where: (c, { eq: e }) => e(c.id, m.companyId) });
    if (company?.paymentStatus === "OEM_PAID") {
      throw new AppError("CONFLICT", "無制限プランをご契約中のため、チケットを使わずに回答できます。");
    }
    if (inquiry.status !== "OPEN")
      throw new AppError("CONFLICT", "受付が終了した案件にはチケットを使用できません。");
    const balance = await repo.ticketBalance(tx, m.companyId);
    if (balance < 1) {
      throw new AppError(
        "PAYMENT_REQUIRED",
        "チケットが不足しています。チケットを購入してから、もう一度お試しください。",
      );
    }
    const [usage] = await tx
      .insert(ticketUsages)
      .values({
        companyId: m.companyId,
        inquiryId: inquiry.id,
        usedByUserId: actor.userId,
        idempotencyKey: idempotencyKey ?? null,
      })
      .returning();
    return {
      charged: true,
      usage: {
        id: usage!.id,
        contactId: inquiry.id,
        createdAt: usage!.createdAt.toISOString(),
        balance: balance - 1,
        charged: true,
      },
    };
  });
}

export async function ticketUsageState(db: Db, actor: UserActor, companyId: string, contactId: string) {
  const m = await supplierCompany(db, actor, companyId);
  const usage = /^[0-9a-f-]{36}$/i.test(contactId)
    ? await repo.findLiveUsage(db, m.companyId, contactId)
    : undefined;
  return { used: Boolean(usage), usedAt: iso(usage?.createdAt ?? null) };
}

/** Applies for the unlimited plan (ADMIN); the operator activates it once paid. */
export async function applyForPlan(db: Db, actor: UserActor, companyId?: string) {
  const m = await supplierCompany(db, actor, companyId);
  if (m.role !== "ADMIN") throw forbidden("プランのお申し込みは管理者のみ行えます。");
  return db.transaction(async (tx) => {
    await repo.lockCompany(tx, m.companyId);
    const current = await repo.currentContract(tx, m.companyId);
    if (current?.status === "WAITING")
      throw new AppError("CONFLICT", "無制限プランはお申し込み済みです。運営事務局の確認をお待ちください。");
    if (current) throw new AppError("CONFLICT", "無制限プランをご契約中です。");
    const [row] = await tx
      .insert(planContracts)
      .values({ companyId: m.companyId, monthlyFeeYen: PLAN_MONTHLY_FEE_YEN, appliedByUserId: actor.userId })
      .returning();
    return contractDto(row)!;
  });
}

export async function planStateOf(db: Db, actor: UserActor, companyId: string) {
  const m = await supplierCompany(db, actor, companyId);
  const company = await db.query.companies.findFirst({ where: (c, { eq: e }) => e(c.id, m.companyId) });
  return {
    paymentStatus: company?.paymentStatus ?? "OEM_FREE",
    contract: contractDto(await repo.currentContract(db, m.companyId)),
  };
}

/** Cancels the plan (ADMIN): it stays in force until the end of the current month. */
export async function cancelPlan(db: Db, actor: UserActor, companyId?: string) {
  const m = await supplierCompany(db, actor, companyId);
  if (m.role !== "ADMIN") throw forbidden("プランの解約は管理者のみ行えます。");
  return db.transaction(async (tx) => {
    await repo.lockCompany(tx, m.companyId);
    const current = await repo.currentContract(tx, m.companyId);
    if (!current) throw new AppError("CONFLICT", "解約できる無制限プランの契約がありません。");
    const today = todayInJapan();
    if (current.status === "WAITING") {
      const [row] = await tx
        .update(planContracts)
        .set({ status: "ENDED", endsOn: today, cancelRequestedAt: new Date(), updatedAt: new Date() })
        .where(eq(planContracts.id, current.id))
        .returning();
      return contractDto(row)!;
    }
    if (current.status === "CANCEL_SCHEDULED") throw new AppError("CONFLICT", "解約手続きは完了しています。");
    const [row] = await tx
      .update(planContracts)
      .set({
        status: "CANCEL_SCHEDULED",
        cancelRequestedAt: new Date(),
        endsOn: lastDayOfMonth(today),
        updatedAt: new Date(),
      })
      .where(eq(planContracts.id, current.id))
      .returning();
    return contractDto(row)!;
  });
}

export async function monthlyRecord(
  db: Db,
  actor: UserActor,
  companyId: string,
  year: number,
  month: number,
) {
  const m = await supplierCompany(db, actor, companyId);
  const from = `${year}-${String(month).padStart(2, "0")}-01`;
  const to = addDays(lastDayOfMonth(from), 1);
  return { year, month, ...(await repo.monthlyCounts(db, m.companyId, from, to)) };
}

// ------------------------------------------------------------------ operator side (pass a transaction)

export async function confirmTicketPurchase(tx: DbOrTx, ownerId: string, purchaseId: string) {
  const [row] = await tx
    .update(ticketPurchases)
    .set({ status: "PAID", paidAt: new Date(), confirmedByOwnerId: ownerId, updatedAt: new Date() })
    .where(and(eq(ticketPurchases.id, purchaseId), eq(ticketPurchases.status, "PENDING")))
    .returning();
  if (!row) throw new AppError("CONFLICT", "入金待ちの購入ではありません。");
  for (const m of await memberEmails(tx, row.companyId)) {
    await enqueueEmail(
      tx,
      m.email,
      ticketsCreditedMail({ quantity: row.quantity, balance: await repo.ticketBalance(tx, row.companyId) }),
    );
  }
  return row;
}

export async function cancelTicketPurchase(tx: DbOrTx, _ownerId: string, purchaseId: string) {
  const [row] = await tx
    .update(ticketPurchases)
    .set({ status: "CANCELLED", cancelledAt: new Date(), updatedAt: new Date() })
    .where(and(eq(ticketPurchases.id, purchaseId), eq(ticketPurchases.status, "PENDING")))
    .returning();
  if (!row) throw new AppError("CONFLICT", "入金待ちの購入のみ取り消せます。");
  return row;
}

/** Tickets credited free of charge by the operator (compensation, campaigns). */
export async function grantTickets(tx: DbOrTx, ownerId: string, companyId: string, quantity: number) {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 100) {
    throw new AppError("VALIDATION_FAILED", "付与枚数は1〜100枚で指定してください。", {
      quantity: "付与枚数は1〜100枚で指定してください",
    });
  }
  const [row] = await tx
    .insert(ticketPurchases)
    .values({
      companyId,
      quantity,
      subtotalYen: 0,
      taxYen: 0,
      totalYen: 0,
      status: "PAID",
      isGrant: true,
      paidAt: new Date(),
      confirmedByOwnerId: ownerId,
    })
    .returning();
  return row!;
}

/** A refund marks the usage; the ledger gives the ticket back. */
export async function refundTicketUsage(tx: DbOrTx, ownerId: string, usageId: string) {
  const [row] = await tx
    .update(ticketUsages)
    .set({ refundedAt: new Date(), refundedByOwnerId: ownerId })
    .where(and(eq(ticketUsages.id, usageId), isNull(ticketUsages.refundedAt)))
    .returning();
  if (!row) throw notFound("返却できるチケット使用履歴が見つかりませんでした。");
  return row;
}

/** Activates the company's waiting application (payment confirmed): paid from startsOn. */
export async function activatePlan(
  tx: DbOrTx,
  ownerId: string,
  companyId: string,
  startsOn = todayInJapan(),
) {
  await repo.lockCompany(tx, companyId);
  const [row] = await tx
    .update(planContracts)
    .set({ status: "ACTIVE", startsOn, activatedByOwnerId: ownerId, updatedAt: new Date() })
    .where(and(eq(planContracts.companyId, companyId), eq(planContracts.status, "WAITING")))
    .returning();
  if (!row) throw new AppError("CONFLICT", "お申し込み中の無制限プランがありません。");
  await repo.syncPaymentStatus(tx, companyId, todayInJapan());
  await issueInvoice(tx, {
    companyId,
    planContractId: row.id,
    billingMonth: startsOn.slice(0, 7),
    lines: [
      {
        label: `${PLAN_LABEL} ${startsOn.slice(0, 7)}`,
        quantity: 1,
        unitPriceYen: row.monthlyFeeYen,
        amountYen: row.monthlyFeeYen,
      },
    ],
  });
  for (const m of await memberEmails(tx, companyId))
    await enqueueEmail(tx, m.email, planActivatedMail({ startsOn }));
  return row;
}

/** Ends the plan at once (operator correction): the company is free again today. */
export async function endPlan(tx: DbOrTx, _ownerId: string, companyId: string) {
  await repo.lockCompany(tx, companyId);
  const today = todayInJapan();
  const [row] = await tx
    .update(planContracts)
    .set({ status: "ENDED", endsOn: addDays(today, -1), updatedAt: new Date() })
    .where(
      and(
        eq(planContracts.companyId, companyId),
        inArray(planContracts.status, ["ACTIVE", "CANCEL_SCHEDULED"]),
      ),
    )
    .returning();
  if (!row) throw new AppError("CONFLICT", "契約中の無制限プランがありません。");
  await repo.syncPaymentStatus(tx, companyId, today);
  return row;
}

export async function rejectPlanApplication(tx: DbOrTx, _ownerId: string, companyId: string) {
  const [row] = await tx
    .update(planContracts)
    .set({ status: "REJECTED", updatedAt: new Date() })
    .where(and(eq(planContracts.companyId, companyId), eq(planContracts.status, "WAITING")))
    .returning();
  if (!row) throw new AppError("CONFLICT", "お申し込み中の無制限プランがありません。");
  return row;
}

/** Scheduled: plans cancelled for the end of a month that has passed end, and the company is free again. */
export async function endExpiredPlans(db: Db, now = new Date()): Promise<number> {
  const today = todayInJapan(now);
  const ending = await repo.endingContracts(db, today);
  for (const c of ending) {
    await db.transaction(async (tx) => {
      await tx
        .update(planContracts)
        .set({ status: "ENDED", updatedAt: new Date() })
        .where(eq(planContracts.id, c.id));
      await repo.syncPaymentStatus(tx, c.companyId, today);
    });
  }
  return ending.length;
}

// ------------------------------------------------------------------ invoices

type InvoiceRow = typeof invoices.$inferSelect;

function invoiceDto(i: InvoiceRow) {
  return {
    id: i.id,
    number: i.number,
    kind: (i.planContractId ? "PLAN" : "TICKETS") as "PLAN" | "TICKETS",
    billingMonth: i.billingMonth,
    subtotalYen: i.subtotalYen,
    taxYen: i.taxYen,
    totalYen: i.totalYen,
    issuedAt: i.issuedAt.toISOString(),
    dueOn: i.dueOn,
    pdfUrl: `/api/billing/invoice/${i.id}/pdf`,
  };
}

export async function listInvoices(
  db: Db,
  actor: UserActor,
  companyId: string,
  q: { page: number; perPage: number },
) {
  const m = await supplierCompany(db, actor, companyId);
  const { rows, total } = await repo.listInvoices(db, m.companyId, q.perPage, (q.page - 1) * q.perPage);
  return { items: rows.map(invoiceDto), page: q.page, perPage: q.perPage, total };
}

/** The invoice as PDF, for members of its company or the operator; anyone else gets 404. */
export async function invoicePdf(
  db: Db,
  viewer: Exclude<Member, string> | { ownerId: string },
  invoiceId: string,
) {
  const row = /^[0-9a-f-]{36}$/i.test(invoiceId)
    ? await repo.findInvoiceWithCompany(db, invoiceId)
    : undefined;
  if (!row) throw notFound("請求書が見つかりませんでした。");
  if ("userId" in viewer) await requireMembership(db, viewer, row.invoice.companyId, { type: "SUPPLIER" });
  const inv = row.invoice;
  const pdf = await renderInvoicePdf({
    number: inv.number,
    issuedOn: todayInJapan(inv.issuedAt),
    dueOn: inv.dueOn,
    companyName: row.companyName,
    lines: inv.lines as Parameters<typeof renderInvoicePdf>[0]["lines"],
    subtotalYen: inv.subtotalYen,
    taxYen: inv.taxYen,
    totalYen: inv.totalYen,
  });
  return { pdf, fileName: `${inv.number}.pdf` };
}
