// The buyer's comparison of the suppliers' quotes (best values, target quantity, fixed query count,
// CSV) and the reminders about inquiries left undecided after their deadline (issue 18).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/api/app";
import { env, setEnvForTests } from "@/env";
import { addDays, todayInJapan } from "@/lib/japan-time";
import { sendDecisionReminders } from "@/modules/deals/decision.service";
import { db } from "@/server/db/client";
import { dealQuoteVersions, inquiries } from "@/server/db/schema";
import { type Account, emailsTo, registerVerified } from "../factories/accounts";
import { insertCertification } from "../factories/certification-rows";
import { addThread, base, quote } from "../factories/deal-quotes";
import { openDealThread } from "../factories/deals";
import { api } from "../factories/http";
import { resetInquiryLimits } from "../factories/inquiries";

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
    expect(lines[0]).toContain("単価（円・3000個のとき）");
    expect(lines.some((l) => l.startsWith("株式会社見積一号工業") && l.includes("1620000"))).toBe(true);
    expect(lines[0]).toContain("認証・許可（認証確認済み）");
    expect(lines.find((l) => l.startsWith("株式会社見積一号工業"))).toContain("ISO 9001、化粧品製造業許可");
  });
});

describe("decision reminders", () => {
  it("emails the buyer at +3 and +7 days after the deadline, once each, with concurrent runs", async () => {
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
    await Promise.all([sendDecisionReminders(db(), now), sendDecisionReminders(db(), now)]);
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
    await Promise.all([sendDecisionReminders(db(), later), sendDecisionReminders(db(), later)]);
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
});
