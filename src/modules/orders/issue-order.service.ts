import { createHash } from "node:crypto";
import { todayInJapan } from "@/lib/japan-time";
import { fillSizeFacts } from "@/modules/companies/company.service";
import { lockOrderBasis, orderableThread } from "@/modules/deals/order-basis.service";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db, DbOrTx } from "@/server/db/client";
import { orderIssuedMail } from "@/server/email/order-templates";
import { invalid } from "@/server/http/errors";
import { runIdempotent } from "@/server/http/idempotency";
import * as repo from "./order.repository";
import type { OrderInput } from "./order.schema";
import { buildOrderTerms } from "./order-build";
import { mailCompany } from "./order-mail";
import { partiesOf, pdfOf } from "./order-parties.service";
import { renderOrderPdf } from "./order-pdf";
import type { OrderTerms } from "./order-terms";

// 発注: the order form's terms checked against the quote and the act, then the order, its first
// version with its PDF, the record's first events and the supplier's email, in one transaction.
// On a thread still waiting for a decision this is the award too (the award is the order form).

export const ORDER_INVALID = "発注内容に誤りがあります。各項目をご確認ください。";

/** The order number: the thread's purchase order number for its first order, then -2, -3… (再発注). */
async function orderNumber(tx: DbOrTx, poNumber: string, threadId: string): Promise<string> {
  const before = await repo.ordersOfThread(tx, threadId);
  for (let n = before; ; n++) {
    const candidate = n === 0 ? poNumber : `${poNumber}-${n + 1}`;
    if (!(await repo.numberTaken(tx, candidate))) return candidate;
  }
}

export async function pdfDigest(pdf: Buffer): Promise<string> {
  return createHash("sha256").update(pdf).digest("hex");
}

/** The issue under an Idempotency-Key: a retry answers the first order, another body 422. */
export function issueOrderOnce(
  scope: CompanyScope,
  db: Db,
  threadId: string,
  input: OrderInput,
  key: string,
) {
  return runIdempotent(db, { scope: `order:${scope.userId}`, key, request: { threadId, input } }, (tx) =>
    issueOrder(scope, tx, threadId, input),
  );
}

/** POST /api/orders/company/{companyId}/threads/{threadId}/orders: issue an order (ADMIN). */
export async function issueOrder(
  scope: CompanyScope,
  db: Db,
  threadId: string,
  input: OrderInput,
): Promise<{ orderId: string }> {
  await orderableThread(scope, db, threadId);
  const opts = { sourceOrderId: input.reorderOf };
  if (input.reorderOf) {
    const past = await repo.findOrderOfCompany(scope, db, "BUYER", input.reorderOf);
    if (past?.threadId !== threadId)
      throw invalid({ reorderOf: "再発注元の発注が見つかりません。" }, ORDER_INVALID);
  }
  return db.transaction(async (tx) => {
    const basis = await lockOrderBasis(tx, scope, threadId, input.quoteVersion);
    const { thread, quote } = basis;
    const parties = await partiesOf(tx, {
      buyerCompanyId: thread.buyerCompanyId,
      supplierCompanyId: thread.supplierCompanyId,
      issuerUserId: scope.userId,
    });
    const now = new Date();
    const today = todayInJapan(now);
    const built = buildOrderTerms(input, {
      today,
      quote: {
        version: quote.version,
        tiers: quote.tiers,
        moq: quote.moq,
        toolingCostYen: quote.toolingCostYen,
        sampleCostYen: quote.sampleCostYen,
      },
      inquiry: basis.inquiry,
      buyer: parties.buyer,
      supplier: parties.supplier,
      buyerFacts: parties.buyerFacts,
      supplierFacts: parties.supplierFacts,
    });
    if (!built.ok) throw invalid(built.fields, ORDER_INVALID);
    if (input.facts?.buyer) await fillSizeFacts(scope, tx, input.facts.buyer);
    const terms: OrderTerms = built.terms;
    const number = await orderNumber(tx, basis.poNumber, thread.id);
    const pdf = await renderOrderPdf(
      pdfOf(terms, {
        kind: "ORDER",
        number,
        version: 1,
        replacesVersion: null,
        issuedOn: today,
        reason: null,
      }),
    );
    const order = await repo.insertOrder(tx, {
      number,
      threadId: thread.id,
      inquiryId: thread.inquiryId,
      buyerCompanyId: thread.buyerCompanyId,
      supplierCompanyId: thread.supplierCompanyId,
      sourceOrderId: opts.sourceOrderId ?? null,
      title: terms.title,
      totalYen: terms.totalYen,
      toriteki: terms.law.toriteki ? "APPLIES" : "NOT_APPLICABLE",
      openTerms: terms.openTerms.length,
      issuedAt: now,
      issuedByUserId: scope.userId,
    });
    await repo.insertVersion(tx, {
      orderId: order.id,
      version: 1,
      kind: "ORIGINAL",
      terms,
      pdf,
      pdfSha256: await pdfDigest(pdf),
      createdByUserId: scope.userId,
      createdAt: now,
    });
    await repo.appendEvent(tx, {
      orderId: order.id,
      at: now,
      kind: "ISSUED",
      side: "BUYER",
      actorUserId: scope.userId,
      version: 1,
      data: {
        quantity: terms.quantity,
        unit: terms.unit,
        unitPriceYen: terms.tier.unitPriceYen,
        totalYen: terms.totalYen,
        deliveries: terms.deliveries.map((d) => ({
          date: d.date,
          quantity: d.quantity,
          paymentDue: d.paymentDue,
        })),
        place: terms.place?.address ?? null,
        paymentMethod: terms.payment.method,
        toriteki: terms.law.toriteki,
        reorderOf: opts.sourceOrderId ?? null,
        openTerms: terms.openTerms.map((t) => t.field),
      },
      reason: terms.law.overrideReason,
    });
    // Sent electronically: the outbox mails the supplier after commit; the record says when.
    const mail = orderIssuedMail({
      orderId: order.id,
      number,
      title: terms.title,
      buyerName: terms.buyer.name,
      totalYen: terms.totalYen,
      firstDelivery: terms.deliveries[0]!.date,
      reorder: Boolean(opts.sourceOrderId),
    });
    await mailCompany(tx, thread.supplierCompanyId, mail);
    await repo.appendEvent(tx, {
      orderId: order.id,
      at: now,
      kind: "SENT",
      side: "SYSTEM",
      version: 1,
      data: { channel: "platform+email" },
    });
    return { orderId: order.id };
  });
}
