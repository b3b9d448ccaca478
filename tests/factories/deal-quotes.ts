import { openThread } from "@/modules/deals/thread.repository";
import { db } from "@/server/db/client";
import type { Account } from "./accounts";
import { api } from "./http";

// Quotes in the deal room, for the API tests of quotes, decisions and the comparison table.

export const base = (a: Account) => `/api/deals/company/${a.companyId}`;

export function quoteBody(overrides: Record<string, unknown> = {}) {
  return {
    tiers: [
      { quantity: 1000, unitPriceYen: 520 },
      { quantity: 3000, unitPriceYen: 480 },
    ],
    sampleCostYen: 30000,
    sampleLeadDays: 14,
    toolingCostYen: 150000,
    moq: 1000,
    leadTimeDays: 45,
    paymentTerms: "月末締め翌月末払い",
    notes: "処方開発費は見積に含みます。",
    ...overrides,
  };
}

export const quote = (s: Account, threadId: string, overrides: Record<string, unknown> = {}) =>
  api("PUT", `${base(s)}/threads/${threadId}/quote`, { token: s.token, body: quoteBody(overrides) });

/** A thread of an existing inquiry for one more supplier (several suppliers on one inquiry). */
export async function addThread(buyer: Account, inquiryId: string, supplier: Account) {
  const { thread } = await openThread(db(), {
    inquiryId,
    buyerCompanyId: buyer.companyId,
    supplierCompanyId: supplier.companyId,
  });
  return thread.id;
}
