import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/server/db/client";
import { auditLogs, emailOutbox, ticketRefunds, ticketUsages } from "@/server/db/schema";
import { jobs } from "@/server/jobs/background";
import { type Account, createOwner, registerVerified } from "../factories/accounts";
import { makePaid } from "../factories/actors";
import { api } from "../factories/http";
import { createInquiry, creditTickets, resetInquiryLimits } from "../factories/inquiries";

// The no-reply ticket refund (issue 19, docs/trust.md "Refund") on a controlled clock: the
// JavaScript clock is set (vi.setSystemTime) and the scheduled job of src/server/jobs/background.ts
// runs at chosen moments. A free supplier uses a ticket on Friday 2026-11-20 10:00 JST and writes its
// first message; Monday 11-23 is 勤労感謝の日, so the 5th business day is Monday 11-30, 10:00 JST.

const refundJob = jobs.find((j) => j.name === "ticket-refunds")!;

const FRIDAY = "2026-11-20T01:00:00.000Z"; // 10:00 JST
const DUE = "2026-11-30T01:00:00.000Z"; // 5th business day, 10:00 JST

function at(iso: string) {
  vi.setSystemTime(new Date(iso));
}

async function runJobAt(iso: string) {
  at(iso);
  return (await refundJob.run(db())) as { due: number; refunded: number };
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

const dealPath = (a: Account, threadId: string, rest: string) =>
  `/api/deals/company/${a.companyId}/threads/${threadId}${rest}`;

/** A free supplier with `tickets` tickets uses one on a nomination at `usedAt` (no message yet). */
async function ticketUsed(
  usedAt: string,
  tickets = 1,
  title = "アルミ筐体の切削加工（試作50台）",
): Promise<Setup> {
  at(usedAt);
  const [buyer, supplier] = await Promise.all([
    registerVerified("BUYER", { companyName: "株式会社返却発注" }),
    registerVerified("SUPPLIER", { companyName: "返却精機株式会社" }),
  ]);
  await creditTickets(supplier.companyId, tickets);
  const inquiryId = await createInquiry(buyer, {
    type: "NOMINATION",
    nominatedCompanyId: supplier.companyId,
    title,
  });
  const used = await api("POST", "/api/billing/ticket_usage", {
    token: supplier.token,
    body: { contactId: inquiryId },
  });
  expect(used.status, JSON.stringify(used.body)).toBe(201);
  expect(used.body.balance).toBe(tickets - 1);
  const threads = await api(
    "GET",
    `/api/deals/company/${supplier.companyId}/threads?inquiryId=${inquiryId}`,
    {
      token: supplier.token,
    },
  );
  const threadId = threads.body.items[0].id as string;
  return { buyer, supplier, inquiryId, threadId, usageId: used.body.id };
}

async function write(
  a: Account,
  threadId: string,
  iso: string,
  body = "お見積りの前提条件を確認させてください。",
) {
  at(iso);
  const res = await api("POST", dealPath(a, threadId, "/messages"), { token: a.token, body: { body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

async function read(a: Account, threadId: string, iso: string) {
  at(iso);
  expect((await api("POST", dealPath(a, threadId, "/read"), { token: a.token })).status).toBe(200);
}

async function usage(id: string) {
  const [row] = await db().select().from(ticketUsages).where(eq(ticketUsages.id, id));
  return row!;
}

async function refundRows(usageId: string) {
  return db().select().from(ticketRefunds).where(eq(ticketRefunds.usageId, usageId));
}

async function refundMails(to: string) {
  return db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, "ticket-refunded-no-reply")));
}

async function balanceOf(a: Account) {
  const me = await api("GET", "/api/account/me", { token: a.token });
  return me.body.companyDetails.ticketCount as number;
}

async function usedAndWritten(tickets = 1): Promise<Setup> {
  const s = await ticketUsed(FRIDAY, tickets);
  await write(s.supplier, s.threadId, FRIDAY);
  return s;
}

describe("the refund clock", () => {
  it("starts at the supplier's first message: 5 business days later, same time in Japan, over the weekend and the holiday", async () => {
    const s = await ticketUsed("2026-11-19T05:00:00.000Z"); // Thursday 14:00 JST: the ticket alone starts nothing
    expect((await usage(s.usageId)).refundDueAt).toBeNull();
    // The buyer reading a thread without the supplier's message yet stops nothing.
    await read(s.buyer, s.threadId, "2026-11-19T06:00:00.000Z");
    expect((await usage(s.usageId)).buyerEngagedAt).toBeNull();

    await write(s.supplier, s.threadId, FRIDAY);
    expect((await usage(s.usageId)).refundDueAt?.toISOString()).toBe(DUE);
    // A later message does not move it.
    await write(s.supplier, s.threadId, "2026-11-24T02:00:00.000Z", "追加の資料をお送りします。");
    expect((await usage(s.usageId)).refundDueAt?.toISOString()).toBe(DUE);
  });

  it("a paid supplier has no ticket usage: its messages start no clock and nothing is refunded", async () => {
    at(FRIDAY);
    const [buyer, paid] = await Promise.all([registerVerified("BUYER"), registerVerified("SUPPLIER")]);
    await makePaid(paid.companyId);
    const inquiryId = await createInquiry(buyer, { type: "NOMINATION", nominatedCompanyId: paid.companyId });
    const opened = await api("POST", `/api/deals/company/${paid.companyId}/inquiries/${inquiryId}/thread`, {
      token: paid.token,
    });
    expect(opened.status).toBeLessThan(300);
    await write(paid, opened.body.id, FRIDAY);
    expect(await db().select().from(ticketUsages).where(eq(ticketUsages.companyId, paid.companyId))).toEqual(
      [],
    );
    await runJobAt("2026-12-15T01:00:00.000Z");
    expect(await balanceOf(paid)).toBe(0);
  });
});

describe("the refund job on the set clock", () => {
  it("refunds nothing on each day up to the 5th business day, nor a minute before; exactly at 10:00 JST on Monday 30 Nov", async () => {
    const s = await usedAndWritten();
    for (const day of ["21", "22", "23", "24", "25", "26", "27", "28", "29"]) {
      const r = await runJobAt(`2026-11-${day}T01:00:00.000Z`);
      expect(r, `job on 2026-11-${day}`).toEqual({ due: 0, refunded: 0 });
    }
    expect(await runJobAt("2026-11-30T00:59:00.000Z")).toEqual({ due: 0, refunded: 0 });
    expect((await usage(s.usageId)).refundedAt).toBeNull();
    expect(await runJobAt(DUE)).toEqual({ due: 1, refunded: 1 });
    expect((await usage(s.usageId)).refundedAt?.toISOString()).toBe(DUE);
  });

  it("a refund writes one ledger row, one email, one system audit row; the balance goes 0 → 1; twice refunds once", async () => {
    const s = await usedAndWritten(1);
    expect(await balanceOf(s.supplier)).toBe(0);
    expect(await runJobAt(DUE)).toEqual({ due: 1, refunded: 1 });
    expect(await runJobAt("2026-11-30T01:05:00.000Z")).toEqual({ due: 0, refunded: 0 });
    expect(await runJobAt("2026-12-15T01:05:00.000Z")).toEqual({ due: 0, refunded: 0 });

    const refunds = await refundRows(s.usageId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      kind: "NO_REPLY",
      companyId: s.supplier.companyId,
      refundedByOwnerId: null,
    });
    expect(await balanceOf(s.supplier)).toBe(1);
    const tickets = await api("GET", `/api/billing/tickets?companyId=${s.supplier.companyId}`, {
      token: s.supplier.token,
    });
    expect(tickets.body.balance).toBe(1);

    const mails = await refundMails(s.supplier.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(
      "【OEMマッチ】チケットを1枚返却しました：アルミ筐体の切削加工（試作50台）",
    );
    expect(mails[0]!.textBody).toContain(
      "5営業日（土日・祝日・年末年始を除く）以内に、発注者がメッセージの開封・返信をしなかった",
    );
    expect(mails[0]!.textBody).toContain("現在のチケット残り枚数は1枚です。");
    expect(mails[0]!.textBody).toContain("/account/oem/ticket-buy#ticket-usages");

    const audit = await db().select().from(auditLogs).where(eq(auditLogs.targetId, s.usageId));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "ticket_usage.refund_no_reply",
      targetType: "ticket_usage",
      ownerId: null,
      requestId: null,
    });
    expect(audit[0]!.before).toMatchObject({ refundedAt: null, ticketBalance: 0 });
    expect(audit[0]!.after).toMatchObject({ refundedAt: DUE, ticketBalance: 1 });
    // The console lists it with its company, made by no operator.
    const owner = await createOwner();
    const log = await api("GET", `/api/owner/audit-log?targetId=${s.usageId}`, { token: owner.token });
    expect(log.body.items).toEqual([
      expect.objectContaining({
        action: "ticket_usage.refund_no_reply",
        owner: null,
        company: { id: s.supplier.companyId, name: "返却精機株式会社" },
      }),
    ]);
    // The operator cannot give the same ticket back a second time.
    const again = await api("DELETE", `/api/owner/ticket-usage/${s.usageId}`, { token: owner.token });
    expect(again.status).toBe(409);
    expect(await refundRows(s.usageId)).toHaveLength(1);
    expect(await balanceOf(s.supplier)).toBe(1);
  });

  it("after the refund the supplier keeps the buyer's details and the thread; the ticket again on that inquiry is free", async () => {
    const s = await usedAndWritten(1);
    await runJobAt(DUE);
    at("2026-12-01T01:00:00.000Z");
    const detail = await api("GET", `/api/oem/company/${s.supplier.companyId}/contact/${s.inquiryId}`, {
      token: s.supplier.token,
    });
    expect(detail.status).toBe(200);
    expect(detail.body.buyer).not.toBeNull();
    expect(detail.body.needsTicket).toBe(false);
    expect(
      (await api("GET", dealPath(s.supplier, s.threadId, "/messages"), { token: s.supplier.token })).status,
    ).toBe(200);
    await write(s.supplier, s.threadId, "2026-12-01T01:00:00.000Z", "ご検討状況はいかがでしょうか。");
    const state = await api(
      "GET",
      `/api/billing/ticket_usage/company/${s.supplier.companyId}/contact/${s.inquiryId}`,
      { token: s.supplier.token },
    );
    expect(state.body.used).toBe(true);

    const again = await api("POST", "/api/billing/ticket_usage", {
      token: s.supplier.token,
      body: { contactId: s.inquiryId },
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: s.usageId, charged: false, balance: 1 });
    expect(await balanceOf(s.supplier)).toBe(1);
    // No new usage, so no second clock and no second refund.
    expect(
      await db().select().from(ticketUsages).where(eq(ticketUsages.inquiryId, s.inquiryId)),
    ).toHaveLength(1);
    expect(await runJobAt("2026-12-15T01:00:00.000Z")).toEqual({ due: 0, refunded: 0 });

    // The usage history shows it returned, with the date and the reason.
    const history = await api("GET", `/api/billing/ticket_usage/company/${s.supplier.companyId}`, {
      token: s.supplier.token,
    });
    expect(history.status).toBe(200);
    expect(history.body).toMatchObject({ page: 1, total: 1 });
    expect(history.body.items).toEqual([
      {
        id: s.usageId,
        inquiry: { id: s.inquiryId, title: "アルミ筐体の切削加工（試作50台）" },
        usedAt: FRIDAY,
        refundDueAt: null,
        refund: {
          kind: "NO_REPLY",
          refundedAt: DUE,
          reason: "発注者から5営業日以内に返信がなかったため自動返却",
        },
      },
    ]);
  });
});

describe("the buyer stops the clock", () => {
  it("reading on day 4 (Friday 27 Nov) means no refund, ever", async () => {
    const s = await usedAndWritten();
    await read(s.buyer, s.threadId, "2026-11-27T05:00:00.000Z");
    expect((await usage(s.usageId)).buyerEngagedAt?.toISOString()).toBe("2026-11-27T05:00:00.000Z");
    expect(await runJobAt(DUE)).toEqual({ due: 0, refunded: 0 });
    expect(await runJobAt("2026-12-18T01:00:00.000Z")).toEqual({ due: 0, refunded: 0 });
    expect(await refundRows(s.usageId)).toEqual([]);
    expect(await refundMails(s.supplier.email)).toEqual([]);
    const history = await api("GET", `/api/billing/ticket_usage/company/${s.supplier.companyId}`, {
      token: s.supplier.token,
    });
    expect(history.body.items[0]).toMatchObject({ refundDueAt: null, refund: null });
  });

  it("replying on day 4 means no refund, ever", async () => {
    const s = await usedAndWritten();
    await write(
      s.buyer,
      s.threadId,
      "2026-11-27T08:00:00.000Z",
      "ご連絡ありがとうございます。条件をお送りします。",
    );
    expect(await runJobAt(DUE)).toEqual({ due: 0, refunded: 0 });
    expect(await runJobAt("2026-12-18T01:00:00.000Z")).toEqual({ due: 0, refunded: 0 });
    expect(await refundRows(s.usageId)).toEqual([]);
  });

  it("while the clock runs, the history says until when; a read at the deadline itself is too late and the refund stands", async () => {
    const s = await usedAndWritten();
    const history = await api("GET", `/api/billing/ticket_usage/company/${s.supplier.companyId}`, {
      token: s.supplier.token,
    });
    expect(history.body.items[0]).toMatchObject({ refundDueAt: DUE, refund: null });
    await read(s.buyer, s.threadId, DUE);
    expect((await usage(s.usageId)).buyerEngagedAt).toBeNull();
    expect(await runJobAt("2026-11-30T01:03:00.000Z")).toEqual({ due: 1, refunded: 1 });
  });
});

describe("the operator's refund", () => {
  it("writes an OPERATOR ledger row with the operator and takes the access away: the ticket again charges one", async () => {
    const s = await ticketUsed(FRIDAY, 2);
    const owner = await createOwner();
    const refunded = await api("DELETE", `/api/owner/ticket-usage/${s.usageId}`, { token: owner.token });
    expect(refunded.status).toBe(200);
    const rows = await refundRows(s.usageId);
    expect(rows).toEqual([
      expect.objectContaining({
        kind: "OPERATOR",
        refundedByOwnerId: owner.id,
        companyId: s.supplier.companyId,
      }),
    ]);
    expect(await balanceOf(s.supplier)).toBe(2);
    const detail = await api("GET", `/api/oem/company/${s.supplier.companyId}/contact/${s.inquiryId}`, {
      token: s.supplier.token,
    });
    expect(detail.body.buyer).toBeNull();
    expect(detail.body.needsTicket).toBe(true);
    const history = await api("GET", `/api/billing/ticket_usage/company/${s.supplier.companyId}`, {
      token: s.supplier.token,
    });
    expect(history.body.items[0].refund).toMatchObject({ kind: "OPERATOR", reason: "運営による返却" });

    const again = await api("POST", "/api/billing/ticket_usage", {
      token: s.supplier.token,
      body: { contactId: s.inquiryId },
    });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ charged: true, balance: 1 });
    expect(again.body.id).not.toBe(s.usageId);
  });
});
