import { eq } from "drizzle-orm";
import { addDays, todayInJapan } from "@/lib/japan-time";
import { db } from "@/server/db/client";
import { companies } from "@/server/db/schema";
import type { Account } from "./accounts";
import { quote } from "./deal-quotes";
import { openDealThread } from "./deals";
import { api, idem } from "./http";

// Orders (issue 35) for the API tests: a quoted thread between two companies of known size, and
// an order form's body that issues cleanly (3,000 in two deliveries, 月末締め翌月末払い, 銀行振込).

export const orders = (a: Account, path = "") => `/api/orders/company/${a.companyId}${path}`;

/** The companies' size facts, as their settings would hold them. */
export async function setSize(a: Account, capitalYen: number | null, employeeCount: number | null) {
  await db().update(companies).set({ capitalYen, employeeCount }).where(eq(companies.id, a.companyId));
}

/** A nomination thread with a quote (tiers 1,000 → ¥520, 3,000 → ¥480; MOQ 1,000). */
export async function quotedThread(
  buyer: Account,
  supplier: Account,
  quoteOverrides: Record<string, unknown> = {},
) {
  const { inquiryId, threadId } = await openDealThread(buyer, supplier);
  const res = await quote(supplier, threadId, quoteOverrides);
  if (res.status !== 201) throw new Error(`quote failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { inquiryId, threadId, version: res.body.version as number };
}

export function orderBody(overrides: Record<string, unknown> = {}) {
  const today = todayInJapan();
  return {
    quoteVersion: 1,
    quantity: 3000,
    includeTooling: true,
    includeSample: false,
    deliveries: [
      { date: addDays(today, 30), quantity: 1500 },
      { date: addDays(today, 60), quantity: 1500 },
    ],
    place: { address: "東京都江東区有明3-1-1 第二倉庫", contact: "物流課 田中 03-1234-5678" },
    inspection: { required: true, daysAfterReceipt: 10 },
    payment: {
      terms: { kind: "CLOSING", closingDay: 31, monthsLater: 1, payDay: 31 },
      method: "BANK_TRANSFER",
    },
    ...overrides,
  };
}

export const issue = (buyer: Account, threadId: string, body: Record<string, unknown>, key?: string) =>
  api("POST", orders(buyer, `/threads/${threadId}/orders`), { token: buyer.token, body, headers: idem(key) });
