import fc from "fast-check";
import { addDays, todayInJapan } from "@/lib/japan-time";
import type { Account } from "../../factories/accounts";
import type { Persona, Personas } from "../../factories/actors";
import { api, idem } from "../../factories/http";
import { inquiryBody } from "../../factories/inquiries";
import { setSize } from "../../factories/orders";
import type { Operation } from "./requests";

// The orders' part of the fuzzer (issue 35): orders between buyerAdmin and paidSupplier on their
// own quoted threads, in the state each operation needs (issued, accepted, a change pending, a
// place open, a consultation open); field hints that make a valid body pass the business rules
// (quantities adding up, the 60 days) so the 2xx schema check runs.

const O = "/api/orders/company/{companyId}";
/** Order operations the buyer's side calls (the others: the supplier's, or both). */
const BUYER_OPS = [
  `GET ${O}/threads/{threadId}/order-draft`,
  `POST ${O}/threads/{threadId}/orders`,
  `POST ${O}/orders/{orderId}/changes`,
  `POST ${O}/orders/{orderId}/supplements`,
  `POST ${O}/orders/{orderId}/price-consultations/{consultationId}/answer`,
  `GET ${O}/orders/{orderId}/record/csv`,
  `GET ${O}/orders/{orderId}/record/pdf`,
];

export function orderPersona(op: Operation, p: Personas): Persona | undefined {
  if (!op.path.startsWith("/api/orders/")) return undefined;
  return BUYER_OPS.includes(op.id) ? p.buyerAdmin : p.paidSupplier;
}

async function ok<T = any>(res: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

const QUOTE = {
  tiers: [{ quantity: 1000, unitPriceYen: 320 }],
  leadTimeDays: 30,
  paymentTerms: "月末締め翌月末払い",
};
const PDF = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
const day = (n: number) => addDays(todayInJapan(), n);
const DELIVERIES = () => [{ date: day(30), quantity: 1000 }];
const PAYMENT = {
  terms: { kind: "CLOSING", closingDay: 31, monthsLater: 1, payDay: 31 },
  method: "BANK_TRANSFER",
};
const PLACE = { address: "東京都江東区有明3-1-1 第二倉庫", contact: "物流課 03-1234-5678" };
const INSPECTION = { required: true, daysAfterReceipt: 10 };

const base = (a: Persona) => `/api/orders/company/${a.companyId}`;

async function quotedThread(p: Personas): Promise<string> {
  const created = await ok(
    api("POST", "/api/contact/create", {
      headers: idem(),
      token: p.buyerAdmin.token,
      body: inquiryBody({
        type: "NOMINATION",
        nominatedCompanyId: p.paidSupplier.companyId,
      }),
    }),
    "nominate",
  );
  const s = p.paidSupplier;
  const thread = await ok(
    api("POST", `/api/deals/company/${s.companyId}/inquiries/${created.id}/thread`, { token: s.token }),
    "open thread",
  );
  await ok(
    api("PUT", `/api/deals/company/${s.companyId}/threads/${thread.id}/quote`, {
      token: s.token,
      body: QUOTE,
    }),
    "quote",
  );
  return thread.id;
}

async function issued(
  p: Personas,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; threadId: string }> {
  const threadId = await quotedThread(p);
  const b = p.buyerAdmin;
  const order = await ok(
    api("POST", `${base(b)}/threads/${threadId}/orders`, {
      token: b.token,
      headers: idem(),
      body: {
        quoteVersion: 1,
        quantity: 1000,
        deliveries: DELIVERIES(),
        place: PLACE,
        inspection: INSPECTION,
        payment: PAYMENT,
        ...extra,
      },
    }),
    "issue",
  );
  return { id: order.id, threadId };
}

async function accepted(p: Personas) {
  const order = await issued(p);
  const s = p.paidSupplier;
  await ok(
    api("POST", `${base(s)}/orders/${order.id}/answer`, { token: s.token, body: { answer: "ACCEPT" } }),
    "accept",
  );
  return order;
}

const idFrom = (xs: string[]): fc.Arbitrary<string> =>
  fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...xs) }, { weight: 1, arbitrary: fc.uuid() });
const times = async <T>(n: number, make: () => Promise<T>) => {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(await make());
  return out;
};

interface Shared {
  order: { id: string; threadId: string };
  consultationId: string;
  fileId: string;
}
const shared = new WeakMap<Personas, Promise<Shared>>();
/** An accepted order with a consultation and its evidence (the reads' rows), once per Personas. */
function sharedOrder(p: Personas): Promise<Shared> {
  let s = shared.get(p);
  if (!s) {
    s = (async () => {
      await setSize(p.buyerAdmin as Account, 500_000_000, 800);
      await setSize(p.paidSupplier as Account, 5_000_000, 40);
      const order = await accepted(p);
      const sup = p.paidSupplier;
      const form = new FormData();
      form.set("file", new File([PDF], "原価資料.pdf", { type: "application/pdf" }));
      const file = await ok(
        api("POST", `/api/deals/company/${sup.companyId}/files`, { token: sup.token, body: form }),
        "evidence",
      );
      const asked = await ok(
        api("POST", `${base(sup)}/orders/${order.id}/price-consultations`, {
          token: sup.token,
          body: {
            drivers: [{ driver: "MATERIAL", note: "原料高" }],
            message: "協議のお願い",
            evidenceFileIds: [file.id],
          },
        }),
        "consultation",
      );
      return { order, consultationId: asked.consultations[0].id, fileId: file.id };
    })();
    shared.set(p, s);
  }
  return s;
}

/** The ids and field hints of an order operation; rows of its own where it uses them up. */
export async function planOrders(
  op: Operation,
  p: Personas,
  params: Record<string, fc.Arbitrary<string>>,
  hints: Record<string, fc.Arbitrary<unknown>>,
): Promise<void> {
  const id = op.id;
  if (!op.path.startsWith("/api/orders/")) return;
  const s = await sharedOrder(p);
  params.orderId = idFrom([s.order.id]);
  params.threadId = idFrom([s.order.threadId]);
  params.version = fc.constant("1");
  params.consultationId = idFrom([s.consultationId]);
  params.fileId = idFrom([s.fileId]);
  hints.threadId = fc.constant(s.order.threadId);
  hints.from = fc.constant(undefined);
  hints.cursor = fc.constant(undefined);
  hints.evidenceFileIds = fc.constant([]);
  hints.reorderOf = fc.constant(undefined);

  if (id === `POST ${O}/threads/{threadId}/orders`) {
    params.threadId = idFrom(await times(3, () => quotedThread(p)));
    Object.assign(hints, {
      quoteVersion: fc.constant(1),
      quantity: fc.constant(1000),
      deliveries: fc.constant(DELIVERIES()),
      payment: fc.constant(PAYMENT),
      place: fc.constant(PLACE),
      inspection: fc.constant(INSPECTION),
      paidMaterials: fc.constant([]),
      openTerms: fc.constant([]),
      facts: fc.constant(undefined),
    });
  }
  if (id === `POST ${O}/orders/{orderId}/answer`)
    params.orderId = idFrom((await times(3, () => issued(p))).map((o) => o.id));
  if (id === `POST ${O}/orders/{orderId}/changes`) {
    params.orderId = idFrom((await times(3, () => accepted(p))).map((o) => o.id));
    Object.assign(hints, {
      fromVersion: fc.constant(1),
      quantity: fc.constant(undefined),
      unitPriceYen: fc.integer({ min: 320, max: 400 }),
      deliveries: fc.constant([{ date: day(37), quantity: 1000 }]),
    });
  }
  if (id === `POST ${O}/orders/{orderId}/changes/{version}/answer`) {
    const pending = await times(3, async () => {
      const o = await accepted(p);
      const b = p.buyerAdmin;
      await ok(
        api("POST", `${base(b)}/orders/${o.id}/changes`, {
          token: b.token,
          body: {
            fromVersion: 1,
            deliveries: [{ date: day(37), quantity: 1000 }],
            reason: "納期調整",
            reasonParty: "BUYER",
          },
        }),
        "change",
      );
      return o.id;
    });
    params.orderId = idFrom(pending);
    params.version = fc.constant("2");
  }
  if (id === `POST ${O}/orders/{orderId}/supplements`) {
    const open = [{ field: "PLACE", reason: "新倉庫が未確定", expectedBy: day(10) }];
    params.orderId = idFrom(
      (await times(3, () => issued(p, { place: null, openTerms: open }))).map((o) => o.id),
    );
    hints.field = fc.constant("PLACE");
    hints.place = fc.constant(PLACE);
  }
  if (id === `POST ${O}/orders/{orderId}/price-consultations`)
    params.orderId = idFrom((await times(3, () => accepted(p))).map((o) => o.id));
  if (id === `POST ${O}/orders/{orderId}/price-consultations/{consultationId}/answer`) {
    // A fresh open consultation on the shared order's sibling: the pair must match to succeed.
    const o = await accepted(p);
    const sup = p.paidSupplier;
    const asked = await ok(
      api("POST", `${base(sup)}/orders/${o.id}/price-consultations`, {
        token: sup.token,
        body: { drivers: [{ driver: "LABOUR", note: "人件費" }], message: "協議のお願い" },
      }),
      "consultation to answer",
    );
    params.orderId = fc.constant(o.id);
    params.consultationId = fc.constant(asked.consultations[0].id);
    hints.answer = fc.constantFrom("ACCEPT", "EXPLAIN");
  }
}
