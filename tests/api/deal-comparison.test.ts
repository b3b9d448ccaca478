// The buyer's comparison of the suppliers' quotes (best values, target quantity, fixed query count,
// CSV) and the reminders about inquiries left undecided after their deadline (issue 18).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/api/app";
import { env, setEnvForTests } from "@/env";
import { addDays, todayInJapan } from "@/lib/japan-time";
import { sendDecisionReminders } from "@/modules/deals/decision.service";
import { db } from "@/server/db/client";
import { companies, dealQuoteVersions, inquiries } from "@/server/db/schema";
import { type Account, emailsTo, registerVerified } from "../factories/accounts";
import { insertCertification } from "../factories/certification-rows";
import { addThread, base, quote } from "../factories/deal-quotes";
import { openDealThread } from "../factories/deals";
import { api } from "../factories/http";
import { resetInquiryLimits } from "../factories/inquiries";
import { itConcurrently } from "../support/concurrency";

let buyer: Account;
let s1: Account;
let s2: Account;
let s3: Account;

beforeAll(async () => {
  buyer = await registerVerified("BUYER", { companyName: "株式会社比較テスト商事" });
  s1 = await registerVerified("SUPPLIER", { companyName: "株式会社見積一号工業" });
  s2 = await registerVerified("SUPPLIER", { companyName: "株式会社見積二号工業" });
  s3 = await registerVerified("SUPPLIER", { companyName: "株式会社見積三号工業" });
});

describe("comparison", () => {
  it("puts three suppliers side by side with the best values, in a fixed number of queries", async () => {
    await resetInquiryLimits();
    const { inquiryId, threadId: t1 } = await openDealThread(buyer, s1, {
      quantity: "初回3,000本、以降月1,000本",
    });
    const t2 = await addThread(buyer, inquiryId, s2);
    const t3 = await addThread(buyer, inquiryId, s3);
    // t1: ¥480 at 3,000 → 1,440,000 + 150,000 + 30,000 = 1,620,000
    expect((await quote(s1, t1)).status).toBe(201);
    // t2: ¥450 at 2,500 ≤ 3,000 → 1,350,000 + 300,000 + 0 = 1,650,000; shortest lead time, latest validity
    expect(
      (
        await quote(s2, t2, {
          tiers: [
            { quantity: 500, unitPriceYen: 600 },
            { quantity: 2500, unitPriceYen: 450 },
            { quantity: 10000, unitPriceYen: 300 },
          ],
          toolingCostYen: 300000,
          sampleCostYen: 0,
          leadTimeDays: 30,
          moq: 500,
          validUntil: addDays(todayInJapan(), 60),
        })
      ).status,
    ).toBe(201);
    // t3: cheapest on paper but expired: never "best".
    expect(
      (await quote(s3, t3, { tiers: [{ quantity: 100, unitPriceYen: 100 }], toolingCostYen: 0 })).status,
    ).toBe(201);
    await db()
      .update(dealQuoteVersions)
      .set({ validUntil: addDays(todayInJapan(), -1) })
      .where(eq(dealQuoteVersions.threadId, t3));

    // Issue 20: each supplier's verified certifications (badges) come with its column, in the master
    // list's order; pending, rejected and expired ones never do — and still no query per supplier.
    await insertCertification(s1.companyId, { type: "cosmetics-manufacturing", status: "VERIFIED" });
    await insertCertification(s1.companyId, { type: "iso-9001", status: "VERIFIED" });
    await insertCertification(s1.companyId, { type: "iso-14001", status: "PENDING" });
    await insertCertification(s2.companyId, { type: "iso-9001", status: "REJECTED" });
    await insertCertification(s2.companyId, {
      type: "haccp",
      status: "VERIFIED",
      expiresOn: addDays(todayInJapan(), -1),
    });

    const previous = env().QUERY_LOG;
    setEnvForTests({ QUERY_LOG: "1" });
    const app = createApp();
    setEnvForTests({ QUERY_LOG: previous });
    const res = await app.request(`${base(buyer)}/inquiries/${inquiryId}/comparison`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    const queries = Number(/desc="(\d+) queries"/.exec(res.headers.get("server-timing") ?? "")?.[1]);
    // The caller's session, the inquiry, the threads with their current versions, the suppliers' track
    // records with their ratings (issue 19: one query for all columns).
    expect(queries).toBe(4);
    expect(body.quantity).toBe(3000);
    const col = (id: string) => body.columns.find((c: { threadId: string }) => c.threadId === id);
    expect(col(t1)).toMatchObject({ unitPriceYen: 480, totalYen: 1_620_000, expired: false });
    expect(col(t2)).toMatchObject({ unitPriceYen: 450, totalYen: 1_650_000, expired: false });
    expect(col(t3)).toMatchObject({ unitPriceYen: 100, expired: true });
    expect(col(t1).certifications).toEqual([
      { id: expect.any(Number), name: "ISO 9001" },
      { id: expect.any(Number), name: "化粧品製造業許可" },
    ]);
    expect(col(t2).certifications).toEqual([]);
    expect(col(t3).certifications).toEqual([]);
    expect(body.best).toMatchObject({
      unitPriceYen: [t2],
      totalYen: [t1],
      toolingCostYen: [t1],
      sampleCostYen: [t2],
      moq: [t2],
      leadTimeDays: [t2],
      sampleLeadDays: [t1, t2],
      validUntil: [t2],
    });

    // A fourth supplier and more versions do not add queries.
    const s4 = await registerVerified("SUPPLIER");
    const t4 = await addThread(buyer, inquiryId, s4);
    expect((await quote(s4, t4)).status).toBe(201);
    expect((await quote(s4, t4, { leadTimeDays: 20 })).status).toBe(201);
    const again = await app.request(`${base(buyer)}/inquiries/${inquiryId}/comparison?quantity=1000`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    const body2 = (await again.json()) as any;
    expect(body2.columns).toHaveLength(4);
    expect(body2.quantity).toBe(1000);
    expect(body2.columns.find((c: { threadId: string }) => c.threadId === t1).unitPriceYen).toBe(520);
    expect(Number(/desc="(\d+) queries"/.exec(again.headers.get("server-timing") ?? "")?.[1])).toBe(queries);

    const csv = await createApp().request(`${base(buyer)}/inquiries/${inquiryId}/comparison.csv`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(csv.status).toBe(200);
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString("utf8").slice(1).trim().split("\r\n");
    expect(lines).toHaveLength(5);
    expect(lines[0]).toContain("メーカー");
    // 「初回3,000本…」: the inquiry's unit (issue 33, item 10; it read 3000個 before).
    expect(lines[0]).toContain("単価（円・3000本のとき）");
    expect(lines.some((l) => l.startsWith("株式会社見積一号工業") && l.includes("1620000"))).toBe(true);
    expect(lines[0]).toContain("認証・許可（認証確認済み）");
    expect(lines.find((l) => l.startsWith("株式会社見積一号工業"))).toContain("ISO 9001、化粧品製造業許可");
  });
});

describe("decision reminders", () => {
  it("emails the buyer at +3 and +7 days after the deadline, once each, however often the job runs", async () => {
    const b = await registerVerified("BUYER");
    const s = await registerVerified("SUPPLIER");
    const { inquiryId, threadId } = await openDealThread(b, s);
    expect((await quote(s, threadId)).status).toBe(201);
    // A nomination's deadline is its creation date + 14 days: created 17 days ago → 3 days past.
    await db()
      .update(inquiries)
      .set({ createdAt: new Date(Date.now() - 17 * 86_400_000) })
      .where(eq(inquiries.id, inquiryId));
    const reminders = async () =>
      (await emailsTo(b.email)).filter((m) => m.template === "deal-decision-reminder").map((m) => m.subject);
    const now = new Date();
    await sendDecisionReminders(db(), now);
    await sendDecisionReminders(db(), now);
    expect(await reminders()).toHaveLength(1);
    await sendDecisionReminders(db(), now);
    expect(await reminders()).toHaveLength(1);

    const banner = await import("@/modules/deals/decision.service").then((m) =>
      m.undecidedInquiries({ companyId: b.companyId, userId: b.userId } as never, db(), now),
    );
    expect(banner).toEqual([
      { inquiryId, title: expect.any(String), deadline: addDays(todayInJapan(now), -3), undecided: 1 },
    ]);

    const later = new Date(now.getTime() + 4 * 86_400_000);
    await sendDecisionReminders(db(), later);
    await sendDecisionReminders(db(), later);
    const sent = await emailsTo(b.email);
    const texts = sent.filter((m) => m.template === "deal-decision-reminder").map((m) => m.textBody);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain("7日が過ぎました");

    // Decided: no more reminders, no banner. (Its only supplier declined on its own: decline-all
    // needs an award first since issue 33 #5.)
    const declined = await api("POST", `${base(b)}/threads/${threadId}/decline`, {
      token: b.token,
      body: { reason: "PRICE" },
    });
    expect(declined.status).toBe(200);
    const decidedBanner = await import("@/modules/deals/decision.service").then((m) =>
      m.undecidedInquiries({ companyId: b.companyId, userId: b.userId } as never, db(), later),
    );
    expect(decidedBanner).toEqual([]);
  });
  itConcurrently("two concurrent reminder runs mail the buyer once at each step", async () => {
    const b = await registerVerified("BUYER");
    const s = await registerVerified("SUPPLIER");
    const { inquiryId, threadId } = await openDealThread(b, s);
    expect((await quote(s, threadId)).status).toBe(201);
    await db()
      .update(inquiries)
      .set({ createdAt: new Date(Date.now() - 17 * 86_400_000) })
      .where(eq(inquiries.id, inquiryId));
    const reminders = async () =>
      (await emailsTo(b.email)).filter((m) => m.template === "deal-decision-reminder");
    const now = new Date();
    await Promise.all([sendDecisionReminders(db(), now), sendDecisionReminders(db(), now)]);
    expect(await reminders()).toHaveLength(1);
    const later = new Date(now.getTime() + 4 * 86_400_000);
    await Promise.all([sendDecisionReminders(db(), later), sendDecisionReminders(db(), later)]);
    expect(await reminders()).toHaveLength(2);
  });
});

// Issue 33 (9, 10, 27): what the comparison says when a supplier cannot supply the target quantity
// or left a needed figure blank, in which unit, and under which name.
const csvOf = async (a: Account, inquiryId: string, query = "") => {
  const res = await createApp().request(`${base(a)}/inquiries/${inquiryId}/comparison.csv${query}`, {
    headers: { authorization: `Bearer ${a.token}` },
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer())
    .toString("utf8")
    .slice(1)
    .trim()
    .split("\r\n");
};
const compare = async (a: Account, inquiryId: string, query = "") => {
  const res = await api("GET", `${base(a)}/inquiries/${inquiryId}/comparison${query}`, { token: a.token });
  expect(res.status).toBe(200);
  return res.body;
};

describe("comparison below the MOQ and with blank figures", () => {
  it("flags MOQ未満 (never 最安) and gives no total but 要確認 when the asked-for sample has no cost", async () => {
    const b = await registerVerified("BUYER");
    const [m1, m2, m3] = [
      await registerVerified("SUPPLIER", { companyName: "株式会社MOQ千工業" }),
      await registerVerified("SUPPLIER", { companyName: "株式会社サンプル空欄工業" }),
      await registerVerified("SUPPLIER", { companyName: "株式会社小ロット工業" }),
    ];
    await resetInquiryLimits();
    const { inquiryId, threadId: t1 } = await openDealThread(b, m1!, {
      quantity: "800個",
      sampleWanted: true,
    });
    const t2 = await addThread(b, inquiryId, m2!);
    const t3 = await addThread(b, inquiryId, m3!);
    // MOQ and first tier at 1,000: at 800 it has quoted nothing, whatever its ¥520.
    expect((await quote(m1!, t1, { moq: 1000 })).status).toBe(201);
    // Supplies 800 but left the sample cost blank although the buyer asked for a sample.
    expect(
      (
        await quote(m2!, t2, {
          tiers: [{ quantity: 500, unitPriceYen: 600 }],
          moq: 500,
          sampleCostYen: null,
          toolingCostYen: null,
        })
      ).status,
    ).toBe(201);
    // Everything needed: 700 × 800 + 10,000 sample + 0 tooling = 570,000.
    expect(
      (
        await quote(m3!, t3, {
          tiers: [{ quantity: 100, unitPriceYen: 700 }],
          moq: 100,
          sampleCostYen: 10000,
          toolingCostYen: 0,
        })
      ).status,
    ).toBe(201);

    const body = await compare(b, inquiryId);
    expect(body.quantity).toBe(800);
    const col = (id: string) => body.columns.find((c: { threadId: string }) => c.threadId === id);
    expect(col(t1)).toMatchObject({
      belowMoq: true,
      unitPriceYen: 520,
      totalYen: null,
      totalStatus: "BELOW_MOQ",
      missingFigures: [],
    });
    expect(col(t2)).toMatchObject({
      belowMoq: false,
      unitPriceYen: 600,
      totalYen: null,
      totalStatus: "MISSING_FIGURES",
      missingFigures: ["sampleCostYen"],
    });
    expect(col(t3)).toMatchObject({
      belowMoq: false,
      unitPriceYen: 700,
      totalYen: 570_000,
      totalStatus: "COMPLETE",
      missingFigures: [],
    });
    // ¥520 is the lowest figure but not a price at 800: the cheapest that supplies 800 is m2's ¥600.
    expect(body.best.unitPriceYen).toEqual([t2]);
    expect(body.best.totalYen).toEqual([t3]);

    // At 1,000 m1 supplies and its total is complete; no sample was asked → a blank is not needed.
    const at1000 = await compare(b, inquiryId, "?quantity=1000");
    expect(at1000.columns.find((c: { threadId: string }) => c.threadId === t1)).toMatchObject({
      belowMoq: false,
      totalStatus: "COMPLETE",
      totalYen: 520 * 1000 + 150000 + 30000,
    });
    expect(at1000.best.unitPriceYen).toEqual([t1]);

    const lines = await csvOf(b, inquiryId);
    const header = lines[0]!.split(",");
    const row = (name: string) => lines.find((l) => l.startsWith(name))!.split(",");
    const totalAt = header.findIndex((h) => h.startsWith("合計"));
    const moqAt = header.indexOf("MOQ未満");
    expect(moqAt).toBeGreaterThan(0);
    expect(row("株式会社MOQ千工業")[totalAt]).toBe("MOQ未満");
    expect(row("株式会社MOQ千工業")[moqAt]).toBe("はい");
    expect(row("株式会社サンプル空欄工業")[totalAt]).toBe("要確認（サンプル費用）");
    expect(row("株式会社サンプル空欄工業")[moqAt]).toBe("いいえ");
    expect(row("株式会社小ロット工業")[totalAt]).toBe("570000");
  });
});

describe("comparison units", () => {
  it("counts in the inquiry's unit in the JSON, the CSV and the purchase order", async () => {
    const b = await registerVerified("BUYER");
    const s = await registerVerified("SUPPLIER");
    await resetInquiryLimits();
    const { inquiryId, threadId } = await openDealThread(b, s, {
      quantity: "3,000本",
      lotQuantity: 3000,
      quantityUnit: "本",
    });
    expect((await quote(s, threadId)).status).toBe(201);
    const body = await compare(b, inquiryId);
    expect(body.inquiry.unit).toBe("本");
    const lines = await csvOf(b, inquiryId);
    expect(lines[0]).toContain("単価（円・3000本のとき）");
    expect(lines[1]).toContain("1000本以上 520円 / 3000本以上 480円");
    expect(lines.join("\n")).not.toContain("個");
    // The thread carries the unit for the quote form and its summary.
    const thread = await api("GET", `${base(b)}/threads/${threadId}`, { token: b.token });
    expect(thread.body.inquiry.unit).toBe("本");

    // Without a structured unit, the unit written after the quantity counts; else 個.
    const { inquiryId: textOnly } = await openDealThread(b, await registerVerified("SUPPLIER"), {
      quantity: "初回500枚",
    });
    expect((await compare(b, textOnly)).inquiry.unit).toBe("枚");
    const { inquiryId: none } = await openDealThread(b, await registerVerified("SUPPLIER"), {
      quantity: "未定（ご相談）",
    });
    expect((await compare(b, none)).inquiry.unit).toBe("個");
  });
});

describe("comparison and hidden names", () => {
  it("names a hidden supplier in the JSON and CSV exactly as its thread does, before and after it writes", async () => {
    const b = await registerVerified("BUYER");
    const hidden = await registerVerified("SUPPLIER", { companyName: "非公開比較化学株式会社" });
    await db().update(companies).set({ namePublished: false }).where(eq(companies.id, hidden.companyId));
    await resetInquiryLimits();
    const { inquiryId, threadId } = await openDealThread(b, hidden);
    const { inquiryId: other, threadId: otherThread } = await openDealThread(b, hidden);

    const names = async (id: string, thread: string) => ({
      json: (await compare(b, id)).columns[0].supplier.name,
      csv: (await csvOf(b, id)).slice(1).join("\n"),
      thread: (await api("GET", `${base(b)}/threads/${thread}`, { token: b.token })).body.counterpart.name,
    });
    const before = await names(inquiryId, threadId);
    expect(before.json).toBe("企業名非公開");
    expect(before.thread).toBe("企業名非公開");
    expect(before.csv.startsWith("企業名非公開,")).toBe(true);
    expect(before.csv).not.toContain("非公開比較化学");

    // It writes (no quote yet): named in this inquiry's comparison and CSV…
    const wrote = await api("POST", `${base(hidden)}/threads/${threadId}/messages`, {
      token: hidden.token,
      body: { body: "ご相談ありがとうございます。仕様を確認させてください。" },
    });
    expect(wrote.status).toBe(201);
    const after = await names(inquiryId, threadId);
    expect(after.json).toBe("非公開比較化学株式会社");
    expect(after.csv.startsWith("非公開比較化学株式会社,")).toBe(true);
    // …and, as its other thread with this buyer already shows it, in the other inquiry's comparison too.
    const elsewhere = await names(other, otherThread);
    expect(elsewhere.thread).toBe("非公開比較化学株式会社");
    expect(elsewhere.json).toBe(elsewhere.thread);
    expect(elsewhere.csv.startsWith("非公開比較化学株式会社,")).toBe(true);
  });
});
