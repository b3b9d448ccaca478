import { describe, expect, it } from "vitest";
import { addDays, todayInJapan } from "@/lib/japan-time";
import {
  activatePlan,
  cancelTicketPurchase,
  confirmTicketPurchase,
  endExpiredPlans,
  refundTicketUsage,
} from "@/modules/billing/billing.service";
import { flushPageViews } from "@/modules/companies/page-views";
import { db } from "@/server/db/client";
import { createOwner, emailsTo, lastEmailTo, markVerified, registerVerified } from "../factories/accounts";
import { addGeneralMember } from "../factories/actors";
import { api, idem } from "../factories/http";
import { createInquiry, creditTickets, insertNominations } from "../factories/inquiries";

describe("tickets", () => {
  it("lists products with 10% tax, and a purchase waits for payment with an invoice", async () => {
    const s = await registerVerified("SUPPLIER");
    const overview = await api("GET", "/api/billing/tickets", { token: s.token });
    expect(overview.body.products).toEqual([
      {
        quantity: 1,
        label: "チケット1枚",
        subtotalYen: 5000,
        taxYen: 500,
        totalYen: 5500,
        unitPriceYen: 5000,
      },
      {
        quantity: 5,
        label: "チケット5枚セット",
        subtotalYen: 22500,
        taxYen: 2250,
        totalYen: 24750,
        unitPriceYen: 4500,
      },
      {
        quantity: 10,
        label: "チケット10枚セット",
        subtotalYen: 40000,
        taxYen: 4000,
        totalYen: 44000,
        unitPriceYen: 4000,
      },
    ]);
    expect(overview.body).toMatchObject({
      balance: 0,
      taxRate: 0.1,
      plan: { monthlyFeeYen: 30000, taxYen: 3000, totalYen: 33000 },
    });

    const bad = await api("POST", "/api/billing/ticket_purchase", {
      headers: idem(),
      token: s.token,
      body: { quantity: 3 },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields.quantity).toBe("購入枚数は1枚・5枚・10枚から選択してください");

    const headers = { "idempotency-key": "purchase-key-0001" };
    const first = await api("POST", "/api/billing/ticket_purchase", {
      token: s.token,
      headers,
      body: { quantity: 5 },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: "PENDING", quantity: 5, totalYen: 24750 });
    expect(first.body.invoiceId).toBeTruthy();
    const retry = await api("POST", "/api/billing/ticket_purchase", {
      token: s.token,
      headers,
      body: { quantity: 5 },
    });
    expect(retry.status).toBe(200);
    expect(retry.body.id).toBe(first.body.id);
    expect((await lastEmailTo(s.email))?.subject).toContain("請求書を発行しました");
    expect((await lastEmailTo(s.email))?.textBody).toContain("お振込みを確認しましたら、チケットを付与して");

    // Not credited until the operator confirms the payment.
    expect((await api("GET", "/api/account/me", { token: s.token })).body.companyDetails.ticketCount).toBe(0);
    const owner = await createOwner();
    await db().transaction((tx) => confirmTicketPurchase(tx, owner.id, first.body.id));
    expect((await api("GET", "/api/account/me", { token: s.token })).body.companyDetails.ticketCount).toBe(5);
    await expect(db().transaction((tx) => cancelTicketPurchase(tx, owner.id, first.body.id))).rejects.toThrow(
      "入金待ちの購入のみ取り消せます。",
    );
  });

  it("spends a ticket on a nomination once, and a refund gives it back", async () => {
    const buyer = await registerVerified("BUYER");
    await markVerified(buyer.userId);
    const s = await registerVerified("SUPPLIER");
    await creditTickets(s.companyId, 1);
    const id = await createInquiry(buyer, { type: "NOMINATION", nominatedCompanyId: s.companyId });
    const state0 = await api("GET", `/api/billing/ticket_usage/company/${s.companyId}/contact/${id}`, {
      token: s.token,
    });
    expect(state0.body).toEqual({ used: false, usedAt: null });
    const used = await api("POST", "/api/billing/ticket_usage", { token: s.token, body: { contactId: id } });
    expect(used.status).toBe(201);
    expect(used.body).toMatchObject({ balance: 0, charged: true });
    const again = await api("POST", "/api/billing/ticket_usage", { token: s.token, body: { contactId: id } });
    expect(again.status).toBe(200);
    expect(again.body.charged).toBe(false);
    expect(
      (await api("GET", `/api/oem/company/${s.companyId}/contact/${id}`, { token: s.token })).body.buyer,
    ).not.toBeNull();

    const other = await insertNominations(buyer, s.companyId, 1);
    const empty = await api("POST", "/api/billing/ticket_usage", {
      token: s.token,
      body: { contactId: other[0] },
    });
    expect(empty.status).toBe(402);

    const owner = await createOwner();
    await db().transaction((tx) => refundTicketUsage(tx, owner.id, used.body.id));
    expect((await api("GET", "/api/account/me", { token: s.token })).body.companyDetails.ticketCount).toBe(1);
  });

  it("refuses a ticket on another supplier's nomination (404) and on a bulk inquiry", async () => {
    const buyer = await registerVerified("BUYER");
    await markVerified(buyer.userId);
    const s = await registerVerified("SUPPLIER");
    const other = await registerVerified("SUPPLIER");
    await creditTickets(s.companyId, 2);
    const [theirs] = await insertNominations(buyer, other.companyId, 1);
    expect(
      (await api("POST", "/api/billing/ticket_usage", { token: s.token, body: { contactId: theirs } }))
        .status,
    ).toBe(404);
    const bulk = await createInquiry(buyer);
    expect(
      (await api("POST", "/api/billing/ticket_usage", { token: s.token, body: { contactId: bulk } })).status,
    ).toBe(404);
  });
});

describe("the unlimited plan", () => {
  it("is applied for, activated by the operator, and cancelled to the end of the month", async () => {
    const s = await registerVerified("SUPPLIER");
    const general = await addGeneralMember(s.companyId);
    expect(
      (
        await api("POST", "/api/billing/plan_contract/waiting", {
          headers: idem(),
          token: general.token,
          body: {},
        })
      ).status,
    ).toBe(403);
    const applied = await api("POST", "/api/billing/plan_contract/waiting", {
      headers: idem(),
      token: s.token,
      body: {},
    });
    expect(applied.status).toBe(201);
    expect(applied.body.status).toBe("WAITING");
    expect(
      (await api("POST", "/api/billing/plan_contract/waiting", { headers: idem(), token: s.token, body: {} }))
        .status,
    ).toBe(409);

    // The operator activates it in the console (audited), not through the members' billing path.
    const owner = await createOwner();
    const activated = await api("PUT", `/api/owner/plan-contract/${s.companyId}`, {
      token: owner.token,
      body: { action: "ACTIVATE" },
    });
    expect(activated.status).toBe(200);
    expect(activated.body.contract.status).toBe("ACTIVE");
    expect((await api("GET", "/api/account/me", { token: s.token })).body.companyDetails.paymentStatus).toBe(
      "OEM_PAID",
    );
    const subjects = (await emailsTo(s.email)).map((m) => m.subject);
    expect(subjects).toContain("【OEMマッチ】無制限プランが開始されました");
    expect(subjects.some((x) => x.includes("請求書を発行しました"))).toBe(true);
    // A member applying again while the plan runs is refused.
    expect(
      (
        await api("POST", "/api/billing/plan_contract", {
          headers: idem(),
          token: s.token,
          body: { companyId: s.companyId },
        })
      ).status,
    ).toBe(409);

    const cancelled = await api("POST", "/api/billing/plan_contract/cancel", { token: s.token, body: {} });
    expect(cancelled.body.status).toBe("CANCEL_SCHEDULED");
    // The last day of this month in Japan: the day after it is in the next month.
    const today = todayInJapan();
    let monthEnd = today;
    while (addDays(monthEnd, 1).slice(0, 7) === today.slice(0, 7)) monthEnd = addDays(monthEnd, 1);
    expect(cancelled.body.endsOn).toBe(monthEnd);
    // Still paid until the month ends (controlled clock: the job run today changes nothing)…
    expect(await endExpiredPlans(db())).toBe(0);
    expect((await api("GET", "/api/account/me", { token: s.token })).body.companyDetails.paymentStatus).toBe(
      "OEM_PAID",
    );
    // …and free the day after.
    const afterMonthEnd = new Date(`${cancelled.body.endsOn}T12:00:00+09:00`);
    afterMonthEnd.setUTCDate(afterMonthEnd.getUTCDate() + 1);
    expect(await endExpiredPlans(db(), afterMonthEnd)).toBe(1);
    const state = await api("GET", `/api/billing/plan_contract/waiting/company/${s.companyId}`, {
      token: s.token,
    });
    expect(state.body.paymentStatus).toBe("OEM_FREE");
  });

  it("an operator token cannot activate a plan through POST /api/billing/plan_contract (403, nothing changes, no unaudited write)", async () => {
    const s = await registerVerified("SUPPLIER");
    expect(
      (await api("POST", "/api/billing/plan_contract/waiting", { headers: idem(), token: s.token, body: {} }))
        .status,
    ).toBe(201);
    const owner = await createOwner();
    const res = await api("POST", "/api/billing/plan_contract", {
      headers: idem(),
      token: owner.token,
      body: { companyId: s.companyId },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(/運営アカウント/);
    const state = await api("GET", `/api/billing/plan_contract/waiting/company/${s.companyId}`, {
      token: s.token,
    });
    expect(state.body).toMatchObject({ paymentStatus: "OEM_FREE", contract: { status: "WAITING" } });
  });

  it("POST /api/billing/plan_contract is the ADMIN's application, as /waiting is", async () => {
    const s = await registerVerified("SUPPLIER");
    const applied = await api("POST", "/api/billing/plan_contract", {
      headers: idem(),
      token: s.token,
      body: {},
    });
    expect(applied.status).toBe(201);
    expect(applied.body.status).toBe("WAITING");
  });

  it("refuses to activate when nothing is waiting", async () => {
    const s = await registerVerified("SUPPLIER");
    const owner = await createOwner();
    await expect(db().transaction((tx) => activatePlan(tx, owner.id, s.companyId))).rejects.toThrow(
      "お申し込み中の無制限プランがありません。",
    );
  });
});

describe("monthly record", () => {
  it("counts the month's nominations, entries, tickets used and page views", async () => {
    const buyer = await registerVerified("BUYER");
    await markVerified(buyer.userId);
    const s = await registerVerified("SUPPLIER");
    await markVerified(s.userId);
    await creditTickets(s.companyId, 2);
    const id = await createInquiry(buyer, { type: "NOMINATION", nominatedCompanyId: s.companyId });
    await api("POST", "/api/billing/ticket_usage", { token: s.token, body: { contactId: id } });
    await api("POST", `/api/oem/company/${s.companyId}/contact/${id}/entries`, {
      token: s.token,
      body: { message: "ご提案します" },
    });
    await api("GET", `/api/oem/${s.companyId}`);
    await api("GET", `/api/oem/${s.companyId}`);
    await flushPageViews(db()); // each process writes its noted views every few seconds
    const now = new Date(Date.now() + 9 * 3_600_000);
    const res = await api(
      "GET",
      `/api/oem/company/${s.companyId}/record/${now.getUTCFullYear()}/${now.getUTCMonth() + 1}`,
      {
        token: s.token,
      },
    );
    expect(res.body).toMatchObject({ nominationsReceived: 1, entries: 1, ticketsUsed: 1, pageViews: 2 });
    const bad = await api("GET", `/api/oem/company/${s.companyId}/record/2026/13`, { token: s.token });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields.month).toBe("月の指定が正しくありません");
  });
});
