// One channel per supplier (issue 33, item 4): the entry opens the deal thread and its text, its
// indicative price and its lead time are the thread's first message, written in the transaction
// of the entry; a supplier whose thread is already open (a ticket on a nomination) finds its entry
// in that same thread. A refused entry writes nothing.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { approveBulkInquiry } from "@/modules/inquiries/inquiry.service";
import { db } from "@/server/db/client";
import { dealThreads, ticketUsages } from "@/server/db/schema";
import { type Account, createOwner, registerVerified } from "../factories/accounts";
import { makePaid } from "../factories/actors";
import { api } from "../factories/http";
import { createInquiry, creditTickets, resetInquiryLimits } from "../factories/inquiries";

let buyer: Account;
let ownerId: string;

beforeAll(async () => {
  buyer = await registerVerified("BUYER", { companyName: "株式会社一本化発注" });
  ownerId = (await createOwner()).id;
});

const ENTRY = {
  message: "弊社で対応可能です。\n試作50台から承ります。",
  proposedUnitPriceYen: 480,
  leadTime: "約30日",
};

const enter = (s: Account, inquiryId: string, body: Record<string, unknown> = ENTRY) =>
  api("POST", `/api/oem/company/${s.companyId}/contact/${inquiryId}/entries`, { token: s.token, body });

const deals = (a: Account, rest: string) => `/api/deals/company/${a.companyId}${rest}`;

async function threadsOf(a: Account, inquiryId: string) {
  const res = await api("GET", deals(a, `/threads?inquiryId=${inquiryId}`), { token: a.token });
  expect(res.status).toBe(200);
  return res.body.items as Array<{ id: string; unread: number; status: string }>;
}

async function messagesOf(a: Account, threadId: string) {
  const res = await api("GET", deals(a, `/threads/${threadId}/messages`), { token: a.token });
  expect(res.status).toBe(200);
  return res.body.items as Array<{ side: string; kind: string; body: string }>;
}

describe("the entry opens the thread", () => {
  it("a paid supplier's entry on a public inquiry is the thread's first message, with its indicative price and lead time", async () => {
    await resetInquiryLimits();
    const supplier = await registerVerified("SUPPLIER", { companyName: "一本化精機株式会社" });
    await makePaid(supplier.companyId);
    const inquiryId = await createInquiry(buyer);
    await approveBulkInquiry(db(), ownerId, inquiryId);

    const entered = await enter(supplier, inquiryId);
    expect(entered.status, JSON.stringify(entered.body)).toBe(201);

    const [thread] = await threadsOf(buyer, inquiryId);
    expect(thread).toMatchObject({ status: "NEW", unread: 1 });
    const messages = await messagesOf(buyer, thread!.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ side: "SUPPLIER", kind: "MESSAGE" });
    expect(messages[0]!.body).toContain("弊社で対応可能です。\n試作50台から承ります。");
    expect(messages[0]!.body).toContain("概算単価：480円（正式な見積ではありません）");
    expect(messages[0]!.body).toContain("納期の目安：約30日");
    // The supplier sees the same message as its own.
    expect((await messagesOf(supplier, thread!.id)).map((m) => m.body)).toEqual([messages[0]!.body]);

    // A second entry is refused and writes nothing in the thread.
    expect((await enter(supplier, inquiryId)).status).toBe(409);
    expect(await messagesOf(buyer, thread!.id)).toHaveLength(1);
  });

  it("an entry without a price or lead time is the message alone", async () => {
    const supplier = await registerVerified("SUPPLIER");
    await makePaid(supplier.companyId);
    const inquiryId = await createInquiry(buyer);
    await approveBulkInquiry(db(), ownerId, inquiryId);
    expect((await enter(supplier, inquiryId, { message: "ぜひご相談ください。" })).status).toBe(201);
    const [thread] = await threadsOf(buyer, inquiryId);
    expect((await messagesOf(buyer, thread!.id)).map((m) => m.body)).toEqual(["ぜひご相談ください。"]);
  });

  it("a free supplier's entry after its ticket lands in the thread the ticket opened, and starts its refund clock", async () => {
    const supplier = await registerVerified("SUPPLIER", { companyName: "一本化工業株式会社" });
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
    const before = await threadsOf(supplier, inquiryId);
    expect(before).toHaveLength(1);
    expect(await messagesOf(supplier, before[0]!.id)).toEqual([]);

    expect((await enter(supplier, inquiryId)).status).toBe(201);
    const after = await threadsOf(supplier, inquiryId);
    expect(after.map((t) => t.id)).toEqual([before[0]!.id]);
    const messages = await messagesOf(buyer, before[0]!.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.body).toContain("概算単価：480円");
    const [usage] = await db().select().from(ticketUsages).where(eq(ticketUsages.inquiryId, inquiryId));
    expect(usage!.refundDueAt).not.toBeNull();
    const rows = await db().select().from(dealThreads).where(eq(dealThreads.inquiryId, inquiryId));
    expect(rows).toHaveLength(1);
  });
});
