import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { auditLogs, emailOutbox } from "@/server/db/schema";
import { type Account, createOwner, lastEmailTo, markVerified, registerAccount } from "../factories/accounts";
import { api, idem } from "../factories/http";
import { createInquiry } from "../factories/inquiries";

// Tickets and plans from the console: the supplier sees each change in its own session.
let buyer: Account;
let supplier: Account;
let owner: { id: string; token: string };

beforeAll(async () => {
  buyer = await registerAccount("BUYER", { companyName: "株式会社課金テスト商事" });
  await markVerified(buyer.userId);
  supplier = await registerAccount("SUPPLIER", { companyName: "チケット工業株式会社" });
  await markVerified(supplier.userId);
  owner = await createOwner();
});

const as = (token: string) => ({ token });
const me = async (a: Account) => (await api("GET", "/api/account/me", as(a.token))).body.companyDetails;

async function auditsOf(targetType: string, targetId: string) {
  return db()
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.targetType, targetType), eq(auditLogs.targetId, targetId)))
    .orderBy(desc(auditLogs.createdAt));
}

async function buyTickets(a: Account, quantity: 1 | 5 | 10) {
  const res = await api("POST", "/api/billing/ticket_purchase", {
    headers: idem(),
    token: a.token,
    body: { quantity },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

describe("ticket purchases", () => {
  it("confirms a payment: the supplier's ticketCount rises, the supplier is emailed, and it is audited", async () => {
    const purchaseId = await buyTickets(supplier, 5);
    expect((await me(supplier)).ticketCount).toBe(0);
    const pending = await api(
      "GET",
      `/api/owner/ticket-purchase?status=PENDING&companyId=${supplier.companyId}`,
      {
        token: owner.token,
      },
    );
    expect(pending.body.items).toEqual([
      expect.objectContaining({
        id: purchaseId,
        company: { id: supplier.companyId, name: "チケット工業株式会社" },
        quantity: 5,
        subtotalYen: 22_500,
        taxYen: 2_250,
        totalYen: 24_750,
        status: "PENDING",
        isGrant: false,
        requestedBy: expect.objectContaining({ email: supplier.email }),
        invoice: expect.objectContaining({ number: expect.stringMatching(/^INV-/) }),
      }),
    ]);

    const res = await api("PUT", `/api/owner/ticket-purchase/${purchaseId}`, {
      token: owner.token,
      body: { action: "CONFIRM_PAYMENT" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: purchaseId, status: "PAID", confirmedByOwnerId: owner.id });
    expect((await me(supplier)).ticketCount).toBe(5);
    expect((await lastEmailTo(supplier.email))?.template).toBe("tickets-credited");
    const [audit] = await auditsOf("ticket_purchase", purchaseId);
    expect(audit).toMatchObject({
      ownerId: owner.id,
      action: "ticket_purchase.confirm",
      before: { status: "PENDING", ticketBalance: 0 },
      after: { status: "PAID", ticketBalance: 5 },
    });

    const again = await api("PUT", `/api/owner/ticket-purchase/${purchaseId}`, {
      token: owner.token,
      body: { action: "CONFIRM_PAYMENT" },
    });
    expect(again.status).toBe(409);
    expect((await me(supplier)).ticketCount).toBe(5);
    const badAction = await api("PUT", `/api/owner/ticket-purchase/${purchaseId}`, {
      token: owner.token,
      body: { action: "REFUND" },
    });
    expect(badAction.status).toBe(422);
    const detail = await api("GET", `/api/owner/ticket-purchase/${purchaseId}`, as(owner.token));
    expect(detail.body).toMatchObject({ id: purchaseId, status: "PAID", paidAt: expect.any(String) });
    expect((await api("GET", `/api/owner/ticket-purchase/${randomUUID()}`, as(owner.token))).status).toBe(
      404,
    );
  });

  it("cancels a purchase waiting for payment, only once", async () => {
    const purchaseId = await buyTickets(supplier, 1);
    const res = await api("DELETE", `/api/owner/ticket-purchase/${purchaseId}`, as(owner.token));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "CANCELLED", cancelledAt: expect.any(String) });
    const again = await api("DELETE", `/api/owner/ticket-purchase/${purchaseId}`, as(owner.token));
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain("入金待ちの購入のみ操作できます");
    expect((await api("DELETE", `/api/owner/ticket-purchase/${randomUUID()}`, as(owner.token))).status).toBe(
      404,
    );
    expect((await auditsOf("ticket_purchase", purchaseId)).map((a) => a.action)).toEqual([
      "ticket_purchase.cancel",
    ]);
  });

  it("grants tickets free of charge, paid at once, with the note in the audit log", async () => {
    const before = (await me(supplier)).ticketCount;
    const res = await api("POST", "/api/owner/ticket-purchase", {
      token: owner.token,
      body: { companyId: supplier.companyId, quantity: 3, note: "障害のお詫び" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ isGrant: true, status: "PAID", quantity: 3, totalYen: 0 });
    expect((await me(supplier)).ticketCount).toBe(before + 3);
    const [audit] = await auditsOf("ticket_purchase", res.body.id);
    expect(audit).toMatchObject({
      action: "ticket_purchase.grant",
      before: { companyId: supplier.companyId, ticketBalance: before },
      after: { isGrant: true, ticketBalance: before + 3, note: "障害のお詫び" },
    });
    const grants = await api("GET", "/api/owner/ticket-purchase?isGrant=true", as(owner.token));
    expect(grants.body.items.map((p: any) => p.id)).toContain(res.body.id);

    const toBuyer = await api("POST", "/api/owner/ticket-purchase", {
      token: owner.token,
      body: { companyId: buyer.companyId, quantity: 1 },
    });
    expect(toBuyer.status).toBe(404);
    const tooMany = await api("POST", "/api/owner/ticket-purchase", {
      token: owner.token,
      body: { companyId: supplier.companyId, quantity: 101 },
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error.fields.quantity).toBe("一度に付与できるのは100枚までです");
  });
  it("credits a purchase once when several confirmations arrive at the same moment", async () => {
    const s = await registerAccount("SUPPLIER");
    const purchaseId = await buyTickets(s, 10);
    const confirm = () =>
      api("PUT", `/api/owner/ticket-purchase/${purchaseId}`, {
        token: owner.token,
        body: { action: "CONFIRM_PAYMENT" },
      });
    const results = await Promise.all([confirm(), confirm(), confirm()]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await me(s)).ticketCount).toBe(10);
    expect(await auditsOf("ticket_purchase", purchaseId)).toHaveLength(1);
  });
});

describe("ticket usages", () => {
  it("refunds a usage: it is marked refunded, the balance rises again, and it cannot be refunded twice", async () => {
    const inquiryId = await createInquiry(buyer, {
      type: "NOMINATION",
      nominatedCompanyId: supplier.companyId,
    });
    const before = (await me(supplier)).ticketCount;
    expect(before).toBeGreaterThan(0);
    const used = await api("POST", "/api/billing/ticket_usage", {
      token: supplier.token,
      body: { contactId: inquiryId },
    });
    expect(used.status).toBe(201);
    const usageId = used.body.id as string;
    expect((await me(supplier)).ticketCount).toBe(before - 1);

    const list = await api("GET", `/api/owner/ticket-usage?companyId=${supplier.companyId}&refunded=false`, {
      token: owner.token,
    });
    expect(list.body.items).toEqual([
      expect.objectContaining({
        id: usageId,
        company: { id: supplier.companyId, name: "チケット工業株式会社" },
        inquiry: expect.objectContaining({ id: inquiryId, type: "NOMINATION" }),
        usedBy: expect.objectContaining({ email: supplier.email }),
        refundedAt: null,
      }),
    ]);

    const res = await api("DELETE", `/api/owner/ticket-usage/${usageId}`, as(owner.token));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: usageId,
      refundedAt: expect.any(String),
      refundedByOwnerId: owner.id,
    });
    expect((await me(supplier)).ticketCount).toBe(before);
    const [audit] = await auditsOf("ticket_usage", usageId);
    expect(audit).toMatchObject({
      action: "ticket_usage.refund",
      before: { refundedAt: null, ticketBalance: before - 1 },
      after: { ticketBalance: before },
    });

    const again = await api("DELETE", `/api/owner/ticket-usage/${usageId}`, as(owner.token));
    expect(again.status).toBe(409);
    expect((await api("DELETE", `/api/owner/ticket-usage/${randomUUID()}`, as(owner.token))).status).toBe(
      404,
    );
    const refunded = await api("GET", `/api/owner/ticket-usage?refunded=true&contactId=${inquiryId}`, {
      token: owner.token,
    });
    expect(refunded.body.items.map((u: any) => u.id)).toEqual([usageId]);
  });
});

describe("plan contracts", () => {
  it("activates a waiting application: the supplier becomes OEM_PAID; ending it makes it OEM_FREE", async () => {
    const applied = await api("POST", "/api/billing/plan_contract/waiting", {
      headers: idem(),
      token: supplier.token,
      body: {},
    });
    expect(applied.status).toBe(201);
    const waiting = await api("GET", "/api/owner/plan-contract-waiting", as(owner.token));
    expect(waiting.body.items).toEqual([
      expect.objectContaining({
        id: applied.body.id,
        company: { id: supplier.companyId, name: "チケット工業株式会社" },
        status: "WAITING",
        monthlyFeeYen: 30_000,
      }),
    ]);

    const res = await api("PUT", `/api/owner/plan-contract/${supplier.companyId}`, {
      token: owner.token,
      body: { action: "ACTIVATE" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      companyId: supplier.companyId,
      paymentStatus: "OEM_PAID",
      contract: { id: applied.body.id, status: "ACTIVE", activatedByOwnerId: owner.id },
    });
    expect((await me(supplier)).paymentStatus).toBe("OEM_PAID");
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, supplier.email));
    expect(mails.map((m) => m.template)).toEqual(
      expect.arrayContaining(["plan-activated", "invoice-issued"]),
    );
    // The plan has started: its invoice asks for the month's fee, not for a payment before a start.
    const planInvoice = mails.find(
      (m) => m.template === "invoice-issued" && m.textBody.includes("無制限プラン"),
    );
    expect(planInvoice?.textBody).toMatch(/無制限プラン \d{4}年\d{1,2}月分の請求書/);
    expect(planInvoice?.textBody).not.toContain("チケットを付与");
    expect((await api("GET", "/api/owner/plan-contract-waiting", as(owner.token))).body.total).toBe(0);
    const [activated] = await auditsOf("plan_contract", applied.body.id);
    expect(activated).toMatchObject({
      action: "plan.activate",
      before: { contract: { status: "WAITING" }, paymentStatus: "OEM_FREE" },
      after: { contract: { status: "ACTIVE" }, paymentStatus: "OEM_PAID" },
    });

    const twice = await api("PUT", `/api/owner/plan-contract/${supplier.companyId}`, {
      token: owner.token,
      body: { action: "ACTIVATE" },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe("お申し込み中の無制限プランがありません。");

    const billing = await api("GET", `/api/owner/oem-detail/${supplier.companyId}`, as(owner.token));
    expect(billing.status).toBe(200);
    expect(billing.body).toMatchObject({
      company: { id: supplier.companyId, paymentStatus: "OEM_PAID" },
      ticketBalance: (await me(supplier)).ticketCount,
      planContracts: [expect.objectContaining({ status: "ACTIVE" })],
    });
    expect(billing.body.purchases.length).toBeGreaterThanOrEqual(3);
    expect(billing.body.usages.length).toBeGreaterThanOrEqual(1);
    expect(billing.body.invoices.some((i: any) => i.planContractId === applied.body.id)).toBe(true);

    const ended = await api("PUT", `/api/owner/plan-contract/${supplier.companyId}`, {
      token: owner.token,
      body: { action: "END" },
    });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ paymentStatus: "OEM_FREE", contract: { status: "ENDED" } });
    expect((await me(supplier)).paymentStatus).toBe("OEM_FREE");
    const endAgain = await api("PUT", `/api/owner/plan-contract/${supplier.companyId}`, {
      token: owner.token,
      body: { action: "END" },
    });
    expect(endAgain.status).toBe(409);
    expect((await auditsOf("plan_contract", applied.body.id)).map((a) => a.action)).toEqual([
      "plan.end",
      "plan.activate",
    ]);
  });

  it("rejects an application with a note, and refuses buyers and unknown companies", async () => {
    const other = await registerAccount("SUPPLIER", { companyName: "申込却下工業株式会社" });
    const applied = await api("POST", "/api/billing/plan_contract/waiting", {
      headers: idem(),
      token: other.token,
      body: {},
    });
    const res = await api("PUT", `/api/owner/plan-contract/${other.companyId}`, {
      token: owner.token,
      body: { action: "REJECT", note: "ご入金が確認できませんでした" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      paymentStatus: "OEM_FREE",
      contract: { id: applied.body.id, status: "REJECTED", note: "ご入金が確認できませんでした" },
    });
    expect((await auditsOf("plan_contract", applied.body.id))[0]?.action).toBe("plan.reject");
    const onBuyer = await api("PUT", `/api/owner/plan-contract/${buyer.companyId}`, {
      token: owner.token,
      body: { action: "ACTIVATE" },
    });
    expect(onBuyer.status).toBe(404);
    const badDate = await api("PUT", `/api/owner/plan-contract/${other.companyId}`, {
      token: owner.token,
      body: { action: "ACTIVATE", startsOn: "2026/04/01" },
    });
    expect(badDate.status).toBe(422);
    expect((await api("GET", `/api/owner/oem-detail/${buyer.companyId}`, as(owner.token))).status).toBe(404);
  });
});
