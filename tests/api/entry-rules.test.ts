import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { approveBulkInquiry } from "@/modules/inquiries/inquiry.service";
import { db } from "@/server/db/client";
import { entries, inquiries } from "@/server/db/schema";
import { type Account, createOwner, markVerified, registerAccount } from "../factories/accounts";
import { addGeneralMember, makePaid } from "../factories/actors";
import { api } from "../factories/http";
import { createInquiry, spendTicket } from "../factories/inquiries";

// Rules that had no test of their own (issue 15 #38): each test here turns red when the rule's
// check is removed from the code.

let buyer: Account;
let ownerId: string;

beforeAll(async () => {
  buyer = await registerAccount("BUYER", { companyName: "株式会社ルール確認商事" });
  await markVerified(buyer.userId);
  ownerId = (await createOwner()).id;
});

const oem = (a: Account, path = "") => `/api/oem/company/${a.companyId}${path}`;
const buyerPath = (a: Account, path = "") => `/api/buyer/company/${a.companyId}${path}`;

async function enter(supplier: Account, inquiryId: string) {
  return api("POST", oem(supplier, `/contact/${inquiryId}/entries`), {
    token: supplier.token,
    body: { message: "弊社で対応可能です。詳細をご相談させてください。" },
  });
}

async function entryOf(supplier: Account, inquiryId: string) {
  const [row] = await db()
    .select()
    .from(entries)
    .where(and(eq(entries.inquiryId, inquiryId), eq(entries.supplierCompanyId, supplier.companyId)));
  return row;
}

async function statusOf(inquiryId: string) {
  const [row] = await db()
    .select({ status: inquiries.status })
    .from(inquiries)
    .where(eq(inquiries.id, inquiryId));
  return row!.status;
}

describe("an unverified supplier cannot enter", () => {
  it("refuses a paid supplier's entry on a public bulk inquiry until its email is verified", async () => {
    const supplier = await registerAccount("SUPPLIER");
    await makePaid(supplier.companyId);
    const id = await createInquiry(buyer);
    await approveBulkInquiry(db(), ownerId, id);

    const refused = await enter(supplier, id);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      "メールアドレスの確認が完了していないためエントリーできません。確認メールのリンクを開いてください。",
    );
    expect(await entryOf(supplier, id)).toBeUndefined();

    // The same request succeeds once verified: the refusal was the verification alone.
    await markVerified(supplier.userId);
    expect((await enter(supplier, id)).status).toBe(201);
  });

  it("refuses a free supplier's entry on its nomination even after it spent a ticket", async () => {
    // The company is public (its ADMIN verified), so it can be nominated; its new member has not verified.
    const admin = await registerAccount("SUPPLIER");
    await markVerified(admin.userId);
    const supplier = await addGeneralMember(admin.companyId);
    const id = await createInquiry(buyer, { type: "NOMINATION", nominatedCompanyId: supplier.companyId });
    await spendTicket(admin, id);
    const refused = await enter(supplier, id);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain("メールアドレスの確認が完了していない");
    expect(await entryOf(supplier, id)).toBeUndefined();
    await markVerified(supplier.userId);
    expect((await enter(supplier, id)).status).toBe(201);
  });
});

describe("deactivation side effects", () => {
  it("a supplier's deactivation withdraws its entries and closes its nominations, and nobody else's", async () => {
    const leaving = await registerAccount("SUPPLIER", { companyName: "退会予定精工株式会社" });
    const staying = await registerAccount("SUPPLIER");
    for (const s of [leaving, staying]) {
      await makePaid(s.companyId);
      await markVerified(s.userId);
    }
    const bulk = await createInquiry(buyer);
    await approveBulkInquiry(db(), ownerId, bulk);
    const shortlisted = await createInquiry(buyer);
    await approveBulkInquiry(db(), ownerId, shortlisted);
    for (const id of [bulk, shortlisted]) {
      expect((await enter(leaving, id)).status).toBe(201);
      expect((await enter(staying, id)).status).toBe(201);
    }
    const shortlist = await api(
      "PUT",
      buyerPath(buyer, `/contact/${shortlisted}/entry/${(await entryOf(leaving, shortlisted))!.id}`),
      { token: buyer.token, body: { status: "SHORTLISTED" } },
    );
    expect(shortlist.status).toBe(200);
    const nomination = await createInquiry(buyer, {
      type: "NOMINATION",
      nominatedCompanyId: leaving.companyId,
    });
    const otherNomination = await createInquiry(buyer, {
      type: "NOMINATION",
      nominatedCompanyId: staying.companyId,
    });

    const res = await api("DELETE", oem(leaving, "/deactivate"), { token: leaving.token });
    expect(res.status).toBe(200);

    expect((await entryOf(leaving, bulk))!.status).toBe("CANCELLED");
    expect((await entryOf(leaving, shortlisted))!.status).toBe("CANCELLED");
    expect(await statusOf(nomination)).toBe("CLOSED");
    // The other supplier's entries and nomination, and the bulk inquiries themselves, stay open.
    expect((await entryOf(staying, bulk))!.status).toBe("ENTERED");
    expect((await entryOf(staying, shortlisted))!.status).toBe("ENTERED");
    expect(await statusOf(otherNomination)).toBe("OPEN");
    expect(await statusOf(bulk)).toBe("OPEN");
    // The buyer no longer counts the withdrawn entry.
    const detail = await api("GET", buyerPath(buyer, `/contact/${bulk}`), { token: buyer.token });
    expect(detail.body.entries.map((e: any) => e.supplier.companyId)).toEqual([staying.companyId]);
  });

  it("a buyer's deactivation closes its inquiries in review and open ones, and nobody else's", async () => {
    const leaving = await registerAccount("BUYER");
    await markVerified(leaving.userId);
    const supplier = await registerAccount("SUPPLIER");
    await markVerified(supplier.userId);
    const inReview = await createInquiry(leaving);
    const open = await createInquiry(leaving);
    await approveBulkInquiry(db(), ownerId, open);
    const nomination = await createInquiry(leaving, {
      type: "NOMINATION",
      nominatedCompanyId: supplier.companyId,
    });
    const othersInReview = await createInquiry(buyer);
    expect(await statusOf(inReview)).toBe("REVIEW");

    const res = await api("DELETE", buyerPath(leaving, "/deactivate"), { token: leaving.token });
    expect(res.status).toBe(200);

    expect(await statusOf(inReview)).toBe("CLOSED");
    expect(await statusOf(open)).toBe("CLOSED");
    expect(await statusOf(nomination)).toBe("CLOSED");
    expect(await statusOf(othersInReview)).toBe("REVIEW");
    // The operator's review queue no longer offers the closed inquiry.
    await expect(approveBulkInquiry(db(), ownerId, inReview)).rejects.toThrow();
  });
});
