import { orderDraftBasis } from "@/modules/deals/order-basis.service";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db } from "@/server/db/client";
import { lawOf } from "./law.policy";
import * as repo from "./order.repository";
import { partiesOf } from "./order-parties.service";
import { orderOf } from "./order-read.service";
import type { OrderDraft } from "./order-view.schema";

// The order form's starting point: the quote it orders (tiers, MOQ, costs, validity), the buyer's
// address as the default 納入場所, the act's verdict as far as the companies' figures go, and for
// 「同じ条件で再発注」 the terms of a past order of the same thread to prefill from.

/** GET …/threads/{threadId}/order-draft[?from={orderId}] (buyer ADMIN). */
export async function orderDraft(
  scope: CompanyScope,
  db: Db,
  threadId: string,
  fromOrderId?: string,
): Promise<OrderDraft> {
  const basis = await orderDraftBasis(scope, db, threadId);
  const parties = await partiesOf(db, {
    buyerCompanyId: basis.thread.buyerCompanyId,
    supplierCompanyId: basis.thread.supplierCompanyId,
    issuerUserId: scope.userId,
  });
  let from: OrderDraft["from"] = null;
  if (fromOrderId) {
    const past = await orderOf(scope, db, fromOrderId);
    if (past.threadId === basis.thread.id) {
      const current = (await repo.versionsOf(db, past.id)).find((v) => v.version === past.currentVersion);
      if (current) from = { orderId: past.id, number: past.number, terms: current.terms };
    }
  }
  const verdict = lawOf(parties.buyerFacts, parties.supplierFacts);
  return {
    threadId: basis.thread.id,
    quoteVersion: basis.quote.version,
    quoteValidUntil: basis.quote.validUntil,
    quoteExpired: basis.expired,
    unit: basis.inquiry.unit,
    title: basis.inquiry.title,
    tiers: basis.quote.tiers,
    moq: basis.quote.moq,
    toolingCostYen: basis.quote.toolingCostYen,
    sampleCostYen: basis.quote.sampleCostYen,
    supplierName: parties.supplier.name,
    buyerAddress: parties.buyerAddress,
    law: {
      buyer: parties.buyerFacts,
      supplier: parties.supplierFacts,
      toriteki: verdict.toriteki,
      summary: verdict.summary,
      missing: verdict.missing,
    },
    from,
  };
}
