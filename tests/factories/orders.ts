import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
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

/** An issued order's detail (fails loudly when the form does not issue). */
export async function issued(buyer: Account, threadId: string, overrides: Record<string, unknown> = {}) {
  const res = await issue(buyer, threadId, orderBody(overrides));
  if (res.status !== 201) throw new Error(`issue failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The supplier's answer to an order. */
export const answer = (supplier: Account, orderId: string, body: Record<string, unknown>) =>
  api("POST", orders(supplier, `/orders/${orderId}/answer`), { token: supplier.token, body });

/** An order issued and accepted by the supplier (the state changes and consultations start from). */
export async function acceptedOrder(
  buyer: Account,
  supplier: Account,
  overrides: Record<string, unknown> = {},
) {
  const { threadId } = await quotedThread(buyer, supplier);
  const order = await issued(buyer, threadId, overrides);
  const res = await answer(supplier, order.id, { answer: "ACCEPT" });
  if (res.status !== 200) throw new Error(`accept failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A file download's status and bytes (the JSON helper would decode them as text). */
export async function download(a: Account, url: string) {
  const { createApp } = await import("@/api/app");
  const res = await createApp().request(url, { headers: { authorization: `Bearer ${a.token}` } });
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

/** A PDF's text as pdftotext lays it out. */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), "order-pdf-"));
  const file = path.join(dir, "o.pdf");
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-layout", file, "-"]).toString();
}
