// Both-way private ratings after an award (issue 19; docs/trust.md "Ratings"): each side rates the
// other once, only on an AWARDED thread; a rating is never shown to the other side (issue 33) and
// joins the aggregates once both rated or 14 days after the award (on a set clock); aggregates show
// from 3.
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ratingsReceived } from "@/modules/deals/rating.service";
import { supplierFigures } from "@/modules/deals/supplier-record.service";
import { db } from "@/server/db/client";
import { dealRatings, dealThreads } from "@/server/db/schema";
import { type Account, registerVerified } from "../factories/accounts";
import { addGeneralMember } from "../factories/actors";
import { base, quote } from "../factories/deal-quotes";
import { openDealThread } from "../factories/deals";
import { api } from "../factories/http";
import { resetInquiryLimits } from "../factories/inquiries";

const DAY = 86_400_000;
const GOOD = { communication: 5, accuracy: 4, speed: 3, comment: "迅速で丁寧なご対応でした。" };

let buyer: Account;
let buyerGeneral: Account;
let otherBuyer: Account;
let supplier: Account;

const ratingOf = (who: Account, threadId: string) => `${base(who)}/threads/${threadId}/rating`;
const getRating = (who: Account, threadId: string) =>
  api("GET", ratingOf(who, threadId), { token: who.token });
const rate = (who: Account, threadId: string, body: unknown = GOOD) =>
  api("POST", ratingOf(who, threadId), { token: who.token, body });

/** A nomination's thread, quoted and awarded through the API; its award time. */
async function awardedThread(b: Account, s: Account): Promise<{ threadId: string; decidedAt: Date }> {
  await resetInquiryLimits();
  const { threadId } = await openDealThread(b, s);
  expect((await quote(s, threadId)).status).toBe(201);
  const res = await api("POST", `${base(b)}/threads/${threadId}/award`, {
    token: b.token,
    body: { version: 1 },
  });
  expect(res.status).toBe(200);
  const [row] = await db().select().from(dealThreads).where(eq(dealThreads.id, threadId));
  return { threadId, decidedAt: row!.decidedAt! };
}

beforeAll(async () => {
  buyer = await registerVerified("BUYER", { companyName: "株式会社評価テスト商事" });
  buyerGeneral = await addGeneralMember(buyer.companyId);
  otherBuyer = await registerVerified("BUYER");
  supplier = await registerVerified("SUPPLIER", { companyName: "株式会社評価テスト工業" });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("rating after an award", () => {
  it("lets each side rate once; each side reads only its own rating", async () => {
    const { threadId, decidedAt } = await awardedThread(buyer, supplier);
    const start = await getRating(buyer, threadId);
    expect(start.status).toBe(200);
    expect(start.body).toEqual({
      threadId,
      side: "BUYER",
      canRate: true,
      mine: null,
      countsFrom: new Date(decidedAt.getTime() + 14 * DAY).toISOString(),
    });

    const mine = await rate(buyer, threadId);
    expect(mine.status).toBe(201);
    expect(mine.body).toMatchObject({ canRate: false, mine: GOOD });
    // The supplier does not see the buyer's rating.
    expect((await getRating(supplier, threadId)).body).toEqual(
      expect.objectContaining({ side: "SUPPLIER", canRate: true, mine: null }),
    );

    // Once per side: again, or by another member of the same company, is refused.
    for (const who of [buyer, buyerGeneral]) {
      const again = await rate(who, threadId, { communication: 1, accuracy: 1, speed: 1 });
      expect(again.status).toBe(409);
      expect(again.body.error.message).toBe("この商談はすでに評価済みです。評価は一度だけ送信できます。");
    }

    const theirs = await rate(supplier, threadId, { communication: 4, accuracy: 4, speed: 5 });
    expect(theirs.status).toBe(201);
    // Both rated: still each side reads its own rating only (issue 33).
    expect(theirs.body).toMatchObject({ mine: { communication: 4, comment: null } });
    expect(theirs.body).not.toHaveProperty("theirs");
    expect(JSON.stringify(theirs.body)).not.toContain(GOOD.comment);
    expect((await getRating(buyerGeneral, threadId)).body).toMatchObject({ canRate: false, mine: GOOD });
    const rows = await db().select().from(dealRatings).where(eq(dealRatings.threadId, threadId));
    expect(rows.map((r) => [r.raterSide, r.raterCompanyId, r.rateeCompanyId]).sort()).toEqual(
      [
        ["BUYER", buyer.companyId, supplier.companyId],
        ["SUPPLIER", supplier.companyId, buyer.companyId],
      ].sort(),
    );
  });

  it("never shows a lone rating to the other side, before or after 14 days; the other may still rate", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { threadId, decidedAt } = await awardedThread(buyer, supplier);
    expect((await rate(supplier, threadId, { communication: 2, accuracy: 3, speed: 4 })).status).toBe(201);
    for (const at of [decidedAt.getTime() + 14 * DAY - 60_000, decidedAt.getTime() + 14 * DAY]) {
      vi.setSystemTime(new Date(at));
      const view = (await getRating(buyer, threadId)).body;
      expect(view).toMatchObject({ canRate: true, mine: null });
      expect(view).not.toHaveProperty("theirs");
    }
    expect((await rate(buyer, threadId)).status).toBe(201);
    expect((await getRating(supplier, threadId)).body).toMatchObject({
      mine: { communication: 2, accuracy: 3, speed: 4 },
    });
    expect(JSON.stringify((await getRating(supplier, threadId)).body)).not.toContain(GOOD.comment);
  });

  it("refuses a thread that is not awarded (409), another company's thread (404), signed out first (401)", async () => {
    await resetInquiryLimits();
    const { threadId: open } = await openDealThread(buyer, supplier);
    expect((await quote(supplier, open)).status).toBe(201);
    const refused = await rate(buyer, open);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe("評価は、発注先に決定した商談でのみできます。");
    expect((await getRating(supplier, open)).body).toMatchObject({ canRate: false, countsFrom: null });

    const { threadId } = await awardedThread(buyer, supplier);
    expect((await rate(otherBuyer, threadId)).status).toBe(404);
    expect((await getRating(otherBuyer, threadId)).status).toBe(404);
    // My company's path, someone else's thread id: not found either, and nothing stored.
    expect((await rate(otherBuyer, "not-a-uuid")).status).toBe(404);
    expect(await db().select().from(dealRatings).where(eq(dealRatings.threadId, threadId))).toEqual([]);

    const signedOut = await api("POST", ratingOf(buyer, threadId), { body: { communication: 9 } });
    expect(signedOut.status).toBe(401);
  });

  it("answers 422 with Japanese field errors", async () => {
    const { threadId } = await awardedThread(buyer, supplier);
    const res = await rate(buyer, threadId, {
      communication: 0,
      accuracy: "5",
      speed: 4.5,
      comment: "あ".repeat(1001),
    });
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toEqual({
      communication: "コミュニケーションは1〜5で選んでください",
      accuracy: "正確さを1〜5で選んでください",
      speed: "スピードは1〜5の整数で選んでください",
      comment: "コメントは1000文字以内で入力してください",
    });
    const missing = await rate(buyer, threadId, {});
    expect(Object.keys(missing.body.error.fields).sort()).toEqual(["accuracy", "communication", "speed"]);
    expect((await getRating(buyer, threadId)).body.canRate).toBe(true);
  });
});

describe("rating aggregates", () => {
  it("count visible ratings only and show averages from 3", async () => {
    const s = await registerVerified("SUPPLIER");
    const b = await registerVerified("BUYER");
    const figures = () => supplierFigures(db(), s.companyId);
    const scores = [
      { communication: 5, accuracy: 4, speed: 4 },
      { communication: 4, accuracy: 5, speed: 4 },
      { communication: 5, accuracy: 4, speed: 5 },
    ];
    const threads: string[] = [];
    for (const [i, score] of scores.entries()) {
      const { threadId } = await awardedThread(b, s);
      threads.push(threadId);
      expect((await rate(b, threadId, score)).status).toBe(201);
      // The supplier rates back, which makes the buyer's rating visible (except on the last thread).
      if (i < 2)
        expect((await rate(s, threadId, { communication: 3, accuracy: 3, speed: 3 })).status).toBe(201);
    }
    // Two visible, one hidden (only the buyer rated, 14 days not passed): no averages yet.
    expect((await figures()).ratings).toEqual({
      count: 2,
      overall: null,
      communication: null,
      accuracy: null,
      speed: null,
    });
    expect((await ratingsReceived(db(), [b.companyId])).get(b.companyId)).toMatchObject({
      count: 2,
      overall: null,
    });

    // The third becomes visible when the supplier rates too: averages from 3.
    expect((await rate(s, threads[2]!, { communication: 2, accuracy: 3, speed: 4 })).status).toBe(201);
    expect((await figures()).ratings).toEqual({
      count: 3,
      communication: 4.7, // (5 + 4 + 5) / 3
      accuracy: 4.3, // 13 / 3
      speed: 4.3,
      overall: 4.4, // the mean of the three: (14 + 13 + 13) / 9 = 4.44
    });
    // The buyer received 3 visible ratings from the supplier: (3, 3, 3) × 2 and (2, 3, 4).
    expect((await ratingsReceived(db(), [b.companyId])).get(b.companyId)).toEqual({
      count: 3,
      communication: 2.7,
      accuracy: 3,
      speed: 3.3,
      overall: 3,
    });
  });

  it("counts a lone rating in the aggregate from 14 days after the award", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const s = await registerVerified("SUPPLIER");
    const b = await registerVerified("BUYER");
    let last = new Date();
    for (let i = 0; i < 3; i++) {
      const { threadId, decidedAt } = await awardedThread(b, s);
      expect((await rate(b, threadId, { communication: 4, accuracy: 4, speed: 4 })).status).toBe(201);
      last = decidedAt;
    }
    expect((await supplierFigures(db(), s.companyId)).ratings.count).toBe(0);
    expect((await supplierFigures(db(), s.companyId, new Date(last.getTime() + 14 * DAY))).ratings).toEqual({
      count: 3,
      overall: 4,
      communication: 4,
      accuracy: 4,
      speed: 4,
    });
  });
});
