import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db, DbOrTx } from "@/server/db/client";
import { enqueueEmail } from "@/server/email/outbox";
import { ticketsCreditedMail } from "@/server/email/templates";
import { AppError } from "@/server/http/errors";
import { contractDto, purchaseDto } from "./billing.dto";
import {
  type PurchaseEvent,
  purchaseMove,
  purchaseRefusal,
  purchaseStatesAllowing,
  purchaseTransition,
} from "./billing.policy";
import { PLAN_MONTHLY_FEE_YEN, priced, TAX_RATE, TICKET_PRODUCTS, ticketProduct } from "./billing.products";
import * as repo from "./billing.repository";
import { issueInvoice } from "./invoice.service";

// Ticket purchases (PRODUCT.md): a supplier buys by invoice and waits for the operator to confirm
// the payment; the operator can also credit tickets free of charge. Every status written here comes
// from the purchase table of billing.policy.ts. Operator functions take the caller's transaction so
// the console writes its audit row in the same one.

const conflict = (message: string) => new AppError("CONFLICT", message);

/** The status an event leads to from "NEW" (creation), or the 409. */
function created(event: PurchaseEvent) {
  const t = purchaseTransition("NEW", event);
  if (!t.ok) throw conflict(t.message);
  return t.to;
}

/** The ticket balance of a company (the ledger), for the session, the dashboard and the console. */
export function ticketBalance(db: DbOrTx, companyId: string): Promise<number> {
  return repo.ticketBalance(db, companyId);
}

/** Balances of several companies in one query. */
export function ticketBalances(db: DbOrTx, companyIds: string[]): Promise<Map<string, number>> {
  return repo.ticketBalances(db, companyIds);
}

export async function ticketsOverview(scope: CompanyScope, db: Db) {
  const { companyId } = scope;
  const [balance, pending, contract, paymentStatus] = await Promise.all([
    repo.ticketBalance(db, companyId),
    repo.pendingPurchases(scope, db, purchaseStatesAllowing("CONFIRM")),
    repo.currentContract(db, companyId),
    repo.paymentStatusOf(db, companyId),
  ]);
  const invoiceIds = await repo.invoiceIdsOfPurchases(
    db,
    pending.map((p) => p.id),
  );
  return {
    companyId,
    balance,
    paymentStatus: paymentStatus ?? "OEM_FREE",
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
  scope: CompanyScope,
  db: Db,
  input: { quantity: number },
  idempotencyKey?: string,
) {
  const product = ticketProduct(input.quantity);
  if (!product) throw new AppError("VALIDATION_FAILED", "購入枚数は1枚・5枚・10枚から選択してください。");
  if (idempotencyKey) {
    const existing = await repo.findPurchaseByKey(scope, db, idempotencyKey);
    if (existing) return { created: false, purchase: await withInvoice(db, existing) };
  }
  const purchase = await db.transaction(async (tx) => {
    const row = await repo.insertPurchase(tx, {
      companyId: scope.companyId,
      requestedByUserId: scope.userId,
      quantity: product.quantity,
      ...priced(product.subtotalYen),
      status: created("BUY"),
      idempotencyKey: idempotencyKey ?? null,
    });
    if (!row) return undefined; // a concurrent retry with the same key won
    await issueInvoice(tx, {
      companyId: scope.companyId,
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
      purchase: await withInvoice(db, (await repo.findPurchaseByKey(scope, db, idempotencyKey!))!),
    };
  return { created: true, purchase: await withInvoice(db, purchase) };
}

async function withInvoice(db: DbOrTx, p: repo.PurchaseRow) {
  return purchaseDto(p, (await repo.invoiceIdsOfPurchases(db, [p.id])).get(p.id) ?? null);
}

/** Moves a purchase by the table: only from the states the event allows, else the event's 409. */
async function movePurchase(
  tx: DbOrTx,
  purchaseId: string,
  event: "CONFIRM" | "CANCEL",
  values: Partial<Omit<repo.PurchaseRow, "status">>,
) {
  const { from, to } = purchaseMove(event);
  const row = await repo.movePurchase(tx, purchaseId, from, { ...values, status: to });
  if (!row) throw conflict(purchaseRefusal(event));
  return row;
}

// ---------------------------------------------------------------- operator side (pass a transaction)

export async function confirmTicketPurchase(tx: DbOrTx, ownerId: string, purchaseId: string) {
  const row = await movePurchase(tx, purchaseId, "CONFIRM", {
    paidAt: new Date(),
    confirmedByOwnerId: ownerId,
  });
  for (const m of await repo.billingRecipients(tx, row.companyId)) {
    await enqueueEmail(
      tx,
      m.email,
      ticketsCreditedMail({ quantity: row.quantity, balance: await repo.ticketBalance(tx, row.companyId) }),
    );
  }
  return row;
}

export async function cancelTicketPurchase(tx: DbOrTx, _ownerId: string, purchaseId: string) {
  return movePurchase(tx, purchaseId, "CANCEL", { cancelledAt: new Date() });
}

/** Tickets credited free of charge by the operator (compensation, campaigns). */
export async function grantTickets(tx: DbOrTx, ownerId: string, companyId: string, quantity: number) {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 100) {
    throw new AppError("VALIDATION_FAILED", "付与枚数は1〜100枚で指定してください。", {
      quantity: "付与枚数は1〜100枚で指定してください",
    });
  }
  const row = await repo.insertPurchase(tx, {
    companyId,
    quantity,
    subtotalYen: 0,
    taxYen: 0,
    totalYen: 0,
    status: created("GRANT"),
    isGrant: true,
    paidAt: new Date(),
    confirmedByOwnerId: ownerId,
  });
  return row!;
}
