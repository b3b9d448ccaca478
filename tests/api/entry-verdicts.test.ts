import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { entries, inquiries } from "@/server/db/schema";
import { type Account, markVerified, registerAccount } from "../factories/accounts";
import { makePaid } from "../factories/actors";
import { api } from "../factories/http";
import { createInquiry } from "../factories/inquiries";

// Issue 15 item 10: the buyer's verdict on an entry (shortlist / decline) only while the inquiry
// is open or closed (deciding after the deadline or closing is the point); a withdrawn or rejected inquiry
// keeps its entries as they were (409, Japanese). A supplier withdraws an entry only while open.

const JAPANESE = /[ぁ-んァ-ヶ一-龥]/;

let buyer: Account;
let paid: Account;

beforeAll(async () => {
  buyer = await registerAccount("BUYER");
  await markVerified(buyer.userId);
  paid = await registerAccount("SUPPLIER");
  await makePaid(paid.companyId);
  await markVerified(paid.userId);
});

/** An open nomination to the paid supplier, with its entry. */
async function enteredNomination() {
  const id = await createInquiry(buyer, { type: "NOMINATION", nominatedCompanyId: paid.companyId });
  const entry = await api("POST", `/api/oem/company/${paid.companyId}/contact/${id}/entries`, {
    token: paid.token,
    body: { message: "弊社で対応可能です。" },
  });
  expect(entry.status).toBe(201);
  return { id, entryId: entry.body.id as string };
}

const verdict = (id: string, entryId: string, status: "SHORTLISTED" | "DECLINED") =>
  api("PUT", `/api/buyer/company/${buyer.companyId}/contact/${id}/entry/${entryId}`, {
    token: buyer.token,
    body: { status },
  });

async function entryStatus(entryId: string) {
  const [row] = await db().select().from(entries).where(eq(entries.id, entryId));
  return row?.status;
}

describe("verdicts on entries of inquiries that are no longer open", () => {
  it("a buyer cannot shortlist or decline an entry on a CANCELLED inquiry (409, Japanese message)", async () => {
    const { id, entryId } = await enteredNomination();
    const cancelled = await api("POST", `/api/buyer/company/${buyer.companyId}/contact/${id}/cancel`, {
      token: buyer.token,
    });
    expect(cancelled.status).toBe(200);
    for (const status of ["SHORTLISTED", "DECLINED"] as const) {
      const res = await verdict(id, entryId, status);
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.error.message).toMatch(JAPANESE);
      expect(res.body.error.message).toContain("取り下げ");
    }
    expect(await entryStatus(entryId)).toBe("ENTERED");
  });

  it("a buyer cannot decide on an entry of a REJECTED inquiry (409)", async () => {
    const { id, entryId } = await enteredNomination();
    await db().update(inquiries).set({ status: "REJECTED" }).where(eq(inquiries.id, id));
    const res = await verdict(id, entryId, "SHORTLISTED");
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(JAPANESE);
    expect(await entryStatus(entryId)).toBe("ENTERED");
  });

  it("a buyer still decides on entries after closing the inquiry", async () => {
    const { id, entryId } = await enteredNomination();
    const closed = await api("POST", `/api/buyer/company/${buyer.companyId}/contact/${id}/close`, {
      token: buyer.token,
    });
    expect(closed.status).toBe(200);
    const [row] = await db().select().from(inquiries).where(eq(inquiries.id, id));
    expect(row?.status).toBe("CLOSED");
    const res = await verdict(id, entryId, "SHORTLISTED");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await entryStatus(entryId)).toBe("SHORTLISTED");
  });

  it("a supplier cannot withdraw its entry once the inquiry is cancelled (409)", async () => {
    const { id, entryId } = await enteredNomination();
    await api("POST", `/api/buyer/company/${buyer.companyId}/contact/${id}/cancel`, { token: buyer.token });
    const res = await api("DELETE", `/api/oem/company/${paid.companyId}/contact/${id}/entries/cancel`, {
      token: paid.token,
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(JAPANESE);
    expect(await entryStatus(entryId)).toBe("ENTERED");
  });
});
