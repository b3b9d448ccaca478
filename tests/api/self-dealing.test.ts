// Issue 33 item 15: deals between companies that share a member count nowhere. One person who is a
// member of a supplier and of a buyer nominates, awards and rates itself 5.0 three times: the
// supplier's public figures, its ratings, the buyer's reply and decision rates leave those deals
// out — also after the person leaves one company (decision 0035: a member at any time) and when
// the link appears after the deals were counted — and the operator's trust signals flag the buyer.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  buyerFigures,
  keptBuyerRecord,
  recomputeBuyerRecord,
  runBuyerTrackRecords,
} from "@/modules/deals/buyer-record.service";
import { ratingsReceived } from "@/modules/deals/rating.service";
import { recomputeSupplierRecord, supplierFigures } from "@/modules/deals/supplier-record.service";
import { changesSeen } from "@/server/db/change-feed";
import { db } from "@/server/db/client";
import { inquiries, memberships } from "@/server/db/schema";
import { type Account, createOwner, registerVerified } from "../factories/accounts";
import { base, quote } from "../factories/deal-quotes";
import { openDealThread } from "../factories/deals";
import { api } from "../factories/http";
import { resetInquiryLimits } from "../factories/inquiries";

const FIVE = { communication: 5, accuracy: 5, speed: 5 };

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

const post = (who: Account, rest: string, body?: unknown) =>
  api("POST", `${base(who)}${rest}`, { token: who.token, body });

/** Makes the person behind `who` a member of `companyId` too (as an invitation would). */
async function joinAlso(who: Account, companyId: string): Promise<Account> {
  await db().insert(memberships).values({ userId: who.userId, companyId, role: "ADMIN", name: "兼務 太郎" });
  await changesSeen(db()); // kept reads of memberships follow the change feed (decision 0025)
  return { ...who, companyId };
}

/** A nomination, quoted, awarded and rated 5.0 by both sides; answered by the buyer in time. */
async function dealAndRate(b: Account, s: Account): Promise<{ threadId: string; inquiryId: string }> {
  const { threadId, inquiryId } = await openDealThread(b, s, { companyId: b.companyId });
  expect((await post(b, `/threads/${threadId}/messages`, { body: "よろしくお願いします。" })).status).toBe(
    201,
  );
  expect((await quote(s, threadId)).status).toBe(201);
  expect((await post(b, `/threads/${threadId}/award`, { version: 1 })).status).toBe(200);
  expect((await post(b, `/threads/${threadId}/rating`, FIVE)).status).toBe(201);
  expect((await post(s, `/threads/${threadId}/rating`, FIVE)).status).toBe(201);
  return { threadId, inquiryId };
}

describe("self-dealing counts nowhere", () => {
  it("leaves a shared member's own deals out of the supplier's, the buyer's and the ratings' figures, and flags them", async () => {
    let now = jst("2026-06-01 10:00");
    const supplier = await registerVerified("SUPPLIER");
    const buyerCo = await registerVerified("BUYER");
    // The supplier's admin is a member of the buyer company too: it acts as the buyer.
    const self = await joinAlso(supplier, buyerCo.companyId);
    const inquiryIds: string[] = [];
    for (let i = 0; i < 3; i++) inquiryIds.push((await dealAndRate(self, supplier)).inquiryId);

    // The supplier's public figures and ratings: nothing from those deals.
    await recomputeSupplierRecord(db(), supplier.companyId);
    expect(await supplierFigures(db(), supplier.companyId)).toMatchObject({
      nominations: 0,
      quotesSent: 0,
      awardsWon: 0,
      ratings: { count: 0, overall: null },
    });
    expect((await ratingsReceived(db(), [buyerCo.companyId])).get(buyerCo.companyId)).toMatchObject({
      count: 0,
    });

    // The buyer's figures: three timely replies and three decided inquiries are not its record.
    // An award ends its inquiry (発注先決定, issue 33 item 3): each one counts as decided, but not here.
    for (const id of inquiryIds) {
      const [row] = await db()
        .select({ status: inquiries.status })
        .from(inquiries)
        .where(eq(inquiries.id, id));
      expect(row?.status).toBe("AWARDED");
    }
    now = jst("2026-06-01 11:00");
    await runBuyerTrackRecords(db(), now);
    expect(await keptBuyerRecord(db(), buyerCo.companyId)).toMatchObject({
      opportunities: 0,
      repliedInTime: 0,
      firstReplyMinutes: [],
      closedInquiries: 0,
      decidedInquiries: 0,
    });
    expect(await recomputeBuyerRecord(db(), buyerCo.companyId, now)).toEqual(
      await keptBuyerRecord(db(), buyerCo.companyId),
    );
    expect(await buyerFigures(db(), inquiryIds[0]!, now)).toMatchObject({
      replyRate: null,
      decisionRate: null,
    });

    // Leaving the supplier afterwards changes nothing: a member at any time.
    await db().delete(memberships).where(eq(memberships.userId, supplier.userId));
    await recomputeSupplierRecord(db(), supplier.companyId);
    expect((await supplierFigures(db(), supplier.companyId)).ratings.count).toBe(0);
    expect((await supplierFigures(db(), supplier.companyId)).awardsWon).toBe(0);

    // The operator sees the buyer flagged, with the deals between companies sharing a member.
    const owner = await createOwner();
    const flagged = await api("GET", "/api/owner/trust-signals/buyers?signal=shared-member", {
      token: owner.token,
    });
    expect(flagged.status).toBe(200);
    expect(flagged.body.items).toContainEqual(
      expect.objectContaining({
        company: expect.objectContaining({ id: buyerCo.companyId }),
        sharedMemberDeals: 3,
        sharedMember: true,
      }),
    );
  });

  it("takes counted deals back out when the two companies come to share a member later", async () => {
    let now = jst("2026-07-01 10:00");
    const supplier = await registerVerified("SUPPLIER");
    const buyer = await registerVerified("BUYER");
    const other = await registerVerified("SUPPLIER");
    for (let i = 0; i < 3; i++) await dealAndRate(buyer, supplier);
    const honest = await openDealThread(buyer, other); // a deal with another supplier stays
    expect(
      (await post(buyer, `/threads/${honest.threadId}/messages`, { body: "ご確認ください。" })).status,
    ).toBe(201);
    now = jst("2026-07-01 11:00");
    await runBuyerTrackRecords(db(), now);
    expect(await keptBuyerRecord(db(), buyer.companyId)).toMatchObject({
      opportunities: 4,
      repliedInTime: 4,
    });
    await recomputeSupplierRecord(db(), supplier.companyId);
    expect((await supplierFigures(db(), supplier.companyId)).ratings).toMatchObject({ count: 3, overall: 5 });

    // The buyer's user joins the supplier: from now on those deals count nowhere.
    await joinAlso(buyer, supplier.companyId);
    expect((await supplierFigures(db(), supplier.companyId)).ratings).toMatchObject({ count: 0 });
    now = jst("2026-07-01 11:15");
    await runBuyerTrackRecords(db(), now);
    const kept = await keptBuyerRecord(db(), buyer.companyId);
    expect(kept).toMatchObject({ opportunities: 1, repliedInTime: 1 });
    expect(kept.firstReplyMinutes).toHaveLength(1);
    expect(await recomputeBuyerRecord(db(), buyer.companyId, now)).toEqual(kept);
    await recomputeSupplierRecord(db(), supplier.companyId);
    expect(await supplierFigures(db(), supplier.companyId)).toMatchObject({ quotesSent: 0, awardsWon: 0 });
    // Running the job again takes nothing more.
    await runBuyerTrackRecords(db(), jst("2026-07-01 11:30"));
    expect(await keptBuyerRecord(db(), buyer.companyId)).toEqual(kept);
  });
});
