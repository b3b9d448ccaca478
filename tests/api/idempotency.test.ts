import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { inquiries, invoices, planContracts, ticketPurchases } from "@/server/db/schema";
import { markVerified, registerAccount } from "../factories/accounts";
import { api, idem } from "../factories/http";
import { inquiryBody } from "../factories/inquiries";
import { itConcurrently } from "../support/concurrency";

// Issue 15 item 6: purchases, plan applications and inquiries need an Idempotency-Key; a retry
// answers the first result, the same key with another body is a 422 (Stripe's rule), and two
// requests at once with one key make one record.

const JAPANESE = /[ぁ-んァ-ヶ一-龥]/;

function expectKeyRefused(res: { status: number; body: any }) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.error.message).toMatch(JAPANESE);
  expect(res.body.error.message).toContain("Idempotency-Key");
  expect(res.body.error.fields["idempotency-key"]).toMatch(JAPANESE);
}

async function verifiedBuyer() {
  const buyer = await registerAccount("BUYER");
  await markVerified(buyer.userId);
  return buyer;
}

async function purchasesOf(companyId: string) {
  return db().select().from(ticketPurchases).where(eq(ticketPurchases.companyId, companyId));
}

async function invoicesOf(companyId: string) {
  return db().select().from(invoices).where(eq(invoices.companyId, companyId));
}

async function inquiriesOf(companyId: string, title: string) {
  return db()
    .select()
    .from(inquiries)
    .where(and(eq(inquiries.buyerCompanyId, companyId), eq(inquiries.title, title)));
}

describe("ticket purchase idempotency", () => {
  it("a ticket purchase without an Idempotency-Key is refused with 422 and creates nothing", async () => {
    const s = await registerAccount("SUPPLIER");
    for (let i = 0; i < 2; i++) {
      expectKeyRefused(
        await api("POST", "/api/billing/ticket_purchase", { token: s.token, body: { quantity: 1 } }),
      );
    }
    expect(await purchasesOf(s.companyId)).toHaveLength(0);
    expect(await invoicesOf(s.companyId)).toHaveLength(0);
  });

  it("the same key with the same body answers the first purchase (one purchase, one invoice)", async () => {
    const s = await registerAccount("SUPPLIER");
    const headers = idem();
    const first = await api("POST", "/api/billing/ticket_purchase", {
      token: s.token,
      headers,
      body: { quantity: 5 },
    });
    expect(first.status).toBe(201);
    const retry = await api("POST", "/api/billing/ticket_purchase", {
      token: s.token,
      headers,
      body: { quantity: 5 },
    });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await purchasesOf(s.companyId)).toHaveLength(1);
    expect(await invoicesOf(s.companyId)).toHaveLength(1);
  });

  it("a reused key with a different body is refused with 422 and the first purchase stays as it was", async () => {
    const s = await registerAccount("SUPPLIER");
    const headers = idem();
    const first = await api("POST", "/api/billing/ticket_purchase", {
      token: s.token,
      headers,
      body: { quantity: 1 },
    });
    expect(first.status).toBe(201);
    expectKeyRefused(
      await api("POST", "/api/billing/ticket_purchase", { token: s.token, headers, body: { quantity: 10 } }),
    );
    const rows = await purchasesOf(s.companyId);
    expect(rows.map((r) => r.quantity)).toEqual([1]);
  });

  itConcurrently("two simultaneous purchases with one key create one purchase and one invoice", async () => {
    const s = await registerAccount("SUPPLIER");
    const headers = idem();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        api("POST", "/api/billing/ticket_purchase", { token: s.token, headers, body: { quantity: 1 } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await purchasesOf(s.companyId)).toHaveLength(1);
    expect(await invoicesOf(s.companyId)).toHaveLength(1);
  });

  it("a key is the caller's own: another supplier's request with the same key is its own purchase", async () => {
    const a = await registerAccount("SUPPLIER");
    const b = await registerAccount("SUPPLIER");
    const headers = idem();
    const mine = await api("POST", "/api/billing/ticket_purchase", {
      token: a.token,
      headers,
      body: { quantity: 1 },
    });
    const theirs = await api("POST", "/api/billing/ticket_purchase", {
      token: b.token,
      headers,
      body: { quantity: 1 },
    });
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it("a signed-out caller without a key gets 401, not the key's 422", async () => {
    const res = await api("POST", "/api/billing/ticket_purchase", { body: { quantity: 1 } });
    expect(res.status).toBe(401);
  });
});

describe("plan application idempotency", () => {
  it("a plan application without an Idempotency-Key is refused with 422 on both paths and nothing is applied", async () => {
    const s = await registerAccount("SUPPLIER");
    expectKeyRefused(await api("POST", "/api/billing/plan_contract/waiting", { token: s.token, body: {} }));
    expectKeyRefused(await api("POST", "/api/billing/plan_contract", { token: s.token, body: {} }));
    const rows = await db().select().from(planContracts).where(eq(planContracts.companyId, s.companyId));
    expect(rows).toHaveLength(0);
  });

  it("a retried plan application answers the first one; the same key with another body is a 422", async () => {
    const s = await registerAccount("SUPPLIER");
    const headers = idem();
    const first = await api("POST", "/api/billing/plan_contract/waiting", {
      token: s.token,
      headers,
      body: {},
    });
    expect(first.status).toBe(201);
    const retry = await api("POST", "/api/billing/plan_contract/waiting", {
      token: s.token,
      headers,
      body: {},
    });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expectKeyRefused(
      await api("POST", "/api/billing/plan_contract/waiting", {
        token: s.token,
        headers,
        body: { companyId: s.companyId },
      }),
    );
  });
});

describe("inquiry creation idempotency", () => {
  it("5 identical submissions with one key create one inquiry and all answer it", async () => {
    const buyer = await verifiedBuyer();
    const title = "二重送信の確認（同じキー）";
    const headers = idem();
    const answers = [];
    for (let i = 0; i < 5; i++) {
      answers.push(
        await api("POST", "/api/contact/create", {
          token: buyer.token,
          headers,
          body: inquiryBody({ title }),
        }),
      );
    }
    expect(answers.map((a) => a.status)).toEqual([201, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await inquiriesOf(buyer.companyId, title)).toHaveLength(1);
  });

  it("an inquiry without an Idempotency-Key is refused with 422 on both paths and nothing is stored", async () => {
    const buyer = await verifiedBuyer();
    const title = "二重送信の確認（キーなし）";
    expectKeyRefused(
      await api("POST", "/api/contact/create", { token: buyer.token, body: inquiryBody({ title }) }),
    );
    expectKeyRefused(
      await api("POST", `/api/buyer/company/${buyer.companyId}/contacts`, {
        token: buyer.token,
        body: inquiryBody({ title }),
      }),
    );
    expect(await inquiriesOf(buyer.companyId, title)).toHaveLength(0);
  });

  it("a reused key with a different inquiry is refused with 422", async () => {
    const buyer = await verifiedBuyer();
    const headers = idem();
    const first = await api("POST", "/api/contact/create", {
      token: buyer.token,
      headers,
      body: inquiryBody({ title: "最初の案件" }),
    });
    expect(first.status).toBe(201);
    expectKeyRefused(
      await api("POST", "/api/contact/create", {
        token: buyer.token,
        headers,
        body: inquiryBody({ title: "別の案件" }),
      }),
    );
    expect(await inquiriesOf(buyer.companyId, "別の案件")).toHaveLength(0);
  });

  itConcurrently("simultaneous submissions with one key create one inquiry", async () => {
    const buyer = await verifiedBuyer();
    const title = "二重送信の確認（同時）";
    const headers = idem();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        api("POST", "/api/contact/create", { token: buyer.token, headers, body: inquiryBody({ title }) }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.every((a) => a.status === 200 || a.status === 201)).toBe(true);
    expect(await inquiriesOf(buyer.companyId, title)).toHaveLength(1);
  });
});
