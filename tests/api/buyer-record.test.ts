// The buyer's track record (issue 19; docs/trust-plan.md "Buyer figures") on a controlled clock
// (vi.setSystemTime, Date only; it only moves forward in this file): replies within 5 Japanese
// business days, the decision rate with a later decision, new buyers, threads from before step 5,
// what suppliers may see, and job runs racing decisions.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addBusinessDays } from "@/lib/business-days";
import type { BuyerFigures } from "@/modules/deals/buyer-record.schema";
import {
  buyerFigures,
  keptBuyerRecord,
  recomputeBuyerRecord,
  runBuyerTrackRecords,
} from "@/modules/deals/buyer-record.service";
import { db } from "@/server/db/client";
import { companies, dealMessages, dealThreads, inquiries } from "@/server/db/schema";
import { type Account, createOwner, registerVerified } from "../factories/accounts";
import { addThread, base } from "../factories/deal-quotes";
import { openDealThread } from "../factories/deals";
import { basicInfo } from "../factories/documents";
import { api } from "../factories/http";
import {
  createInquiry,
  insertNominations,
  insertOpenRecruits,
  resetInquiryLimits,
} from "../factories/inquiries";
import { itConcurrently } from "../support/concurrency";

/** Sets the clock to a Japan wall-clock time ("2026-06-01 10:00"). */
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

const say = (a: Account, threadId: string, body = "ご連絡ありがとうございます。") =>
  api("POST", `${base(a)}/threads/${threadId}/messages`, { token: a.token, body: { body } });

async function expectKeptEqualsRecomputed(companyId: string, now: Date) {
  expect(await keptBuyerRecord(db(), companyId)).toEqual(await recomputeBuyerRecord(db(), companyId, now));
}

async function suppliers(n: number): Promise<Account[]> {
  return Promise.all(Array.from({ length: n }, () => registerVerified("SUPPLIER")));
}

describe("reply rate and first-reply time", () => {
  it("counts a reply within 5 business days (the end included), not one on business day 6, whose time still counts", async () => {
    jst("2026-06-01 10:00"); // Monday; the window ends Monday 2026-06-08 10:00
    const buyer = await registerVerified("BUYER");
    const [s1, s2, s3] = await suppliers(3);
    const t1 = await openDealThread(buyer, s1!);
    const t2 = await openDealThread(buyer, s2!);
    const t3 = await openDealThread(buyer, s3!);
    const [row] = await db().select().from(dealThreads).where(eq(dealThreads.id, t1.threadId));
    expect(row!.replyWindowEndsAt!.toISOString()).toBe("2026-06-08T01:00:00.000Z");

    jst("2026-06-04 13:00"); // business day 3
    expect((await say(buyer, t1.threadId)).status).toBe(201);
    jst("2026-06-08 10:00"); // the window's last instant
    expect((await say(buyer, t3.threadId)).status).toBe(201);
    let now = jst("2026-06-09 10:00"); // business day 6
    expect((await say(buyer, t2.threadId)).status).toBe(201);
    expect((await say(buyer, t2.threadId, "2通目")).status).toBe(201); // only the first reply counts

    // Before the job: the two timely replies are counted, every first reply feeds the median.
    expect(await keptBuyerRecord(db(), buyer.companyId)).toMatchObject({
      opportunities: 2,
      repliedInTime: 2,
      firstReplyMinutes: [3 * 1440 + 180, 7 * 1440, 8 * 1440],
    });
    expect(await runBuyerTrackRecords(db(), now)).toMatchObject({ windowsCounted: 1 });
    await expectKeptEqualsRecomputed(buyer.companyId, now);

    now = jst("2026-06-10 10:00");
    expect(await runBuyerTrackRecords(db(), now)).toMatchObject({ windowsCounted: 0, backfilled: 0 });
    // The month of registration, Japan time (the row's default is the database's clock: set it here).
    await db()
      .update(companies)
      .set({ createdAt: new Date("2024-04-30T15:30:00Z") }) // 2024-05-01 00:30 JST
      .where(eq(companies.id, buyer.companyId));
    const f = await buyerFigures(db(), t1.inquiryId, now);
    expect(f).toMatchObject({
      isNew: false,
      replyRate: 67,
      replyOpportunities: 3,
      repliedInTime: 2,
      medianFirstReplyMinutes: 7 * 1440,
      inquiriesLast12Months: 3,
      emailVerified: true,
      memberSince: "2024-05",
    });
  });

  it("counts a thread whose window ended in silence once, however often and however many jobs run", async () => {
    jst("2026-07-03 18:00"); // Friday evening
    const buyer = await registerVerified("BUYER");
    const [s1, s2, s3] = await suppliers(3);
    await openDealThread(buyer, s1!);
    await openDealThread(buyer, s2!);
    const t3 = await openDealThread(buyer, s3!);
    // Marine Day (Monday 2026-07-20) is no business day: opened Monday 07-13 09:00, the window ends Tuesday 07-21.
    const opened = new Date("2026-07-13T00:00:00Z");
    const window = addBusinessDays(opened, 5);
    expect(window.toISOString()).toBe("2026-07-21T00:00:00.000Z");
    await db()
      .update(dealThreads)
      .set({ openedAt: opened, replyWindowEndsAt: window })
      .where(eq(dealThreads.id, t3.threadId));
    let now = jst("2026-07-10 18:01"); // the first two windows ended (Friday 18:00)
    // Two runs at once (two app processes on PostgreSQL; interleaved on PGlite) count each thread once.
    await Promise.all([runBuyerTrackRecords(db(), now), runBuyerTrackRecords(db(), now)]);
    expect(await keptBuyerRecord(db(), buyer.companyId)).toMatchObject({
      opportunities: 2,
      repliedInTime: 0,
    });
    await expectKeptEqualsRecomputed(buyer.companyId, now);
    now = jst("2026-07-20 09:00");
    await runBuyerTrackRecords(db(), now);
    await expectKeptEqualsRecomputed(buyer.companyId, now);
    expect((await keptBuyerRecord(db(), buyer.companyId)).opportunities).toBe(2);
    // Two opportunities are no rate yet (issue 33: 3 data points per figure), never 0 %.
    expect(await buyerFigures(db(), t3.inquiryId, now)).toMatchObject({ replyRate: null });
    now = jst("2026-07-21 09:01"); // the third window ended too
    await runBuyerTrackRecords(db(), now);
    await expectKeptEqualsRecomputed(buyer.companyId, now);
    const f = await buyerFigures(db(), t3.inquiryId, now);
    expect(f).toMatchObject({ replyRate: 0, replyOpportunities: 3, medianFirstReplyMinutes: null });
  });

  it("takes threads opened before step 5: their window and their first buyer message from the history", async () => {
    let now = jst("2026-08-03 10:00");
    const buyer = await registerVerified("BUYER");
    const [s1, s2, s3] = await suppliers(3);
    const old = [
      await openDealThread(buyer, s1!),
      await openDealThread(buyer, s2!),
      await openDealThread(buyer, s3!),
    ];
    const opened = new Date("2026-07-01T01:00:00Z"); // Wednesday 10:00 JST
    for (const t of old) {
      await db()
        .update(dealThreads)
        .set({ openedAt: opened, replyWindowEndsAt: null })
        .where(eq(dealThreads.id, t.threadId));
    }
    // Thread 0: the buyer answered after an hour (before the track record existed).
    await db()
      .insert(dealMessages)
      .values({
        threadId: old[0]!.threadId,
        side: "BUYER",
        kind: "MESSAGE",
        body: "はい",
        createdAt: new Date(opened.getTime() + 3_600_000),
      });
    // Thread 1: the buyer answered after 10 days, then writes again now (recorded live, before the job).
    await db()
      .insert(dealMessages)
      .values({
        threadId: old[1]!.threadId,
        side: "BUYER",
        kind: "MESSAGE",
        body: "遅くなりました",
        createdAt: new Date(opened.getTime() + 10 * 86_400_000),
      });
    expect((await say(buyer, old[1]!.threadId)).status).toBe(201);
    // Thread 2: never answered. Until the job runs, only the live reply is kept (its window now set).
    expect(await keptBuyerRecord(db(), buyer.companyId)).toMatchObject({
      opportunities: 0,
      firstReplyMinutes: [10 * 1440],
    });
    expect(await runBuyerTrackRecords(db(), now)).toMatchObject({ backfilled: 2 });
    expect(await keptBuyerRecord(db(), buyer.companyId)).toEqual({
      opportunities: 3,
      repliedInTime: 1,
      firstReplyMinutes: [60, 10 * 1440],
      closedInquiries: 0,
      decidedInquiries: 0,
    });
    await expectKeptEqualsRecomputed(buyer.companyId, now);
    now = jst("2026-08-04 10:00");
    expect(await runBuyerTrackRecords(db(), now)).toMatchObject({ backfilled: 0 });
    await expectKeptEqualsRecomputed(buyer.companyId, now);
  });
});

describe("decision rate", () => {
  it("counts closed inquiries once and turns one decided when a later decision settles its last thread", async () => {
    let now = jst("2026-09-01 10:00");
    const buyer = await registerVerified("BUYER");
    const [s1, s2, s3] = await suppliers(3);
    const n1 = await openDealThread(buyer, s1!);
    const n2 = await openDealThread(buyer, s2!);
    await openDealThread(buyer, s3!); // stays open: not counted
    // A public inquiry with two suppliers (entered), closed with both still waiting.
    const bulk = await createInquiry(buyer);
    await db()
      .update(inquiries)
      .set({ status: "OPEN", publishedAt: new Date() })
      .where(eq(inquiries.id, bulk));
    await addThread(buyer, bulk, s1!);
    await addThread(buyer, bulk, s2!);
    // An inquiry closed without any supplier does not count.
    const lonely = await createInquiry(buyer, { type: "NOMINATION", nominatedCompanyId: s3!.companyId });

    const close = (id: string) =>
      api("POST", `/api/buyer/company/${buyer.companyId}/contact/${id}/close`, { token: buyer.token });
    for (const id of [n1.inquiryId, n2.inquiryId, bulk, lonely]) expect((await close(id)).status).toBe(200);
    // The supplier's own 辞退 needs no decision from the buyer.
    const noQuote = await api("POST", `${base(s2!)}/threads/${n2.threadId}/no-quote`, {
      token: s2!.token,
      body: { reason: "CAPACITY" },
    });
    expect(noQuote.status).toBe(200);

    now = jst("2026-09-01 11:00");
    expect(await runBuyerTrackRecords(db(), now)).toMatchObject({ inquiriesClosed: 3 });
    expect(await keptBuyerRecord(db(), buyer.companyId)).toMatchObject({
      closedInquiries: 3,
      decidedInquiries: 1,
    });
    expect((await buyerFigures(db(), n1.inquiryId, now))!.decisionRate).toBe(33);

    // Later: the buyer declines n1's supplier, then every waiting supplier of the public inquiry at once.
    const decline = await api("POST", `${base(buyer)}/threads/${n1.threadId}/decline`, {
      token: buyer.token,
      body: { reason: "PRICE" },
    });
    expect(decline.status).toBe(200);
    expect(await keptBuyerRecord(db(), buyer.companyId)).toMatchObject({ decidedInquiries: 2 });
    const others = await api("POST", `${base(buyer)}/inquiries/${bulk}/decline-others`, {
      token: buyer.token,
      body: { reason: "PROJECT_CANCELLED" },
    });
    expect(others.status).toBe(200);
    expect(others.body).toMatchObject({ declined: 2 });
    expect(await keptBuyerRecord(db(), buyer.companyId)).toMatchObject({
      closedInquiries: 3,
      decidedInquiries: 3,
    });

    now = jst("2026-09-01 12:00");
    expect(await runBuyerTrackRecords(db(), now)).toMatchObject({ inquiriesClosed: 0 });
    await expectKeptEqualsRecomputed(buyer.companyId, now);
    expect((await buyerFigures(db(), n1.inquiryId, now))!.decisionRate).toBe(100);

    // An operator reopens n1 (a correction): it leaves the figures until it is closed again.
    const owner = await createOwner();
    const edit = (status: "OPEN" | "CLOSED") =>
      api("PUT", `/api/owner/contact/nomination/${n1.inquiryId}`, {
        token: owner.token,
        body: { action: "EDIT", status },
      });
    expect((await edit("OPEN")).status).toBe(200);
    now = jst("2026-09-01 13:00");
    expect(await runBuyerTrackRecords(db(), now)).toMatchObject({ outcomesUncounted: 1 });
    expect(await keptBuyerRecord(db(), buyer.companyId)).toMatchObject({
      closedInquiries: 2,
      decidedInquiries: 2,
    });
    await expectKeptEqualsRecomputed(buyer.companyId, now);
    expect((await edit("CLOSED")).status).toBe(200);
    now = jst("2026-09-01 14:00");
    expect(await runBuyerTrackRecords(db(), now)).toMatchObject({ inquiriesClosed: 1, outcomesUncounted: 0 });
    await expectKeptEqualsRecomputed(buyer.companyId, now);
    expect(await keptBuyerRecord(db(), buyer.companyId)).toMatchObject({
      closedInquiries: 3,
      decidedInquiries: 3,
    });

    // A supplier's thread opens on the closed, decided public inquiry (an earlier entry, opened late):
    // that supplier awaits a decision, so the inquiry is undecided again until the buyer decides.
    await addThread(buyer, bulk, s3!);
    now = jst("2026-09-01 15:00");
    expect(await runBuyerTrackRecords(db(), now)).toMatchObject({ outcomesUncounted: 1, inquiriesClosed: 1 });
    expect(await keptBuyerRecord(db(), buyer.companyId)).toMatchObject({
      closedInquiries: 3,
      decidedInquiries: 2,
    });
    await expectKeptEqualsRecomputed(buyer.companyId, now);
  });
});

describe("what a supplier sees", () => {
  it("shows 実績なし（新規） below 3 published inquiries, never 0%", async () => {
    let now = jst("2026-10-01 10:00");
    const buyer = await registerVerified("BUYER");
    const supplier = await registerVerified("SUPPLIER");
    const first = await openDealThread(buyer, supplier);
    await openDealThread(buyer, supplier);
    now = jst("2026-10-15 10:00");
    await runBuyerTrackRecords(db(), now); // both windows ended in silence: 0 of 2
    const list = () =>
      api("GET", `/api/oem/company/${supplier.companyId}/contacts?contactType=NOMINATION`, {
        token: supplier.token,
      });
    let res = await list();
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(2);
    for (const item of res.body.items) {
      expect(item.buyerRecord).toEqual({ isNew: true, replyRate: null, decisionRate: null });
    }
    expect(await buyerFigures(db(), first.inquiryId, now)).toMatchObject({
      isNew: true,
      replyRate: null,
      decisionRate: null,
      replyOpportunities: null,
      repliedInTime: null,
      medianFirstReplyMinutes: null,
      inquiriesLast12Months: 2,
    });

    await openDealThread(buyer, supplier); // the third published inquiry
    res = await list();
    // Established, but its rate rests on 2 ended windows: no rate yet (issue 33), never 0 %.
    expect(res.body.items[0].buyerRecord).toEqual({ isNew: false, replyRate: null, decisionRate: null });
    // Inquiries published more than 12 months ago leave the 12-month count.
    now = jst("2027-10-16 10:00"); // the third was published on 2026-10-15
    expect(await buyerFigures(db(), first.inquiryId, now)).toMatchObject({
      inquiriesLast12Months: 0,
      isNew: false,
    });
  });

  it("shows the inquiry page's figures in the recruit and nomination lists, read in their rows' own statements", async () => {
    jst("2026-10-01 10:00");
    const known = await registerVerified("BUYER");
    const fresh = await registerVerified("BUYER");
    const supplier = await registerVerified("SUPPLIER");
    for (let i = 0; i < 3; i++) await openDealThread(known, supplier);
    await runBuyerTrackRecords(db(), jst("2026-10-15 10:00")); // three windows ended in silence: 0 of 3
    await insertOpenRecruits(known, 1, "実績のある発注者の公開案件");
    await insertOpenRecruits(fresh, 1, "新規の発注者の公開案件");
    const recruits = await api(
      "GET",
      `/api/oem/company/${supplier.companyId}/contacts?contactType=BULK&perPage=100`,
      {
        token: supplier.token,
      },
    );
    expect(recruits.status).toBe(200);
    const byTitle = (t: string) => recruits.body.items.find((i: { title: string }) => i.title === t);
    const ofKnown = byTitle("実績のある発注者の公開案件 1");
    const ofFresh = byTitle("新規の発注者の公開案件 1");
    expect(ofKnown.buyerRecord).toEqual({ isNew: false, replyRate: 0, decisionRate: null });
    expect(ofFresh.buyerRecord).toEqual({ isNew: true, replyRate: null, decisionRate: null });
    // the same as the inquiry page's figures (their own statement)
    const compact = ({ isNew, replyRate, decisionRate }: BuyerFigures) => ({
      isNew,
      replyRate,
      decisionRate,
    });
    expect(compact((await buyerFigures(db(), ofKnown.id))!)).toEqual(ofKnown.buyerRecord);
    expect(compact((await buyerFigures(db(), ofFresh.id))!)).toEqual(ofFresh.buyerRecord);
    // and in the nominations list, from the same column
    const [nominationOfKnown] = await insertNominations(known, supplier.companyId, 1);
    const [nominationOfFresh] = await insertNominations(fresh, supplier.companyId, 1);
    const nominations = await api(
      "GET",
      `/api/oem/company/${supplier.companyId}/contacts?contactType=NOMINATION&perPage=100`,
      { token: supplier.token },
    );
    expect(nominations.status).toBe(200);
    const byId = (id: string) => nominations.body.items.find((i: { id: string }) => i.id === id);
    expect(byId(nominationOfKnown!).buyerRecord).toEqual(ofKnown.buyerRecord);
    expect(byId(nominationOfFresh!).buyerRecord).toEqual(ofFresh.buyerRecord);
    expect(compact((await buyerFigures(db(), nominationOfKnown!))!)).toEqual(ofKnown.buyerRecord);
  });

  it("never names the buyer before the ticket is used: figures and list rows carry no name, id, email or 法人番号", async () => {
    jst("2027-11-01 10:00"); // the tests of this file keep the clock moving forward
    const NAME = "株式会社実績秘匿テスト商事";
    const buyer = await registerVerified("BUYER", { companyName: NAME });
    const put = await api("PUT", `/api/buyer/company/${buyer.companyId}/update`, {
      token: buyer.token,
      body: basicInfo({ name: NAME, corporateNumber: "7000012050002" }),
    });
    expect(put.status).toBe(200);
    const supplier = await registerVerified("SUPPLIER"); // a free supplier without tickets
    const inquiryId = await createInquiry(buyer, {
      type: "NOMINATION",
      nominatedCompanyId: supplier.companyId,
    });

    const detail = await api("GET", `/api/oem/company/${supplier.companyId}/contact/${inquiryId}`, {
      token: supplier.token,
    });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ buyer: null, needsTicket: true });
    const list = await api("GET", `/api/oem/company/${supplier.companyId}/contacts?contactType=NOMINATION`, {
      token: supplier.token,
    });
    const figures = await buyerFigures(db(), inquiryId);
    expect(Object.keys(figures!).sort()).toEqual(
      [
        "closedInquiries",
        "corporateNumberVerified",
        "decidedInquiries",
        "decisionRate",
        "emailVerified",
        "inquiriesLast12Months",
        "isNew",
        "medianFirstReplyMinutes",
        "memberSince",
        "repliedInTime",
        "replyOpportunities",
        "replyRate",
      ].sort(),
    );
    expect(figures).toMatchObject({ corporateNumberVerified: true, emailVerified: true });
    expect(Object.keys(list.body.items[0].buyerRecord).sort()).toEqual([
      "decisionRate",
      "isNew",
      "replyRate",
    ]);
    for (const text of [JSON.stringify(figures), JSON.stringify(list.body)]) {
      for (const secret of [NAME, buyer.companyId, buyer.userId, buyer.email, "7000012050002", "山田"]) {
        expect(text).not.toContain(secret);
      }
    }
  });
});

describe("concurrency", () => {
  itConcurrently(
    "stays exact when job runs, decisions and a 辞退 race (on PostgreSQL: separate connections)",
    async () => {
      jst("2027-12-06 10:00");
      const buyer = await registerVerified("BUYER");
      const [s1, s2, s3] = await suppliers(3);
      const t = [
        await openDealThread(buyer, s1!),
        await openDealThread(buyer, s2!),
        await openDealThread(buyer, s3!),
      ];
      for (const { inquiryId } of t) {
        const closed = await api("POST", `/api/buyer/company/${buyer.companyId}/contact/${inquiryId}/close`, {
          token: buyer.token,
        });
        expect(closed.status).toBe(200);
      }
      const now = jst("2027-12-14 10:00"); // every window ended
      const declined = (i: number) =>
        api("POST", `${base(buyer)}/threads/${t[i]!.threadId}/decline`, {
          token: buyer.token,
          body: { reason: "PRICE" },
        });
      const results = await Promise.all([
        runBuyerTrackRecords(db(), now),
        declined(0),
        runBuyerTrackRecords(db(), now),
        declined(1),
        api("POST", `${base(s3!)}/threads/${t[2]!.threadId}/no-quote`, {
          token: s3!.token,
          body: { reason: "MOQ" },
        }),
        runBuyerTrackRecords(db(), now),
      ]);
      for (const r of [results[1], results[3], results[4]])
        expect((r as { status: number }).status).toBe(200);
      await runBuyerTrackRecords(db(), now);
      await expectKeptEqualsRecomputed(buyer.companyId, now);
      expect(await keptBuyerRecord(db(), buyer.companyId)).toMatchObject({
        closedInquiries: 3,
        decidedInquiries: 3,
        repliedInTime: 0,
        opportunities: 3,
      });
    },
  );
});
