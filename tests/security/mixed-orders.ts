import { asc, eq, inArray } from "drizzle-orm";
import { addDays, todayInJapan } from "@/lib/japan-time";
import { db } from "@/server/db/client";
import { orderEvents, orders, orderVersions, priceConsultations } from "@/server/db/schema-orders";
import type { Account } from "../factories/accounts";
import { api, idem } from "../factories/http";

// The orders' part of the mixed-path suite (issue 35): each side's awarded thread carries an
// accepted order with a price consultation and its evidence; my company in the path with the
// other side's order, consultation or file answers 404 and changes none of its rows.

export interface OrderSide {
  buyer: Account;
  supplier: Account;
  dealThreadId: string;
  orderId: string;
  consultationId: string;
  evidenceFileId: string;
}

const path = (a: Account, rest: string) => `/api/orders/company/${a.companyId}${rest}`;

async function ok(method: string, a: Account, url: string, body?: unknown, headers?: Record<string, string>) {
  const res = await api(method, url, { token: a.token, body, headers });
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** An accepted order on the side's awarded thread (quote: 1,000 → ¥320), a consultation with evidence. */
export async function buildOrder(buyer: Account, supplier: Account, dealThreadId: string, label: string) {
  const order = await ok(
    "POST",
    buyer,
    path(buyer, `/threads/${dealThreadId}/orders`),
    {
      quoteVersion: 1,
      quantity: 1000,
      includeTooling: false,
      deliveries: [{ date: addDays(todayInJapan(), 30), quantity: 1000 }],
      place: { address: `${label}倉庫 東京都江東区有明3-1-1` },
      inspection: { required: true, daysAfterReceipt: 10 },
      payment: {
        terms: { kind: "CLOSING", closingDay: 31, monthsLater: 1, payDay: 31 },
        method: "BANK_TRANSFER",
      },
      facts: {
        buyer: { capitalYen: 50_000_000, employeeCount: 120 },
        supplier: { capitalYen: 3_000_000, employeeCount: 8 },
      },
    },
    idem(),
  );
  await ok("POST", supplier, path(supplier, `/orders/${order.id}/answer`), { answer: "ACCEPT" });
  const form = new FormData();
  const pdf = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
  form.set("file", new File([pdf], `${label}の原価資料.pdf`, { type: "application/pdf" }));
  const file = await ok("POST", supplier, `/api/deals/company/${supplier.companyId}/files`, form);
  const asked = await ok("POST", supplier, path(supplier, `/orders/${order.id}/price-consultations`), {
    drivers: [{ driver: "MATERIAL", percent: 10, note: `${label}：原料価格の上昇` }],
    message: `${label}：単価の協議をお願いします。`,
    evidenceFileIds: [file.id],
  });
  return {
    orderId: order.id as string,
    consultationId: asked.consultations[0].id as string,
    evidenceFileId: file.id as string,
  };
}

/** The side's order rows, read straight from the database. */
export async function orderSnapshot(s: OrderSide) {
  const d = db();
  const ids = (
    await d.select({ id: orders.id }).from(orders).where(eq(orders.buyerCompanyId, s.buyer.companyId))
  ).map((r) => r.id);
  return {
    orders: await d.select().from(orders).where(inArray(orders.id, ids)).orderBy(asc(orders.id)),
    versions: await d
      .select({ orderId: orderVersions.orderId, version: orderVersions.version, state: orderVersions.state })
      .from(orderVersions)
      .where(inArray(orderVersions.orderId, ids))
      .orderBy(asc(orderVersions.orderId), asc(orderVersions.version)),
    events: await d
      .select()
      .from(orderEvents)
      .where(inArray(orderEvents.orderId, ids))
      .orderBy(asc(orderEvents.orderId), asc(orderEvents.at), asc(orderEvents.kind)),
    consultations: await d
      .select()
      .from(priceConsultations)
      .where(inArray(priceConsultations.orderId, ids))
      .orderBy(asc(priceConsultations.id)),
  };
}

interface Call {
  method: string;
  path: string;
  token: string;
  body?: unknown;
  headers?: Record<string, string>;
}
export interface OrderMixedCase {
  op: string;
  name: string;
  request: (me: OrderSide, them: OrderSide) => Call;
}

const O = "/api/orders/company/{companyId}";
const call = (
  me: OrderSide,
  who: "buyer" | "supplier",
  method: string,
  rest: string,
  body?: unknown,
): Call => ({
  method,
  path: path(me[who], rest),
  token: me[who].token,
  body,
});
const change = {
  fromVersion: 1,
  quantity: 1200,
  deliveries: [{ date: addDays(todayInJapan(), 30), quantity: 1200 }],
  reason: "割り込みの変更",
  reasonParty: "BUYER",
};

export function orderCases(): OrderMixedCase[] {
  const byOrder: Array<[string, string, string, Array<"buyer" | "supplier">, unknown?]> = [
    [`GET ${O}/orders/{orderId}`, "GET", "", ["buyer", "supplier"]],
    [`GET ${O}/orders/{orderId}/versions/{version}/pdf`, "GET", "/versions/1/pdf", ["buyer", "supplier"]],
    [`GET ${O}/orders/{orderId}/acceptance/pdf`, "GET", "/acceptance/pdf", ["buyer", "supplier"]],
    [
      `POST ${O}/orders/{orderId}/answer`,
      "POST",
      "/answer",
      ["supplier"],
      { answer: "RETURN", reason: "割り込み" },
    ],
    [`POST ${O}/orders/{orderId}/changes`, "POST", "/changes", ["buyer"], change],
    [
      `POST ${O}/orders/{orderId}/changes/{version}/answer`,
      "POST",
      "/changes/2/answer",
      ["supplier"],
      { answer: "ACCEPT" },
    ],
    [
      `POST ${O}/orders/{orderId}/supplements`,
      "POST",
      "/supplements",
      ["buyer"],
      { field: "PLACE", place: { address: "割り込みの住所" } },
    ],
    [
      `POST ${O}/orders/{orderId}/price-consultations`,
      "POST",
      "/price-consultations",
      ["supplier"],
      { drivers: [{ driver: "OTHER", note: "割り込み" }], message: "割り込み" },
    ],
    [`GET ${O}/orders/{orderId}/record/csv`, "GET", "/record/csv", ["buyer"]],
    [`GET ${O}/orders/{orderId}/record/pdf`, "GET", "/record/pdf", ["buyer"]],
  ];
  const out: OrderMixedCase[] = byOrder.flatMap(([op, method, rest, sides, body]) =>
    sides.map((who) => ({
      op,
      name: `${who === "buyer" ? "a buyer" : "a supplier"} on another company's order`,
      request: (me: OrderSide, them: OrderSide) =>
        call(me, who, method, `/orders/${them.orderId}${rest}`, body),
    })),
  );
  out.push(
    {
      op: `GET ${O}/threads/{threadId}/order-draft`,
      name: "another buyer's thread",
      request: (me, them) => call(me, "buyer", "GET", `/threads/${them.dealThreadId}/order-draft`),
    },
    {
      op: `POST ${O}/threads/{threadId}/orders`,
      name: "another buyer's thread",
      // A valid form with its Idempotency-Key: only the thread's owner can refuse it.
      request: (me, them) => ({
        ...call(me, "buyer", "POST", `/threads/${them.dealThreadId}/orders`, {
          quoteVersion: 1,
          quantity: 1000,
          deliveries: [{ date: addDays(todayInJapan(), 30), quantity: 1000 }],
          place: { address: "割り込みの倉庫" },
          inspection: { required: false },
          payment: { terms: { kind: "FIXED" }, method: "BANK_TRANSFER" },
        }),
        headers: idem(),
      }),
    },
    {
      op: `POST ${O}/orders/{orderId}/price-consultations/{consultationId}/answer`,
      name: "another buyer's order and consultation",
      request: (me, them) =>
        call(
          me,
          "buyer",
          "POST",
          `/orders/${them.orderId}/price-consultations/${them.consultationId}/answer`,
          {
            answer: "EXPLAIN",
            message: "割り込み",
          },
        ),
    },
    {
      op: `POST ${O}/orders/{orderId}/price-consultations/{consultationId}/answer`,
      name: "my order, another buyer's consultation",
      request: (me, them) =>
        call(me, "buyer", "POST", `/orders/${me.orderId}/price-consultations/${them.consultationId}/answer`, {
          answer: "EXPLAIN",
          message: "割り込み",
        }),
    },
    {
      op: `GET ${O}/orders/{orderId}/price-consultations/{consultationId}/files/{fileId}`,
      name: "another company's order and its evidence",
      request: (me, them) =>
        call(
          me,
          "supplier",
          "GET",
          `/orders/${them.orderId}/price-consultations/${them.consultationId}/files/${them.evidenceFileId}`,
        ),
    },
    {
      op: `GET ${O}/orders/{orderId}/price-consultations/{consultationId}/files/{fileId}`,
      name: "my order and consultation, another company's file",
      request: (me, them) =>
        call(
          me,
          "buyer",
          "GET",
          `/orders/${me.orderId}/price-consultations/${me.consultationId}/files/${them.evidenceFileId}`,
        ),
    },
  );
  return out;
}

/** The same reads on my own order succeed (the 404s are not a broken fixture). */
export function ownOrderReads(me: OrderSide): Call[] {
  const rest = `/orders/${me.orderId}`;
  const file = `${rest}/price-consultations/${me.consultationId}/files/${me.evidenceFileId}`;
  return [
    ...(["buyer", "supplier"] as const).flatMap((who) => [
      call(me, who, "GET", rest),
      call(me, who, "GET", `${rest}/versions/1/pdf`),
      call(me, who, "GET", `${rest}/acceptance/pdf`),
      call(me, who, "GET", file),
    ]),
    call(me, "buyer", "GET", `${rest}/record/csv`),
    call(me, "buyer", "GET", `/threads/${me.dealThreadId}/order-draft`),
  ];
}
