// Message and report limits in the deal room (issue 33, item 19): 200 messages of 5,000 characters
// went through in 6 s. Per user and thread, per minute and per day: 429 with Retry-After and a
// Japanese message; the other side, and the same user in another thread, are not held back.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  MESSAGES_PER_DAY,
  MESSAGES_PER_MINUTE,
  REPORTS_PER_DAY,
  REPORTS_PER_MINUTE,
} from "@/modules/deals/deal-limits";
import { db } from "@/server/db/client";
import { dealMessages } from "@/server/db/schema";
import { type Account, registerVerified } from "../factories/accounts";
import { openDealThread } from "../factories/deals";
import { api } from "../factories/http";
import { resetInquiryLimits } from "../factories/inquiries";

let buyer: Account;
let supplier: Account;

beforeAll(async () => {
  [buyer, supplier] = await Promise.all([
    registerVerified("BUYER", { companyName: "株式会社制限確認商事" }),
    registerVerified("SUPPLIER", { companyName: "株式会社制限確認工業" }),
  ]);
});

const base = (a: Account) => `/api/deals/company/${a.companyId}`;
const send = (a: Account, threadId: string, body = "ご確認をお願いします。") =>
  api("POST", `${base(a)}/threads/${threadId}/messages`, { token: a.token, body: { body } });
const report = (a: Account, messageId: string) =>
  api("POST", `${base(a)}/messages/${messageId}/report`, {
    token: a.token,
    body: { reason: "取引と関係のない勧誘です。" },
  });

/** The minute has passed: the per-minute windows end now, the per-day ones keep counting. */
async function nextMinute() {
  await db().execute(
    sql`update rate_limits set reset_at = now() - interval '1 second' where key like 'deal-%:minute:%'`,
  );
}

describe("message limits per user and thread", () => {
  it("answers 429 with Retry-After past the per-minute limit, not to the other side nor in another thread", async () => {
    await resetInquiryLimits();
    const { threadId } = await openDealThread(buyer, supplier);
    const { threadId: otherThread } = await openDealThread(buyer, supplier);
    for (let i = 0; i < MESSAGES_PER_MINUTE; i++) {
      expect((await send(supplier, threadId, "x".repeat(5000))).status).toBe(201);
    }
    const limited = await send(supplier, threadId);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("RATE_LIMITED");
    expect(limited.body.error.message).toMatch(
      /^メッセージの送信が続いています。\d+(秒|分)後にもう一度お送りください。$/,
    );
    const wait = Number(limited.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // The buyer answers in the same thread; the supplier writes in its other thread.
    expect((await send(buyer, threadId)).status).toBe(201);
    expect((await send(supplier, otherThread)).status).toBe(201);
    // A stranger still gets 404, not a hint from the limit.
    const stranger = await registerVerified("SUPPLIER");
    expect((await send(stranger, threadId)).status).toBe(404);
    // Once the minute is over the supplier writes again.
    await nextMinute();
    expect((await send(supplier, threadId)).status).toBe(201);
  });

  it("answers 429 past the per-day limit with a wait in hours", async () => {
    await resetInquiryLimits();
    const { threadId } = await openDealThread(buyer, supplier);
    let sent = 0;
    while (sent < MESSAGES_PER_DAY) {
      const res = await send(buyer, threadId);
      if (res.status === 429) {
        await nextMinute();
        continue;
      }
      expect(res.status).toBe(201);
      sent++;
    }
    await nextMinute();
    const limited = await send(buyer, threadId);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(60 * 60);
    expect(limited.body.error.message).toMatch(/時間.*後にもう一度お送りください。$/);
  }, 120_000);
});

describe("report limits per user and thread", () => {
  it("answers 429 with Retry-After past the per-minute and per-day limits", async () => {
    await resetInquiryLimits();
    const { threadId } = await openDealThread(buyer, supplier);
    // The supplier's messages, written directly: the message limit is not what is tested here.
    const rows = await db()
      .insert(dealMessages)
      .values(
        Array.from({ length: REPORTS_PER_DAY + 1 }, (_, i) => ({
          threadId,
          side: "SUPPLIER" as const,
          authorUserId: supplier.userId,
          body: `勧誘 ${i}`,
        })),
      )
      .returning({ id: dealMessages.id });
    const ids = rows.map((r) => r.id);
    for (let i = 0; i < REPORTS_PER_MINUTE; i++) expect((await report(buyer, ids[i]!)).status).toBe(200);
    const limited = await report(buyer, ids[REPORTS_PER_MINUTE]!);
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toMatch(
      /^通報が続いています。\d+(秒|分)後にもう一度お試しください。$/,
    );
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    let reported = REPORTS_PER_MINUTE;
    while (reported < REPORTS_PER_DAY) {
      const res = await report(buyer, ids[reported]!);
      if (res.status === 429) {
        await nextMinute();
        continue;
      }
      expect(res.status).toBe(200);
      reported++;
    }
    await nextMinute();
    const daily = await report(buyer, ids[REPORTS_PER_DAY]!);
    expect(daily.status).toBe(429);
    expect(Number(daily.headers.get("retry-after"))).toBeGreaterThan(60 * 60);
  }, 60_000);
});
