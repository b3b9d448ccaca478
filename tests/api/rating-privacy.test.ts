// Issue 33 items 14 and 28: ratings stay private — a rated company never reads one counterpart's
// individual scores or comment, only aggregates of 3 or more — and they count only from awarded
// threads: rating a declined or withdrawn thread is refused (409), stores nothing and leaves every
// figure as it was, also 14 days later (the reveal delay), on a set clock.
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ratingsReceived } from "@/modules/deals/rating.service";
import { supplierFigures } from "@/modules/deals/supplier-record.service";
import { db } from "@/server/db/client";
import { dealRatings, dealThreads } from "@/server/db/schema";
import { type Account, registerVerified } from "../factories/accounts";
import { base, quote } from "../factories/deal-quotes";
import { openDealThread } from "../factories/deals";
import { api } from "../factories/http";
import { resetInquiryLimits } from "../factories/inquiries";

const DAY = 86_400_000;
const FROM_BUYER = { communication: 2, accuracy: 1, speed: 2, comment: "納期の連絡が遅く、困りました。" };
const FROM_SUPPLIER = { communication: 5, accuracy: 5, speed: 4, comment: "仕様の確定が早く助かりました。" };

let buyer: Account;
let supplier: Account;

const ratingOf = (who: Account, threadId: string) => `${base(who)}/threads/${threadId}/rating`;
const getRating = (who: Account, threadId: string) =>
  api("GET", ratingOf(who, threadId), { token: who.token });
const rate = (who: Account, threadId: string, body: unknown) =>
  api("POST", ratingOf(who, threadId), { token: who.token, body });
const decide = (who: Account, threadId: string, action: string, body: unknown) =>
  api("POST", `${base(who)}/threads/${threadId}/${action}`, { token: who.token, body });

async function awarded(b: Account, s: Account): Promise<{ threadId: string; decidedAt: Date }> {
  await resetInquiryLimits();
  const { threadId } = await openDealThread(b, s);
  expect((await quote(s, threadId)).status).toBe(201);
  expect((await decide(b, threadId, "award", { version: 1 })).status).toBe(200);
  const [row] = await db().select().from(dealThreads).where(eq(dealThreads.id, threadId));
  return { threadId, decidedAt: row!.decidedAt! };
}

/** Every individual trace of the counterpart's rating: its comment and its scores as a set. */
function expectNothingOf(body: unknown, theirs: typeof FROM_BUYER) {
  const text = JSON.stringify(body);
  expect(text).not.toContain(theirs.comment);
  expect((body as { theirs?: unknown }).theirs ?? null).toBeNull();
}

beforeAll(async () => {
  buyer = await registerVerified("BUYER");
  supplier = await registerVerified("SUPPLIER");
});
afterEach(() => {
  vi.useRealTimers();
});

describe("ratings stay private (item 14)", () => {
  it("never shows one counterpart's scores or comment, after both rated nor 14 days later", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { threadId, decidedAt } = await awarded(buyer, supplier);
    expect((await rate(buyer, threadId, FROM_BUYER)).status).toBe(201);
    const second = await rate(supplier, threadId, FROM_SUPPLIER);
    expect(second.status).toBe(201);
    // Both rated: each side still reads only its own rating.
    expectNothingOf(second.body, FROM_BUYER);
    expect(second.body.mine).toMatchObject(FROM_SUPPLIER);
    const buyerView = await getRating(buyer, threadId);
    expectNothingOf(buyerView.body, FROM_SUPPLIER);
    expect(buyerView.body.mine).toMatchObject(FROM_BUYER);
    expectNothingOf((await getRating(supplier, threadId)).body, FROM_BUYER);

    vi.setSystemTime(new Date(decidedAt.getTime() + 15 * DAY));
    expectNothingOf((await getRating(buyer, threadId)).body, FROM_SUPPLIER);
    expectNothingOf((await getRating(supplier, threadId)).body, FROM_BUYER);
    // One rating is no aggregate either: nothing to read the single score from.
    expect((await supplierFigures(db(), supplier.companyId)).ratings).toMatchObject({
      count: 1,
      overall: null,
      communication: null,
    });
  });
});

describe("ratings count only from awarded threads (item 14)", () => {
  it("leaves a rating row of a thread that is not awarded out of every aggregate", async () => {
    const s = await registerVerified("SUPPLIER");
    const b = await registerVerified("BUYER");
    for (let i = 0; i < 3; i++) {
      const { threadId } = await awarded(b, s);
      expect((await rate(b, threadId, { communication: 4, accuracy: 4, speed: 4 })).status).toBe(201);
      expect((await rate(s, threadId, { communication: 3, accuracy: 3, speed: 3 })).status).toBe(201);
    }
    // A declined thread with both sides' rows (as data from before the rule, or written around the
    // API): the figures must not take them in.
    await resetInquiryLimits();
    const declined = (await openDealThread(b, s)).threadId;
    expect((await quote(s, declined)).status).toBe(201);
    expect((await decide(b, declined, "decline", { reason: "PRICE" })).status).toBe(200);
    const row = { threadId: declined, communication: 1, accuracy: 1, speed: 1, comment: null };
    await db()
      .insert(dealRatings)
      .values([
        { ...row, raterSide: "BUYER", raterCompanyId: b.companyId, rateeCompanyId: s.companyId },
        { ...row, raterSide: "SUPPLIER", raterCompanyId: s.companyId, rateeCompanyId: b.companyId },
      ]);
    expect((await supplierFigures(db(), s.companyId)).ratings).toMatchObject({ count: 3, overall: 4 });
    expect((await ratingsReceived(db(), [b.companyId])).get(b.companyId)).toMatchObject({
      count: 3,
      overall: 3,
    });
  });
});

describe("ratings only on awarded threads (item 28)", () => {
  it("refuses a declined or a withdrawn thread with 409, stores nothing, and no figure moves 14 days later", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const s = await registerVerified("SUPPLIER");
    const b = await registerVerified("BUYER");
    // Three awarded threads rated both ways: the figures show.
    for (let i = 0; i < 3; i++) {
      const { threadId } = await awarded(b, s);
      expect((await rate(b, threadId, { communication: 4, accuracy: 4, speed: 4 })).status).toBe(201);
      expect((await rate(s, threadId, { communication: 3, accuracy: 3, speed: 3 })).status).toBe(201);
    }
    const figures = async (now: Date) => ({
      supplier: (await supplierFigures(db(), s.companyId, now)).ratings,
      buyer: (await ratingsReceived(db(), [b.companyId], now)).get(b.companyId),
    });
    const before = await figures(new Date());
    expect(before.supplier).toMatchObject({ count: 3, overall: 4 });
    expect(before.buyer).toMatchObject({ count: 3, overall: 3 });

    // Declined by the buyer after a quote; withdrawn (辞退) by the supplier.
    await resetInquiryLimits();
    const declined = (await openDealThread(b, s)).threadId;
    expect((await quote(s, declined)).status).toBe(201);
    expect((await decide(b, declined, "decline", { reason: "PRICE" })).status).toBe(200);
    const withdrawn = (await openDealThread(b, s)).threadId;
    expect((await decide(s, withdrawn, "no-quote", { reason: "CAPACITY" })).status).toBe(200);

    for (const threadId of [declined, withdrawn]) {
      for (const [who, score] of [
        [b, 1],
        [s, 5],
      ] as const) {
        const res = await rate(who, threadId, { communication: score, accuracy: score, speed: score });
        expect(res.status).toBe(409);
        expect(res.body.error.message).toMatch(/評価/);
        expect((await getRating(who, threadId)).body).toMatchObject({ canRate: false, mine: null });
      }
      expect(await db().select().from(dealRatings).where(eq(dealRatings.threadId, threadId))).toEqual([]);
    }

    // 14 days later (the reveal delay of a lone rating): still refused, and no figure moved.
    const later = new Date(Date.now() + 15 * DAY);
    vi.setSystemTime(later);
    expect((await rate(b, declined, { communication: 1, accuracy: 1, speed: 1 })).status).toBe(409);
    expect(await figures(later)).toEqual(before);
  });
});
