// 価格協議 (issue 35): the supplier asks with its cost drivers and its own evidence, the buyer answers
// within 14 days or is alerted once; and the reminder that open terms still wait for their 補充.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, todayInJapan } from "@/lib/japan-time";
import { remindOpenTerms } from "@/modules/orders/order-record.service";
import { alertOverdueConsultations } from "@/modules/orders/price-consultation.service";
import { db } from "@/server/db/client";
import { orderEvents } from "@/server/db/schema-orders";
import { LocalDiskStorage, setStorage } from "@/server/storage/storage";
import { type Account, emailsTo, registerVerified } from "../factories/accounts";
import { makePaid } from "../factories/actors";
import { api } from "../factories/http";
import { resetInquiryLimits } from "../factories/inquiries";
import { acceptedOrder, answer, download, issued, orders, quotedThread, setSize } from "../factories/orders";

let dir: string;
let buyer: Account;
let supplier: Account;
let stranger: Account;

const PDF = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
const DAY = 86_400_000;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "oem-consultation-files-"));
  setStorage(new LocalDiskStorage(dir));
  buyer = await registerVerified("BUYER", { companyName: "株式会社価格協議商事" });
  supplier = await registerVerified("SUPPLIER", { companyName: "価格協議精工株式会社" });
  stranger = await registerVerified("SUPPLIER", { companyName: "無関係工業株式会社" });
  await makePaid(supplier.companyId);
  await makePaid(stranger.companyId);
  await setSize(buyer, 500_000_000, 800);
  await setSize(supplier, 5_000_000, 40);
});

// Every case nominates afresh; the nomination limit has its own tests.
beforeEach(resetInquiryLimits);

afterAll(async () => {
  setStorage(undefined);
  await rm(dir, { recursive: true, force: true });
});

async function upload(a: Account, name: string): Promise<string> {
  const form = new FormData();
  form.append("file", new File([PDF], name, { type: "application/pdf" }));
  const res = await api("POST", `/api/deals/company/${a.companyId}/files`, { token: a.token, body: form });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

const request = (a: Account, orderId: string, extra: Record<string, unknown> = {}) =>
  api("POST", orders(a, `/orders/${orderId}/price-consultations`), {
    token: a.token,
    body: {
      drivers: [{ driver: "MATERIAL", percent: 18, note: "樹脂原料（PP）の仕入価格が18%上昇" }],
      requestedUnitPriceYen: 520,
      message: "原材料価格の上昇分について単価の見直しをお願いします。",
      ...extra,
    },
  });
const reply = (orderId: string, id: string, body: Record<string, unknown>) =>
  api("POST", orders(buyer, `/orders/${orderId}/price-consultations/${id}/answer`), {
    token: buyer.token,
    body,
  });
const eventsOf = async (orderId: string, kind: string) =>
  db()
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, kind)));

describe("price consultations", () => {
  it("only the supplier asks, only on an accepted order; due in 14 days; one open at a time", async () => {
    const { threadId } = await quotedThread(buyer, supplier);
    const order = await issued(buyer, threadId);
    const early = await request(supplier, order.id);
    expect(early.status).toBe(409);
    expect((await answer(supplier, order.id, { answer: "ACCEPT" })).status).toBe(200);
    expect((await request(buyer, order.id)).status).toBe(404);
    const res = await request(supplier, order.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [c] = res.body.consultations;
    expect(c).toMatchObject({ status: "OPEN", requestedUnitPriceYen: 520, overdue: false });
    expect(c.dueOn).toBe(addDays(todayInJapan(), 14));
    expect(
      (await emailsTo(buyer.email)).some((m) => m.subject.includes(`価格協議の申し入れ（${order.number}`)),
    ).toBe(true);
    const second = await request(supplier, order.id);
    expect(second.status).toBe(409);
    expect(second.body.error.message).toContain("回答待ちの価格協議");
  });

  it("the buyer answers ACCEPT, COUNTER (with a price) or EXPLAIN, once each", async () => {
    for (const kind of ["ACCEPT", "COUNTER", "EXPLAIN"] as const) {
      const order = await acceptedOrder(buyer, supplier);
      const asked = await request(supplier, order.id);
      const id = asked.body.consultations[0].id;
      const message = "社内で検討した結果をお伝えします。";
      if (kind === "COUNTER") {
        const bare = await reply(order.id, id, { answer: "COUNTER", message });
        expect(bare.status).toBe(422);
        expect(bare.body.error.fields.counterUnitPriceYen).toContain("単価");
      }
      const body =
        kind === "COUNTER" ? { answer: kind, message, counterUnitPriceYen: 500 } : { answer: kind, message };
      const res = await reply(order.id, id, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const status = { ACCEPT: "ACCEPTED", COUNTER: "COUNTERED", EXPLAIN: "EXPLAINED" }[kind];
      expect(res.body.consultations[0]).toMatchObject({
        status,
        answer: message,
        counterUnitPriceYen: kind === "COUNTER" ? 500 : null,
      });
      expect(res.body.events.at(-1)).toMatchObject({ kind: "CONSULTATION_ANSWERED", reason: message });
      const again = await reply(order.id, id, { answer: "EXPLAIN", message: "再回答" });
      expect(again.status).toBe(409);
      // The supplier sees the answer and cannot answer for the buyer.
      const seen = await api("GET", orders(supplier, `/orders/${order.id}`), { token: supplier.token });
      expect(seen.body.consultations[0].status).toBe(status);
      const bySupplier = await api(
        "POST",
        orders(supplier, `/orders/${order.id}/price-consultations/${id}/answer`),
        { token: supplier.token, body: { answer: "ACCEPT", message } },
      );
      expect(bySupplier.status).toBe(404);
    }
  });

  it("evidence must be the supplier's own; both sides download it, another company gets 404", async () => {
    const order = await acceptedOrder(buyer, supplier);
    const theirs = await upload(stranger, "他社の見積.pdf");
    const refused = await request(supplier, order.id, { evidenceFileIds: [theirs] });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields["evidenceFileIds.0"]).toContain("根拠資料");
    const mine = await upload(supplier, "原料価格の推移.pdf");
    const res = await request(supplier, order.id, { evidenceFileIds: [mine] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const c = res.body.consultations[0];
    expect(c.evidence.map((e: { name: string }) => e.name)).toEqual(["原料価格の推移.pdf"]);
    const rest = `/orders/${order.id}/price-consultations/${c.id}/files`;
    for (const who of [buyer, supplier]) {
      const file = await download(who, orders(who, `${rest}/${mine}`));
      expect(file.status).toBe(200);
      expect(file.bytes.toString("latin1")).toBe(PDF);
    }
    expect((await download(stranger, orders(stranger, `${rest}/${mine}`))).status).toBe(404);
    expect((await download(buyer, orders(buyer, `${rest}/${theirs}`))).status).toBe(404);
  });

  it("past the due date the buyer is alerted once and it is recorded once, however often the job runs", async () => {
    const order = await acceptedOrder(buyer, supplier);
    const asked = await request(supplier, order.id);
    expect(asked.status).toBe(201);
    expect(await alertOverdueConsultations(db(), new Date(Date.now() + 14 * DAY))).toBe(0);
    const later = new Date(Date.now() + 16 * DAY);
    expect(await alertOverdueConsultations(db(), later)).toBeGreaterThanOrEqual(1);
    expect(await alertOverdueConsultations(db(), new Date(later.getTime() + DAY))).toBe(0);
    expect(await eventsOf(order.id, "CONSULTATION_OVERDUE")).toHaveLength(1);
    const alerts = (await emailsTo(buyer.email)).filter(
      (m) => m.subject.includes("期限超過") && m.subject.includes(order.number),
    );
    expect(alerts).toHaveLength(1);
  });
});

describe("the open-terms reminder", () => {
  const openSpec = () => ({
    openTerms: [
      { field: "SPECIFICATION", reason: "印刷色の最終確認待ち", expectedBy: addDays(todayInJapan(), 20) },
    ],
  });

  it("first after 3 days, not again within 3 days, and never after the 補充", async () => {
    const { threadId } = await quotedThread(buyer, supplier);
    const order = await issued(buyer, threadId, openSpec());
    const reminders = async () =>
      (await emailsTo(buyer.email)).filter((m) =>
        m.subject.includes(`未定事項の補充をお願いします（${order.number}`),
      ).length;
    const at = (days: number) => new Date(Date.now() + days * DAY);
    await remindOpenTerms(db(), at(2));
    expect(await reminders()).toBe(0);
    await remindOpenTerms(db(), at(3.1));
    expect(await reminders()).toBe(1);
    await remindOpenTerms(db(), at(5));
    expect(await reminders()).toBe(1);
    await remindOpenTerms(db(), at(6.2));
    expect(await reminders()).toBe(2);
    expect(await eventsOf(order.id, "OPEN_TERMS_REMINDED")).toHaveLength(2);
    const fixed = await api("POST", orders(buyer, `/orders/${order.id}/supplements`), {
      token: buyer.token,
      body: { field: "SPECIFICATION", specification: "印刷：2色（DIC 185, 墨）" },
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(201);
    await remindOpenTerms(db(), at(10));
    expect(await reminders()).toBe(2);
  });

  it("a returned order is not reminded", async () => {
    const { threadId } = await quotedThread(buyer, supplier);
    const order = await issued(buyer, threadId, openSpec());
    expect(
      (await answer(supplier, order.id, { answer: "RETURN", reason: "仕様未定では受けられません" })).status,
    ).toBe(200);
    await remindOpenTerms(db(), new Date(Date.now() + 4 * DAY));
    expect(await eventsOf(order.id, "OPEN_TERMS_REMINDED")).toHaveLength(0);
  });
});
