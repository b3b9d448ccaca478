// Issue 33 item 13: a figure computed from fewer than 3 data points shows 「実績なし（新規）」, per
// figure — a buyer with 3 inquiries but one reply is not "100 %", one closed inquiry is not "0 %",
// one quote is not a supplier's median. On a controlled clock (vi.setSystemTime, Date only).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buyerFigures, runBuyerTrackRecords } from "@/modules/deals/buyer-record.service";
import { recomputeSupplierRecord, supplierFigures } from "@/modules/deals/supplier-record.service";
import { db } from "@/server/db/client";
import { type Account, registerVerified } from "../factories/accounts";
import { base, quote } from "../factories/deal-quotes";
import { openDealThread } from "../factories/deals";
import { api } from "../factories/http";
import { resetInquiryLimits } from "../factories/inquiries";

function jst(wall: string): Date {
  const d = new Date(`${wall.replace(" ", "T")}:00+09:00`);
  vi.setSystemTime(d);
  return d;
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  await resetInquiryLimits();
});
afterEach(() => {
  vi.useRealTimers();
});

const say = (a: Account, threadId: string) =>
  api("POST", `${base(a)}/threads/${threadId}/messages`, {
    token: a.token,
    body: { body: "ご連絡ありがとうございます。" },
  });
const close = (buyer: Account, inquiryId: string) =>
  api("POST", `/api/buyer/company/${buyer.companyId}/contact/${inquiryId}/close`, { token: buyer.token });
const nominationList = (s: Account) =>
  api("GET", `/api/oem/company/${s.companyId}/contacts?contactType=NOMINATION`, { token: s.token });

describe("fewer than 3 data points, per figure", () => {
  it("shows no buyer rate or median from 1 or 2 data points, each figure from its own 3", async () => {
    jst("2026-06-01 10:00"); // Monday
    const buyer = await registerVerified("BUYER");
    const supplier = await registerVerified("SUPPLIER");
    const threads = [];
    for (let i = 0; i < 3; i++) threads.push(await openDealThread(buyer, supplier));
    const [t1, t2, t3] = threads as [(typeof threads)[0], (typeof threads)[0], (typeof threads)[0]];

    // One reply in time, one closed inquiry left undecided: one data point each.
    jst("2026-06-01 11:00");
    expect((await say(buyer, t1.threadId)).status).toBe(201);
    expect((await close(buyer, t1.inquiryId)).status).toBe(200);
    let now = jst("2026-06-01 12:00");
    await runBuyerTrackRecords(db(), now);
    expect(await buyerFigures(db(), t1.inquiryId, now)).toMatchObject({
      isNew: false, // 3 published inquiries
      replyRate: null, // not "100 %" from one opportunity
      replyOpportunities: 1,
      repliedInTime: 1,
      decisionRate: null, // not "0 %" from one closed inquiry
      medianFirstReplyMinutes: null, // not "約1時間" from one reply
    });
    const row = (await nominationList(supplier)).body.items[0];
    expect(row.buyerRecord).toEqual({ isNew: false, replyRate: null, decisionRate: null });

    // Three replies (one late) and three closed inquiries: every figure shows.
    jst("2026-06-01 13:00");
    expect((await say(buyer, t2.threadId)).status).toBe(201);
    jst("2026-06-09 10:00"); // business day 6: too late for the rate, still a reply for the median
    expect((await say(buyer, t3.threadId)).status).toBe(201);
    for (const t of [t2, t3]) expect((await close(buyer, t.inquiryId)).status).toBe(200);
    now = jst("2026-06-09 11:00");
    await runBuyerTrackRecords(db(), now);
    expect(await buyerFigures(db(), t1.inquiryId, now)).toMatchObject({
      isNew: false,
      replyRate: 67, // 2 of 3 in time
      decisionRate: 0, // 0 of 3 decided
      medianFirstReplyMinutes: 180, // 60, 180, 8 days
    });
  });

  it("shows no supplier median time to the first quote from 1 or 2 quotes", async () => {
    const buyer = await registerVerified("BUYER");
    const supplier = await registerVerified("SUPPLIER");
    for (let i = 0; i < 2; i++) {
      const { threadId } = await openDealThread(buyer, supplier);
      expect((await quote(supplier, threadId)).status).toBe(201);
    }
    await recomputeSupplierRecord(db(), supplier.companyId);
    expect(await supplierFigures(db(), supplier.companyId)).toMatchObject({
      quotesSent: 2,
      medianFirstQuoteMinutes: null, // not "約1分" from two quotes
    });
    const { threadId } = await openDealThread(buyer, supplier);
    expect((await quote(supplier, threadId)).status).toBe(201);
    await recomputeSupplierRecord(db(), supplier.companyId);
    expect(await supplierFigures(db(), supplier.companyId)).toMatchObject({
      quotesSent: 3,
      medianFirstQuoteMinutes: expect.any(Number),
    });
  });
});
