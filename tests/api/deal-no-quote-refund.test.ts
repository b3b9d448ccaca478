// 辞退 earns nothing and reveals nothing (issue 33, item 16), and a decision stops the refund clock
// (item 29). A free supplier with a hidden name uses a ticket on a nomination; only its own message
// or quote is "the supplier wrote": a 辞退 is a system event, starts no refund clock, names nobody,
// and a 辞退 after a message forfeits the refund (the buyer can no longer reply to that thread).
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApp } from "@/api/app";
import { sendDueDealMails } from "@/modules/deals/deal-mail.service";
import { db } from "@/server/db/client";
import { companies, ticketUsages } from "@/server/db/schema";
import { jobs } from "@/server/jobs/background";
import { type Account, emailsTo, registerVerified } from "../factories/accounts";
import { quote } from "../factories/deal-quotes";
import { api } from "../factories/http";
import { createInquiry, creditTickets, resetInquiryLimits } from "../factories/inquiries";

const refundJob = jobs.find((j) => j.name === "ticket-refunds")!;
const HIDDEN = "企業名非公開";
const REAL_NAME = "秘密工業株式会社";
const FRIDAY = "2026-11-20T01:00:00.000Z"; // 10:00 JST
const DUE = "2026-11-30T01:00:00.000Z"; // 5th business day after FRIDAY (11-23 is a holiday)
const LONG_AFTER = "2026-12-21T01:00:00.000Z";

const at = (iso: string) => vi.setSystemTime(new Date(iso));
/** Runs the refund job at `iso` and answers whether this usage got its ticket back (other tests' usages may be due too). */
async function refundedAt(iso: string, usageId: string): Promise<boolean> {
  at(iso);
  await refundJob.run(db());
  const [row] = await db().select().from(ticketUsages).where(eq(ticketUsages.id, usageId));
  return row!.refundedAt !== null;
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  await resetInquiryLimits();
});
afterEach(() => {
  vi.useRealTimers();
});

interface Setup {
  buyer: Account;
  supplier: Account;
  inquiryId: string;
  threadId: string;
  usageId: string;
}

const deal = (a: Account, rest: string) => `/api/deals/company/${a.companyId}${rest}`;

/** A hidden-name free supplier uses a ticket on a nomination of a new buyer at `iso`. */
async function hiddenTicketUsed(iso = FRIDAY): Promise<Setup> {
  at(iso);
  const [buyer, supplier] = await Promise.all([
    registerVerified("BUYER", { companyName: "株式会社辞退発注" }),
    registerVerified("SUPPLIER", { companyName: REAL_NAME }),
  ]);
  await db().update(companies).set({ namePublished: false }).where(eq(companies.id, supplier.companyId));
  await creditTickets(supplier.companyId, 1);
  const inquiryId = await createInquiry(buyer, {
    type: "NOMINATION",
    nominatedCompanyId: supplier.companyId,
  });
  const used = await api("POST", "/api/billing/ticket_usage", {
    token: supplier.token,
    body: { contactId: inquiryId },
  });
  expect(used.status, JSON.stringify(used.body)).toBe(201);
  const threads = await api("GET", deal(supplier, `/threads?inquiryId=${inquiryId}`), {
    token: supplier.token,
  });
  return { buyer, supplier, inquiryId, threadId: threads.body.items[0].id, usageId: used.body.id };
}

async function noQuote(s: Setup, iso: string) {
  at(iso);
  const res = await api("POST", deal(s.supplier, `/threads/${s.threadId}/no-quote`), {
    token: s.supplier.token,
    body: { reason: "CAPACITY" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function write(a: Account, threadId: string, iso: string, body = "仕様について確認させてください。") {
  at(iso);
  const res = await api("POST", deal(a, `/threads/${threadId}/messages`), { token: a.token, body: { body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

async function usage(id: string) {
  const [row] = await db().select().from(ticketUsages).where(eq(ticketUsages.id, id));
  return row!;
}

/** Everything the buyer can read that names the supplier: list, thread, comparison JSON and CSV. */
async function buyerSeesName(s: Setup): Promise<string[]> {
  const token = s.buyer.token;
  const list = await api("GET", deal(s.buyer, `/threads?inquiryId=${s.inquiryId}`), { token });
  const detail = await api("GET", deal(s.buyer, `/threads/${s.threadId}`), { token });
  const comparison = await api("GET", deal(s.buyer, `/inquiries/${s.inquiryId}/comparison`), { token });
  expect([list.status, detail.status, comparison.status]).toEqual([200, 200, 200]);
  const csv = await createApp().request(deal(s.buyer, `/inquiries/${s.inquiryId}/comparison.csv`), {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(csv.status).toBe(200);
  const text = await csv.text();
  return [
    list.body.items[0].counterpart.name,
    detail.body.counterpart.name,
    comparison.body.columns[0].supplier.name,
    text.includes(REAL_NAME) ? REAL_NAME : text.includes(HIDDEN) ? HIDDEN : "neither",
  ];
}

describe("辞退 reveals nothing", () => {
  it("a hidden supplier that declines without writing stays 企業名非公開 in the buyer's list, thread, comparison, CSV and mail", async () => {
    const s = await hiddenTicketUsed();
    await noQuote(s, FRIDAY);
    expect(await buyerSeesName(s)).toEqual([HIDDEN, HIDDEN, HIDDEN, HIDDEN]);

    // The batched message mail of the buyer's side names nobody either.
    await sendDueDealMails(db(), new Date(Date.parse(FRIDAY) + 16 * 60_000));
    const mails = (await emailsTo(s.buyer.email)).filter((m) => m.textBody.includes(s.threadId));
    expect(mails.length).toBeGreaterThan(0);
    for (const m of mails) {
      expect(`${m.subject}\n${m.textBody}`).not.toContain(REAL_NAME);
    }
    expect(mails.some((m) => m.template === "deal-message" && m.subject.includes(HIDDEN))).toBe(true);
  });

  it("its own message does reveal the name (the rule is unchanged for a real message)", async () => {
    const s = await hiddenTicketUsed();
    await write(s.supplier, s.threadId, FRIDAY);
    expect((await buyerSeesName(s)).slice(0, 3)).toEqual([REAL_NAME, REAL_NAME, REAL_NAME]);
  });
});

describe("辞退 earns nothing", () => {
  it("a 辞退 without a message starts no refund clock: nothing is refunded, ever", async () => {
    const s = await hiddenTicketUsed();
    await noQuote(s, FRIDAY);
    expect((await usage(s.usageId)).refundDueAt).toBeNull();
    expect(await refundedAt(DUE, s.usageId)).toBe(false);
    expect(await refundedAt(LONG_AFTER, s.usageId)).toBe(false);
  });

  it("a 辞退 after a message forfeits the refund the message had started", async () => {
    const s = await hiddenTicketUsed();
    await write(s.supplier, s.threadId, FRIDAY);
    expect((await usage(s.usageId)).refundDueAt?.toISOString()).toBe(DUE);
    await noQuote(s, "2026-11-24T02:00:00.000Z");
    expect(await refundedAt(DUE, s.usageId)).toBe(false);
    expect(await refundedAt(LONG_AFTER, s.usageId)).toBe(false);
    at(DUE); // a session of the set clock's week: three weeks on it would have expired
    const history = await api("GET", `/api/billing/ticket_usage/company/${s.supplier.companyId}`, {
      token: s.supplier.token,
    });
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(history.body.items[0]).toMatchObject({ refundDueAt: null, refund: null });
  });
});

describe("a decision stops the refund clock", () => {
  it("お見送り of the thread before the 5th business day: no refund", async () => {
    const s = await hiddenTicketUsed();
    await write(s.supplier, s.threadId, FRIDAY);
    at("2026-11-26T01:00:00.000Z");
    const declined = await api("POST", deal(s.buyer, `/threads/${s.threadId}/decline`), {
      token: s.buyer.token,
      body: { reason: "PRICE" },
    });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect((await usage(s.usageId)).buyerEngagedAt?.toISOString()).toBe("2026-11-26T01:00:00.000Z");
    expect(await refundedAt(DUE, s.usageId)).toBe(false);
  });

  it("an award on the quote before the 5th business day: no refund", async () => {
    const s = await hiddenTicketUsed();
    at(FRIDAY);
    expect((await quote(s.supplier, s.threadId)).status).toBe(201);
    expect((await usage(s.usageId)).refundDueAt?.toISOString()).toBe(DUE);
    at("2026-11-26T01:00:00.000Z");
    const awarded = await api("POST", deal(s.buyer, `/threads/${s.threadId}/award`), {
      token: s.buyer.token,
      body: { version: 1 },
    });
    expect(awarded.status, JSON.stringify(awarded.body)).toBe(200);
    expect((await usage(s.usageId)).buyerEngagedAt?.toISOString()).toBe("2026-11-26T01:00:00.000Z");
    expect(await refundedAt(DUE, s.usageId)).toBe(false);
  });
});

describe("a verdict on the entry is a decision too", () => {
  it("お見送り of the supplier's entry on the inquiry page before the 5th business day: no refund", async () => {
    const s = await hiddenTicketUsed();
    at(FRIDAY);
    const entered = await api(
      "POST",
      `/api/oem/company/${s.supplier.companyId}/contact/${s.inquiryId}/entries`,
      {
        token: s.supplier.token,
        body: { message: "弊社で対応可能です。詳細をご相談させてください。" },
      },
    );
    expect(entered.status, JSON.stringify(entered.body)).toBe(201);
    await write(s.supplier, s.threadId, FRIDAY);
    expect((await usage(s.usageId)).refundDueAt?.toISOString()).toBe(DUE);
    at("2026-11-26T01:00:00.000Z");
    const declined = await api(
      "PUT",
      `/api/buyer/company/${s.buyer.companyId}/contact/${s.inquiryId}/entry/${entered.body.id}`,
      { token: s.buyer.token, body: { status: "DECLINED" } },
    );
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect((await usage(s.usageId)).buyerEngagedAt?.toISOString()).toBe("2026-11-26T01:00:00.000Z");
    expect(await refundedAt(DUE, s.usageId)).toBe(false);
  });
});
