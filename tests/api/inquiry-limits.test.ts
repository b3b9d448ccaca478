import { and, count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "@/env";
import { INQUIRY_LIMITS } from "@/modules/inquiries/inquiry.policy";
import { db } from "@/server/db/client";
import { emailOutbox, inquiries } from "@/server/db/schema";
import { type Account, markVerified, registerAccount } from "../factories/accounts";
import { api, idem } from "../factories/http";
import { inquiryBody } from "../factories/inquiries";

// Issue 15 item 17: per buyer company, at most 10 bulk inquiries and 10 nominations an hour and
// 30 a day; past it a 429 with Retry-After and a Japanese message, nothing stored, nobody emailed.
// The limits are on in this suite (system and e2e runs switch them off): the first test proves it.

const JAPANESE = /[ぁ-んァ-ヶ一-龥]/;

let supplier: Account;

beforeAll(async () => {
  supplier = await registerAccount("SUPPLIER");
  await markVerified(supplier.userId);
});

async function verifiedBuyer() {
  const buyer = await registerAccount("BUYER");
  await markVerified(buyer.userId);
  return buyer;
}

const send = (buyer: Account, overrides: Record<string, unknown> = {}) =>
  api("POST", "/api/contact/create", { token: buyer.token, headers: idem(), body: inquiryBody(overrides) });

async function storedOf(companyId: string, type: "BULK" | "NOMINATION") {
  const [row] = await db()
    .select({ n: count() })
    .from(inquiries)
    .where(and(eq(inquiries.buyerCompanyId, companyId), eq(inquiries.type, type)));
  return row!.n;
}

function expectLimited(res: { status: number; body: any; headers: Headers }, per: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(429);
  expect(res.body.error.code).toBe("RATE_LIMITED");
  expect(res.body.error.message).toMatch(JAPANESE);
  expect(res.body.error.message).toMatch(per);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
}

describe("inquiry limits per buyer company", () => {
  it("runs with rate limits on", () => {
    expect(env().RATE_LIMIT).toBe("on");
  });

  it("the 11th bulk inquiry within an hour answers 429 with Retry-After; nothing more is stored", async () => {
    const buyer = await verifiedBuyer();
    expect(INQUIRY_LIMITS.BULK.perHour).toBe(10);
    for (let i = 0; i < 10; i++) expect((await send(buyer)).status, `inquiry ${i + 1}`).toBe(201);
    const refused = await send(buyer);
    expectLimited(refused, /1時間に10件/);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(3600);
    expect(await storedOf(buyer.companyId, "BULK")).toBe(10);
    // Another company is not affected.
    expect((await send(await verifiedBuyer())).status).toBe(201);
  });

  it("the 11th nomination within an hour answers 429 and the supplier gets no further email", async () => {
    const buyer = await verifiedBuyer();
    const nomination = { type: "NOMINATION", nominatedCompanyId: supplier.companyId };
    for (let i = 0; i < 10; i++)
      expect((await send(buyer, nomination)).status, `nomination ${i + 1}`).toBe(201);
    const mailsBefore = await mailsTo(supplier.email);
    expectLimited(await send(buyer, nomination), /指名問い合わせ.*1時間に10件/);
    expect(await mailsTo(supplier.email)).toBe(mailsBefore);
    expect(await storedOf(buyer.companyId, "NOMINATION")).toBe(10);
    // The bulk allowance is separate.
    expect((await send(buyer)).status).toBe(201);
  });

  it("past 30 nominations in a day, a 429 that waits for the day's window", async () => {
    const buyer = await verifiedBuyer();
    // 30 sent earlier today (the hourly window has passed): the daily counter is full.
    await db().execute(sql`
      insert into rate_limits (key, count, reset_at)
      values (${`inquiry:NOMINATION:day:${buyer.companyId}`}, 30, now() + interval '20 hours')`);
    const refused = await send(buyer, { type: "NOMINATION", nominatedCompanyId: supplier.companyId });
    expectLimited(refused, /1日に30件/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(19 * 3600);
    expect(await storedOf(buyer.companyId, "NOMINATION")).toBe(0);
  });
});

async function mailsTo(email: string) {
  const [row] = await db().select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.toAddress, email));
  return row!.n;
}
