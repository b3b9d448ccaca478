import { addDays, todayInJapan } from "@/lib/japan-time";
import type { Account } from "../../factories/accounts";
import type { ActorName, Personas } from "../../factories/actors";
import { api, idem } from "../../factories/http";
import { answer, issued, orderBody, orders, quotedThread, setSize } from "../../factories/orders";
import type { MatrixCase } from "./matrix";
import { members, onlyCompanyOf, ownCompany } from "./matrix-helpers";

// The orders' rows of the authorization matrix (issue 35). Orders are between buyerAdmin's company
// and paidSupplier. The shared order is accepted, with a price consultation carrying an evidence
// file; a call that uses a state up (answer, change, 補充, consultation) gets a fresh order for
// each persona it succeeds for, the shared one for the rest.

const account = (p: Personas, actor: ActorName) => p[actor] as Account;
const buyerOf = (p: Personas) => account(p, "buyerAdmin");
const supplierOf = (p: Personas) => account(p, "paidSupplier");
const path = (p: Personas, actor: ActorName, rest: string) =>
  `/api/orders/company/${ownCompany(p, actor)}${rest}`;

/**
 * Both companies' size facts, so the act is decided without asking (a 422 would hide the rule). Set
 * before every order, not once: other rows (the property-level test's writes of the company's basic
 * information) may have cleared them since.
 */
async function ready(p: Personas) {
  await setSize(buyerOf(p), 500_000_000, 800);
  await setSize(supplierOf(p), 5_000_000, 40);
}

async function thread(p: Personas) {
  await ready(p);
  return quotedThread(buyerOf(p), supplierOf(p));
}

async function freshIssued(p: Personas, overrides: Record<string, unknown> = {}) {
  return issued(buyerOf(p), (await thread(p)).threadId, overrides);
}

async function freshAccepted(p: Personas) {
  const order = await freshIssued(p);
  const res = await answer(supplierOf(p), order.id, { answer: "ACCEPT" });
  if (res.status !== 200) throw new Error(`accept: ${res.status} ${JSON.stringify(res.body)}`);
  return order;
}

const change = () => ({
  fromVersion: 1,
  deliveries: [
    { date: addDays(todayInJapan(), 30), quantity: 1500 },
    { date: addDays(todayInJapan(), 67), quantity: 1500 },
  ],
  reason: "出荷計画の見直しにより2回目の納期を1週間後ろにします",
  reasonParty: "BUYER",
});
const consultation = (evidenceFileIds: string[] = []) => ({
  drivers: [{ driver: "MATERIAL", percent: 15, note: "原料価格の上昇" }],
  requestedUnitPriceYen: 520,
  message: "原料価格の上昇分の協議をお願いします。",
  evidenceFileIds,
});

async function ok(res: Promise<{ status: number; body: any }>, what: string) {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

async function freshPendingChange(p: Personas) {
  const order = await freshAccepted(p);
  const b = buyerOf(p);
  await ok(
    api("POST", orders(b, `/orders/${order.id}/changes`), { token: b.token, body: change() }),
    "change",
  );
  return order;
}

async function freshConsultation(p: Personas): Promise<{ orderId: string; consultationId: string }> {
  const order = await freshAccepted(p);
  const s = supplierOf(p);
  const body = await ok(
    api("POST", orders(s, `/orders/${order.id}/price-consultations`), {
      token: s.token,
      body: consultation(),
    }),
    "consultation",
  );
  return { orderId: order.id, consultationId: body.consultations[0].id };
}

interface Shared {
  threadId: string;
  orderId: string;
  consultationId: string;
  fileId: string;
}
const shared = new WeakMap<Personas, Promise<Shared>>();
/** The accepted order of buyerAdmin × paidSupplier with a consultation and its evidence, once per Personas. */
function sharedOrder(p: Personas) {
  let s = shared.get(p);
  if (!s) {
    s = (async () => {
      const t = await thread(p);
      const order = await issued(buyerOf(p), t.threadId);
      const sup = supplierOf(p);
      await ok(answer(sup, order.id, { answer: "ACCEPT" }), "accept");
      const form = new FormData();
      const pdf = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
      form.set("file", new File([pdf], "原料価格の推移.pdf", { type: "application/pdf" }));
      const file = await ok(
        api("POST", `/api/deals/company/${sup.companyId}/files`, { token: sup.token, body: form }),
        "evidence",
      );
      const asked = await ok(
        api("POST", orders(sup, `/orders/${order.id}/price-consultations`), {
          token: sup.token,
          body: consultation([file.id]),
        }),
        "consultation",
      );
      return {
        threadId: t.threadId,
        orderId: order.id,
        consultationId: asked.consultations[0].id,
        fileId: file.id,
      };
    })();
    shared.set(p, s);
  }
  return s;
}

/** A fresh fixture for the personas a state-changing call succeeds for, the shared order for the rest. */
async function orderFor<T extends { orderId: string }>(
  p: Personas,
  actor: ActorName,
  succeeds: ActorName[],
  fresh: () => Promise<T>,
): Promise<T | Shared> {
  return succeeds.includes(actor) ? fresh() : sharedOrder(p);
}

const ADMIN: ActorName[] = ["buyerAdmin"];
const SUPPLIER: ActorName[] = ["paidSupplier"];
/** Both sides of the shared order: the buyer company's members and the supplier. */
const bothSides = (ok: number) => ({
  ...onlyCompanyOf("buyerAdmin", ok),
  buyerGeneral: ok,
  paidSupplier: ok,
});
const buyerSide = (ok: number) => ({ ...onlyCompanyOf("buyerAdmin", ok), buyerGeneral: ok });
/** An order binds the buyer company: ADMINs issue, change and fix; a GENERAL member gets 403. */
const adminOnly = (ok: number) => ({ ...onlyCompanyOf("buyerAdmin", ok), buyerGeneral: 403 });
const O = "/api/orders/company/{companyId}";

export const orderMatrix: MatrixCase[] = [
  {
    op: `GET ${O}/threads/{threadId}/order-draft`,
    request: async (p, actor) => ({
      path: path(p, actor, `/threads/${(await sharedOrder(p)).threadId}/order-draft`),
    }),
    expect: adminOnly(200),
  },
  {
    op: `POST ${O}/threads/{threadId}/orders`,
    request: async (p, actor) => ({
      path: path(
        p,
        actor,
        `/threads/${(ADMIN.includes(actor) ? await thread(p) : await sharedOrder(p)).threadId}/orders`,
      ),
      body: orderBody(),
      headers: idem(),
    }),
    expect: adminOnly(201),
  },
  {
    op: `GET ${O}/orders`,
    request: (p, actor) => ({ path: path(p, actor, "/orders") }),
    // Every company lists its own orders (none for most): only signing in and a company are needed.
    expect: members(200),
  },
  {
    op: `GET ${O}/orders/{orderId}`,
    request: async (p, actor) => ({ path: path(p, actor, `/orders/${(await sharedOrder(p)).orderId}`) }),
    expect: bothSides(200),
  },
  {
    op: `GET ${O}/orders/{orderId}/versions/{version}/pdf`,
    request: async (p, actor) => ({
      path: path(p, actor, `/orders/${(await sharedOrder(p)).orderId}/versions/1/pdf`),
    }),
    expect: bothSides(200),
  },
  {
    op: `GET ${O}/orders/{orderId}/acceptance/pdf`,
    request: async (p, actor) => ({
      path: path(p, actor, `/orders/${(await sharedOrder(p)).orderId}/acceptance/pdf`),
    }),
    expect: bothSides(200),
  },
  {
    op: `POST ${O}/orders/{orderId}/answer`,
    request: async (p, actor) => {
      const order = SUPPLIER.includes(actor) ? { orderId: (await freshIssued(p)).id } : await sharedOrder(p);
      return { path: path(p, actor, `/orders/${order.orderId}/answer`), body: { answer: "ACCEPT" } };
    },
    expect: onlyCompanyOf("paidSupplier", 200),
  },
  {
    op: `POST ${O}/orders/{orderId}/changes`,
    request: async (p, actor) => {
      const order = await orderFor(p, actor, ADMIN, async () => ({ orderId: (await freshAccepted(p)).id }));
      return { path: path(p, actor, `/orders/${order.orderId}/changes`), body: change() };
    },
    expect: adminOnly(201),
  },
  {
    op: `POST ${O}/orders/{orderId}/changes/{version}/answer`,
    request: async (p, actor) => {
      const order = await orderFor(p, actor, SUPPLIER, async () => ({
        orderId: (await freshPendingChange(p)).id,
      }));
      return {
        path: path(p, actor, `/orders/${order.orderId}/changes/2/answer`),
        body: { answer: "ACCEPT" },
      };
    },
    expect: onlyCompanyOf("paidSupplier", 200),
  },
  {
    op: `POST ${O}/orders/{orderId}/supplements`,
    request: async (p, actor) => {
      const order = await orderFor(p, actor, ADMIN, async () => {
        const o = await freshIssued(p, {
          place: null,
          openTerms: [{ field: "PLACE", reason: "新倉庫が未確定", expectedBy: addDays(todayInJapan(), 10) }],
        });
        return { orderId: o.id };
      });
      return {
        path: path(p, actor, `/orders/${order.orderId}/supplements`),
        body: { field: "PLACE", place: { address: "千葉県市川市塩浜2-1 新物流センター" } },
      };
    },
    expect: adminOnly(201),
  },
  {
    op: `POST ${O}/orders/{orderId}/price-consultations`,
    request: async (p, actor) => {
      const order = await orderFor(p, actor, SUPPLIER, async () => ({
        orderId: (await freshAccepted(p)).id,
      }));
      return { path: path(p, actor, `/orders/${order.orderId}/price-consultations`), body: consultation() };
    },
    expect: onlyCompanyOf("paidSupplier", 201),
  },
  {
    op: `POST ${O}/orders/{orderId}/price-consultations/{consultationId}/answer`,
    request: async (p, actor) => {
      const c = await orderFor(p, actor, ["buyerAdmin", "buyerGeneral"], () => freshConsultation(p));
      return {
        path: path(p, actor, `/orders/${c.orderId}/price-consultations/${c.consultationId}/answer`),
        body: { answer: "EXPLAIN", message: "今期は現行単価で据え置きます。" },
      };
    },
    // Any member of the buyer answers a consultation (the answer binds nothing; a change order does).
    expect: buyerSide(200),
  },
  {
    op: `GET ${O}/orders/{orderId}/price-consultations/{consultationId}/files/{fileId}`,
    request: async (p, actor) => {
      const s = await sharedOrder(p);
      return {
        path: path(
          p,
          actor,
          `/orders/${s.orderId}/price-consultations/${s.consultationId}/files/${s.fileId}`,
        ),
      };
    },
    expect: bothSides(200),
  },
  {
    op: `GET ${O}/orders/{orderId}/record/csv`,
    request: async (p, actor) => ({
      path: path(p, actor, `/orders/${(await sharedOrder(p)).orderId}/record/csv`),
    }),
    // The record is the buyer's duty (7条): the supplier gets 404.
    expect: buyerSide(200),
  },
  {
    op: `GET ${O}/orders/{orderId}/record/pdf`,
    request: async (p, actor) => ({
      path: path(p, actor, `/orders/${(await sharedOrder(p)).orderId}/record/pdf`),
    }),
    expect: buyerSide(200),
  },
];
