import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { companies, emailOutbox } from "@/server/db/schema";
import { type Account, markVerified, registerAccount } from "../factories/accounts";
import { api } from "../factories/http";
import { createInquiry, spendTicket } from "../factories/inquiries";

// PRODUCT.md: a hidden name (namePublished: false) stays hidden from every buyer until the
// supplier itself enters or writes to that buyer. Selecting it in an inquiry must not unmask it.

const HIDDEN = "企業名非公開";
const SECRET_NAME = "秘匿精密工業株式会社";
let hidden: Account;
let visible: Account;

beforeAll(async () => {
  hidden = await registerAccount("SUPPLIER", {
    companyName: SECRET_NAME,
    website: "https://secret.example.jp",
  });
  await markVerified(hidden.userId);
  await db().update(companies).set({ namePublished: false }).where(eq(companies.id, hidden.companyId));
  visible = await registerAccount("SUPPLIER", { companyName: "公開化成株式会社" });
  await markVerified(visible.userId); // only public (verified) suppliers can be selected
});

async function newBuyer() {
  const buyer = await registerAccount("BUYER");
  await markVerified(buyer.userId);
  return buyer;
}

const detailOf = (buyer: Account, id: string) =>
  api("GET", `/api/buyer/company/${buyer.companyId}/contact/${id}`, { token: buyer.token });

async function buyerMails(buyer: Account) {
  return db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, buyer.email));
}

describe("a hidden supplier name in the buyer's own inquiries", () => {
  it("stays 企業名非公開 among the selected companies of a bulk inquiry in review", async () => {
    const buyer = await newBuyer();
    const id = await createInquiry(buyer, { selectedCompanyIds: [hidden.companyId, visible.companyId] });
    const detail = await detailOf(buyer, id);
    expect(detail.status).toBe(200);
    const byId = Object.fromEntries(detail.body.selectedCompanies.map((c: any) => [c.id, c.name]));
    expect(byId).toEqual({ [hidden.companyId]: HIDDEN, [visible.companyId]: "公開化成株式会社" });
    expect(JSON.stringify(detail.body)).not.toContain(SECRET_NAME);
    expect(JSON.stringify(detail.body)).not.toContain("secret.example.jp");

    // Nor after withdrawing it, nor in the list, nor in any mail to the buyer.
    const cancelled = await api("POST", `/api/buyer/company/${buyer.companyId}/contact/${id}/cancel`, {
      token: buyer.token,
    });
    expect(cancelled.status).toBe(200);
    expect(JSON.stringify(cancelled.body)).not.toContain(SECRET_NAME);
    const list = await api("GET", `/api/buyer/company/${buyer.companyId}/contacts`, { token: buyer.token });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(SECRET_NAME);
    const mails = await buyerMails(buyer);
    expect(mails.length).toBeGreaterThan(0);
    for (const m of mails) expect(`${m.subject}${m.textBody}${m.htmlBody ?? ""}`).not.toContain(SECRET_NAME);
  });

  it("stays 企業名非公開 as the nominated company until the supplier enters, then shows to that buyer only", async () => {
    const buyer = await newBuyer();
    const otherBuyer = await newBuyer();
    const nomination = await createInquiry(buyer, {
      type: "NOMINATION",
      nominatedCompanyId: hidden.companyId,
    });
    const bulk = await createInquiry(buyer, { selectedCompanyIds: [hidden.companyId] });
    const othersBulk = await createInquiry(otherBuyer, { selectedCompanyIds: [hidden.companyId] });

    const before = await detailOf(buyer, nomination);
    expect(before.body.nominatedCompany).toEqual({ id: hidden.companyId, name: HIDDEN });
    expect(JSON.stringify(before.body)).not.toContain(SECRET_NAME);

    await spendTicket(hidden, nomination);
    const entry = await api("POST", `/api/oem/company/${hidden.companyId}/contact/${nomination}/entries`, {
      token: hidden.token,
      body: { message: "弊社で対応可能です。" },
    });
    expect(entry.status).toBe(201);

    // The supplier answered this buyer: its name is now this buyer's to see, on every inquiry.
    expect((await detailOf(buyer, nomination)).body.nominatedCompany).toEqual({
      id: hidden.companyId,
      name: SECRET_NAME,
    });
    expect((await detailOf(buyer, bulk)).body.selectedCompanies).toEqual([
      { id: hidden.companyId, name: SECRET_NAME },
    ]);
    // Another buyer still sees it hidden.
    const others = await detailOf(otherBuyer, othersBulk);
    expect(others.body.selectedCompanies).toEqual([{ id: hidden.companyId, name: HIDDEN }]);
    expect(JSON.stringify(others.body)).not.toContain(SECRET_NAME);
  });
});
