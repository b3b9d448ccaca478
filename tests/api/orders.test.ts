// The award is an order (issue 35): the order form's figures are the buyer's (never parsed from
// free text), the act is checked before anything is issued, and the order, its PDF, the record and
// the supplier's email are written together.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/api/app";
import { addDays, todayInJapan } from "@/lib/japan-time";
import { db } from "@/server/db/client";
import { dealThreads } from "@/server/db/schema";
import { orderEvents, orders as orderRows } from "@/server/db/schema-orders";
import { type Account, emailsTo, registerVerified } from "../factories/accounts";
import { addGeneralMember } from "../factories/actors";
import { api } from "../factories/http";
import { issue, orderBody, orders, quotedThread, setSize } from "../factories/orders";

let buyer: Account;
let supplier: Account;

beforeAll(async () => {
  buyer = await registerVerified("BUYER", { companyName: "株式会社発注確認商事" });
  supplier = await registerVerified("SUPPLIER", { companyName: "有限会社受注精工" });
  await setSize(buyer, 500_000_000, 800);
  await setSize(supplier, 5_000_000, 40);
});

/** A PDF download's status and bytes (the JSON helper would decode them as text). */
async function download(a: Account, url: string) {
  const res = await createApp().request(url, { headers: { authorization: `Bearer ${a.token}` } });
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), "order-pdf-"));
  const file = path.join(dir, "o.pdf");
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-layout", file, "-"]).toString();
}

describe("issuing an order", () => {
  it("awards the thread and issues the order with the buyer's figures, its PDF and the supplier's email", async () => {
    const { threadId } = await quotedThread(buyer, supplier);
    const res = await issue(buyer, threadId, orderBody());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const order = res.body;
    expect(order.status).toBe("ISSUED");
    const terms = order.versions[0].terms;
    expect(terms.quantity).toBe(3000);
    expect(terms.unit).toBe("本"); // the inquiry's unit (tests/factories/inquiries)
    expect(terms.tier).toEqual({ quantity: 3000, unitPriceYen: 480 });
    expect(terms.lines.map((l: { amountYen: number }) => l.amountYen)).toEqual([1_440_000, 150_000]);
    expect(terms.subtotalYen).toBe(1_590_000);
    expect(terms.taxYen).toBe(159_000);
    expect(terms.totalYen).toBe(1_749_000);
    expect(terms.law.toriteki).toBe(true);
    expect(terms.deliveries).toHaveLength(2);
    expect(terms.payment.feeBorneBy).toBe("BUYER");
    const [thread] = await db().select().from(dealThreads).where(eq(dealThreads.id, threadId));
    expect(thread!.status).toBe("AWARDED");
    expect(order.number).toBe(thread!.poNumber);
    const kinds = order.events.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(["ISSUED", "SENT"]);
    expect((await emailsTo(supplier.email)).some((m) => m.subject.includes(order.number))).toBe(true);

    const pdf = await download(buyer, orders(buyer, `/orders/${order.id}/versions/1/pdf`));
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe("application/pdf");
    const text = pdfText(pdf.bytes);
    expect(text).toContain("3,000本");
    expect(text).not.toContain("有効期限");
  });

  it("records when the supplier first opened it, once", async () => {
    const { threadId } = await quotedThread(buyer, supplier);
    const { body: order } = await issue(buyer, threadId, orderBody());
    expect(order.firstOpenedAt).toBeNull();
    const seen = await api("GET", orders(supplier, `/orders/${order.id}`), { token: supplier.token });
    expect(seen.status).toBe(200);
    expect(seen.body.firstOpenedAt).not.toBeNull();
    await api("GET", orders(supplier, `/orders/${order.id}`), { token: supplier.token });
    const rows = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(rows.filter((r) => r.kind === "OPENED")).toHaveLength(1);
  });

  it("refuses a hand-set payment date on day 61 after a delivery, with the reason, and writes nothing", async () => {
    const { threadId } = await quotedThread(buyer, supplier);
    const first = addDays(todayInJapan(), 20);
    const res = await issue(
      buyer,
      threadId,
      orderBody({
        quantity: 3000,
        deliveries: [
          { date: first, quantity: 1500, paymentDue: addDays(first, 60) },
          { date: addDays(first, 10), quantity: 1500, paymentDue: addDays(first, 69) },
        ],
        payment: { terms: { kind: "FIXED" }, method: "BANK_TRANSFER" },
      }),
    );
    expect(res.status).toBe(422);
    expect(res.body.error.fields["deliveries.0.paymentDue"]).toMatch(/61日目.*60日以内/);
    expect(res.body.error.fields["deliveries.1.paymentDue"]).toBeUndefined(); // day 60: allowed
    const [thread] = await db().select().from(dealThreads).where(eq(dealThreads.id, threadId));
    expect(thread!.status).toBe("QUOTED"); // the award rolled back with the order
  });

  it("refuses 手形 always, and 電子記録債権 without the cash confirmation where the act applies", async () => {
    const { threadId } = await quotedThread(buyer, supplier);
    const note = await issue(
      buyer,
      threadId,
      orderBody({ payment: { terms: orderBody().payment.terms, method: "PROMISSORY_NOTE" } }),
    );
    expect(note.status).toBe(422);
    expect(note.body.error.fields["payment.method"]).toContain("手形");
    const claim = await issue(
      buyer,
      threadId,
      orderBody({
        payment: {
          terms: orderBody().payment.terms,
          method: "ELECTRONIC_CLAIM",
          methodDetail: "でんさいネット",
        },
      }),
    );
    expect(claim.status).toBe(422);
    expect(claim.body.error.fields["payment.cashableConfirmed"]).toContain("現金化");
    const ok = await issue(
      buyer,
      threadId,
      orderBody({
        payment: {
          terms: orderBody().payment.terms,
          method: "ELECTRONIC_CLAIM",
          methodDetail: "でんさいネット",
          cashableConfirmed: true,
        },
      }),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });

  it("takes the quantity as a number in the inquiry's unit: below the MOQ and off-schedule sums are refused", async () => {
    const { threadId } = await quotedThread(buyer, supplier);
    const low = await issue(
      buyer,
      threadId,
      orderBody({ quantity: 800, deliveries: [{ date: addDays(todayInJapan(), 30), quantity: 800 }] }),
    );
    expect(low.status).toBe(422);
    expect(low.body.error.fields.quantity).toContain("MOQ");
    const sum = await issue(buyer, threadId, orderBody({ quantity: 2000 }));
    expect(sum.status).toBe(422);
    expect(sum.body.error.fields.deliveries).toContain("一致しません");
    const mid = await issue(
      buyer,
      threadId,
      orderBody({ quantity: 2000, deliveries: [{ date: addDays(todayInJapan(), 30), quantity: 2000 }] }),
    );
    expect(mid.status, JSON.stringify(mid.body)).toBe(201);
    expect(mid.body.versions[0].terms.tier).toEqual({ quantity: 1000, unitPriceYen: 520 });
  });

  it("asks for missing size figures, saves the buyer's, and decides the act from them", async () => {
    const b = await registerVerified("BUYER", { companyName: "株式会社規模未登録" });
    const s = await registerVerified("SUPPLIER", { companyName: "規模未登録工業" });
    const { threadId } = await quotedThread(b, s);
    const ask = await issue(b, threadId, orderBody());
    expect(ask.status).toBe(422);
    expect(Object.keys(ask.body.error.fields).some((f) => f.startsWith("facts."))).toBe(true);
    const res = await issue(
      b,
      threadId,
      orderBody({
        facts: {
          buyer: { capitalYen: 50_000_000, employeeCount: 120 },
          supplier: { capitalYen: 3_000_000, employeeCount: 8 },
        },
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.versions[0].terms.law.toriteki).toBe(true);
    expect(res.body.versions[0].terms.law.basis).toContain("CAPITAL");
    const company = await api("GET", `/api/buyer/company/${b.companyId}`, { token: b.token });
    expect(company.status).toBe(200);
  });

  it("lets only ADMINs order; another company gets 404; a retry with the same key answers the same order", async () => {
    const { threadId } = await quotedThread(buyer, supplier);
    const general = await addGeneralMember(buyer.companyId);
    const forbidden = await issue(general, threadId, orderBody());
    expect(forbidden.status).toBe(403);
    const other = await registerVerified("BUYER", { companyName: "株式会社無関係" });
    expect((await issue(other, threadId, orderBody())).status).toBe(404);
    const key = "order-retry-key-0001";
    const a = await issue(buyer, threadId, orderBody(), key);
    const b = await issue(buyer, threadId, orderBody(), key);
    expect(a.status).toBe(201);
    expect(b.status).toBe(200);
    expect(b.body.id).toBe(a.body.id);
    const c = await issue(buyer, threadId, orderBody({ quantity: 3000, notes: "別の内容" }), key);
    expect(c.status).toBe(422);
    expect((await api("GET", orders(other, `/orders/${a.body.id}`), { token: other.token })).status).toBe(
      404,
    );
  });
});

describe("the record is kept", () => {
  it("refuses UPDATE and DELETE of the record, the versions and the orders, even by SQL", async () => {
    const { threadId } = await quotedThread(buyer, supplier);
    const { body: order } = await issue(buyer, threadId, orderBody());
    await expect(db().execute(sql`delete from order_events where order_id = ${order.id}`)).rejects.toThrow();
    await expect(
      db().execute(sql`update order_events set reason = 'x' where order_id = ${order.id}`),
    ).rejects.toThrow();
    await expect(
      db().execute(sql`update order_versions set terms = '{}'::jsonb where order_id = ${order.id}`),
    ).rejects.toThrow();
    await expect(
      db().execute(sql`delete from order_versions where order_id = ${order.id}`),
    ).rejects.toThrow();
    await expect(db().delete(orderRows).where(eq(orderRows.id, order.id))).rejects.toThrow();
    const rows = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(rows.length).toBe(2);
  });
});

describe("each side's list", () => {
  it("pages newest first by cursor, every order once, the last page without a cursor", async () => {
    const lister = await registerVerified("BUYER");
    await setSize(lister, 500_000_000, 800);
    const issuedIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { threadId } = await quotedThread(lister, supplier);
      const res = await issue(lister, threadId, orderBody());
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      issuedIds.push(res.body.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page++) {
      const res: { status: number; body: { items: Array<{ id: string }>; nextCursor: string | null } } =
        await api("GET", orders(lister, `/orders?limit=2${cursor ? `&cursor=${cursor}` : ""}`), {
          token: lister.token,
        });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      seen.push(...res.body.items.map((o) => o.id));
      cursor = res.body.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual([...issuedIds].reverse());
  });
});
