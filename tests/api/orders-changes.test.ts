// Change orders (変更発注, issue 35): a new version the supplier accepts or rejects; the version in
// force changes only on acceptance; no price cut for the buyer's cause; the 60-day limit holds.
import { createHash } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, todayInJapan } from "@/lib/japan-time";
import { type Account, emailsTo, registerVerified } from "../factories/accounts";
import { api } from "../factories/http";
import { resetInquiryLimits } from "../factories/inquiries";
import {
  acceptedOrder,
  download,
  issued,
  orderBody,
  orders,
  pdfText,
  quotedThread,
  setSize,
} from "../factories/orders";

let buyer: Account;
let supplier: Account;

beforeAll(async () => {
  buyer = await registerVerified("BUYER", { companyName: "株式会社変更発注商事" });
  supplier = await registerVerified("SUPPLIER", { companyName: "変更受注工業株式会社" });
  await setSize(buyer, 500_000_000, 800);
  await setSize(supplier, 5_000_000, 40);
});

// Every case nominates afresh; the nomination limit has its own tests.
beforeEach(resetInquiryLimits);

const propose = (id: string, body: Record<string, unknown>) =>
  api("POST", orders(buyer, `/orders/${id}/changes`), { token: buyer.token, body });
const reply = (id: string, version: number, body: Record<string, unknown>) =>
  api("POST", orders(supplier, `/orders/${id}/changes/${version}/answer`), { token: supplier.token, body });
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
type Delivery = { date: string; quantity: number };

/** The order's deliveries with the second one moved by `days`. */
function movedSecond(order: { versions: Array<{ terms: { deliveries: Delivery[] } }> }, days: number) {
  const [a, b] = order.versions[0]!.terms.deliveries;
  return [
    { date: a!.date, quantity: a!.quantity },
    { date: addDays(b!.date, days), quantity: b!.quantity },
  ];
}

describe("change orders", () => {
  it("only on an accepted order", async () => {
    const { threadId } = await quotedThread(buyer, supplier);
    const order = await issued(buyer, threadId);
    const res = await propose(order.id, {
      fromVersion: 1,
      deliveries: movedSecond(order, 7),
      reason: "出荷計画の見直し",
      reasonParty: "BUYER",
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain("受注");
  });

  it("moving one delivery date: PROPOSED, the version in force unchanged until the supplier accepts", async () => {
    const order = await acceptedOrder(buyer, supplier);
    const v1Pdf = await download(buyer, orders(buyer, `/orders/${order.id}/versions/1/pdf`));
    const deliveries = movedSecond(order, 7);
    const res = await propose(order.id, {
      fromVersion: 1,
      deliveries,
      reason: "販売開始日の変更に合わせて2回目の納期を1週間後ろにします",
      reasonParty: "BUYER",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.currentVersion).toBe(1);
    expect(res.body.pendingVersion).toBe(2);
    expect(res.body.versions[1]).toMatchObject({ kind: "CHANGE", state: "PROPOSED", reasonParty: "BUYER" });
    expect((await emailsTo(supplier.email)).some((m) => m.subject.includes(`${order.number} 第2版`))).toBe(
      true,
    );
    // The supplier sees the proposal, still under version 1.
    const seen = await api("GET", orders(supplier, `/orders/${order.id}`), { token: supplier.token });
    expect(seen.body).toMatchObject({ currentVersion: 1, pendingVersion: 2 });

    const ok = await reply(order.id, 2, { answer: "ACCEPT" });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ currentVersion: 2, pendingVersion: null });
    expect(ok.body.versions[1].state).toBe("ACCEPTED");
    expect(ok.body.versions[1].terms.deliveries[1].date).toBe(deliveries[1]!.date);
    expect(ok.body.versions[1].terms.deliveries[0].date).toBe(deliveries[0]!.date);
    expect(ok.body.versions[0].terms.deliveries[1].date).toBe(order.versions[0].terms.deliveries[1].date);
    const kinds = ok.body.events.map((e: { kind: string }) => e.kind);
    expect(kinds.slice(-2)).toEqual(["CHANGE_PROPOSED", "CHANGE_ACCEPTED"]);
    expect(
      (await emailsTo(buyer.email)).some((m) => m.subject.includes(`変更発注の承諾（${order.number}`)),
    ).toBe(true);

    // Each version keeps its own PDF; version 1's bytes are as issued.
    const v1After = await download(buyer, orders(buyer, `/orders/${order.id}/versions/1/pdf`));
    const v2 = await download(buyer, orders(buyer, `/orders/${order.id}/versions/2/pdf`));
    expect(sha(v1After.bytes)).toBe(sha(v1Pdf.bytes));
    expect(sha(v2.bytes)).not.toBe(sha(v1Pdf.bytes));
    expect(pdfText(v2.bytes)).toContain("変更");
  });

  it("a higher price: the totals follow once accepted; the summary's total too", async () => {
    const order = await acceptedOrder(buyer, supplier);
    const res = await propose(order.id, {
      fromVersion: 1,
      unitPriceYen: 500,
      reason: "原材料費の上昇を反映",
      reasonParty: "BUYER",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const terms = res.body.versions[1].terms;
    expect(terms.tier.unitPriceYen).toBe(500);
    expect(terms.subtotalYen).toBe(3000 * 500 + 150_000);
    expect(terms.totalYen).toBe(terms.subtotalYen + Math.floor(terms.subtotalYen / 10));
    const list = async () =>
      (await api("GET", orders(buyer, `/orders?threadId=${order.threadId}`), { token: buyer.token })).body
        .items[0];
    expect((await list()).totalYen).toBe(order.versions[0].terms.totalYen);
    expect((await reply(order.id, 2, { answer: "ACCEPT" })).status).toBe(200);
    expect((await list()).totalYen).toBe(terms.totalYen);
  });

  it("a lower unit price for the buyer's cause is refused; for the supplier's it is allowed and recorded", async () => {
    const order = await acceptedOrder(buyer, supplier);
    const cut = await propose(order.id, {
      fromVersion: 1,
      unitPriceYen: 450,
      reason: "予算の都合",
      reasonParty: "BUYER",
    });
    expect(cut.status).toBe(422);
    expect(cut.body.error.fields.unitPriceYen).toContain("減額");
    const reason = "第1回納品分の印刷不良（受注者の責による）に伴う単価の見直し";
    const ok = await propose(order.id, {
      fromVersion: 1,
      unitPriceYen: 450,
      reason,
      reasonParty: "SUPPLIER",
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.versions[1]).toMatchObject({ reason, reasonParty: "SUPPLIER" });
    const event = ok.body.events.find((e: { kind: string }) => e.kind === "CHANGE_PROPOSED");
    expect(event.reason).toBe(reason);
  });

  it("one change at a time (409), from the version in force only (409)", async () => {
    const order = await acceptedOrder(buyer, supplier);
    const change = { deliveries: movedSecond(order, 3), reason: "納期調整", reasonParty: "BUYER" };
    expect((await propose(order.id, { fromVersion: 1, ...change })).status).toBe(201);
    const second = await propose(order.id, { fromVersion: 1, ...change, deliveries: movedSecond(order, 5) });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toContain("回答待ちの変更発注");
    expect((await reply(order.id, 2, { answer: "ACCEPT" })).status).toBe(200);
    const stale = await propose(order.id, { fromVersion: 1, ...change, deliveries: movedSecond(order, 5) });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toContain("最新の版");
    expect((await reply(order.id, 2, { answer: "ACCEPT" })).status).toBe(409); // answered already
  });

  it("REJECT needs a reason and keeps the version in force", async () => {
    const order = await acceptedOrder(buyer, supplier);
    const res = await propose(order.id, {
      fromVersion: 1,
      quantity: 4000,
      deliveries: [
        { date: addDays(todayInJapan(), 30), quantity: 2000 },
        { date: addDays(todayInJapan(), 60), quantity: 2000 },
      ],
      reason: "増産",
      reasonParty: "BUYER",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await reply(order.id, 2, { answer: "REJECT" })).status).toBe(422);
    const no = await reply(order.id, 2, { answer: "REJECT", reason: "増産分の材料が確保できません" });
    expect(no.status).toBe(200);
    expect(no.body).toMatchObject({ currentVersion: 1, pendingVersion: null });
    expect(no.body.versions[1]).toMatchObject({
      state: "REJECTED",
      answerReason: "増産分の材料が確保できません",
    });
    expect(no.body.events.at(-1)).toMatchObject({ kind: "CHANGE_REJECTED" });
    const list = await api("GET", orders(buyer, `/orders?threadId=${order.threadId}`), {
      token: buyer.token,
    });
    expect(list.body.items[0].totalYen).toBe(order.versions[0].terms.totalYen);
  });

  it("a change that moves a payment past day 60 from receipt is refused", async () => {
    const first = addDays(todayInJapan(), 20);
    const fixed = orderBody({
      deliveries: [
        { date: first, quantity: 1500, paymentDue: addDays(first, 59) },
        { date: addDays(first, 10), quantity: 1500, paymentDue: addDays(first, 69) },
      ],
      payment: { terms: { kind: "FIXED" }, method: "BANK_TRANSFER" },
    });
    const order = await acceptedOrder(buyer, supplier, fixed);
    const late = await propose(order.id, {
      fromVersion: 1,
      deliveries: [
        { date: first, quantity: 1500, paymentDue: addDays(first, 60) },
        { date: addDays(first, 10), quantity: 1500, paymentDue: addDays(first, 69) },
      ],
      reason: "支払日の変更",
      reasonParty: "BUYER",
    });
    expect(late.status).toBe(422);
    expect(late.body.error.fields["deliveries.0.paymentDue"]).toMatch(/61日目/);
    const ok = await propose(order.id, {
      fromVersion: 1,
      deliveries: [
        { date: first, quantity: 1500, paymentDue: addDays(first, 59) },
        { date: addDays(first, 12), quantity: 1500, paymentDue: addDays(first, 71) },
      ],
      reason: "2回目の納期を2日後ろへ",
      reasonParty: "BUYER",
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });
});
