import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createOwner, markVerified, registerAccount } from "../factories/accounts";
import { api } from "../factories/http";

// Issue 15 #31: the console's audit log names the company a ticket or plan change was about,
// with a readable label of the record, not only its id.
describe("the audit log", () => {
  it("names the company and the record of ticket and plan changes", async () => {
    const supplier = await registerAccount("SUPPLIER", { companyName: "監査表示工業株式会社" });
    await markVerified(supplier.userId);
    const owner = await createOwner();
    const key = () => ({ "idempotency-key": randomUUID() });

    const purchase = await api("POST", "/api/billing/ticket_purchase", {
      token: supplier.token,
      body: { quantity: 5 },
      headers: key(),
    });
    expect(purchase.status).toBe(201);
    expect(
      (
        await api("PUT", `/api/owner/ticket-purchase/${purchase.body.id}`, {
          token: owner.token,
          body: { action: "CONFIRM_PAYMENT" },
        })
      ).status,
    ).toBe(200);
    const applied = await api("POST", "/api/billing/plan_contract/waiting", {
      token: supplier.token,
      body: {},
      headers: key(),
    });
    expect(applied.status).toBe(201);
    expect(
      (
        await api("PUT", `/api/owner/plan-contract/${supplier.companyId}`, {
          token: owner.token,
          body: { action: "ACTIVATE" },
        })
      ).status,
    ).toBe(200);

    const company = { id: supplier.companyId, name: "監査表示工業株式会社" };
    const purchaseLog = await api("GET", `/api/owner/audit-log?targetId=${purchase.body.id}`, {
      token: owner.token,
    });
    expect(purchaseLog.body.items).toEqual([
      expect.objectContaining({
        action: "ticket_purchase.confirm",
        company,
        targetLabel: "チケット5枚の購入",
      }),
    ]);
    const planLog = await api("GET", `/api/owner/audit-log?targetId=${applied.body.id}`, {
      token: owner.token,
    });
    expect(planLog.body.items).toEqual([
      expect.objectContaining({ action: "plan.activate", company, targetLabel: "無制限プランの契約" }),
    ]);
    // The CSV names the company too.
    const csv = await api("GET", `/api/owner/audit-log?format=csv&targetId=${applied.body.id}`, {
      token: owner.token,
    });
    expect(String(csv.body)).toContain("監査表示工業株式会社");
  });
});
