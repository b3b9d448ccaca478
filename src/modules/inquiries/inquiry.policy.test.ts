import { describe, expect, it } from "vitest";
import { canSeeBuyerContact, canSeeInquiry, entryBlock, verdictBlock } from "./inquiry.policy";

const bulk = {
  type: "BULK" as const,
  status: "OPEN" as const,
  nominatedCompanyId: null,
  entryDeadline: "2026-12-31",
};
const nomination = {
  type: "NOMINATION" as const,
  status: "OPEN" as const,
  nominatedCompanyId: "s1",
  entryDeadline: null,
};
const free = { companyId: "s1", isPaid: false, hasTicket: false, entryStatus: null };
const paid = { ...free, isPaid: true };

describe("inquiry policy", () => {
  it("shows open bulk inquiries to every supplier and a nomination only to its nominee", () => {
    expect(canSeeInquiry(bulk, free)).toBe(true);
    expect(canSeeInquiry({ ...bulk, status: "REVIEW" }, paid)).toBe(false);
    expect(canSeeInquiry({ ...bulk, status: "CLOSED" }, { ...paid, entryStatus: "ENTERED" })).toBe(true);
    expect(canSeeInquiry(nomination, free)).toBe(true);
    expect(canSeeInquiry(nomination, { ...free, companyId: "s2" })).toBe(false);
  });

  it("reveals the buyer of a nomination to paid suppliers or after a ticket", () => {
    expect(canSeeBuyerContact(nomination, free)).toBe(false);
    expect(canSeeBuyerContact(nomination, { ...free, hasTicket: true })).toBe(true);
    expect(canSeeBuyerContact(nomination, paid)).toBe(true);
    expect(canSeeBuyerContact(bulk, paid)).toBe(false);
    expect(canSeeBuyerContact(bulk, { ...paid, entryStatus: "ENTERED" })).toBe(true);
  });

  it("blocks entries by plan, ticket, status and deadline", () => {
    const today = "2026-11-22";
    expect(entryBlock(bulk, free, today)?.code).toBe("PAID_ONLY");
    expect(entryBlock(bulk, paid, today)).toBeNull();
    expect(entryBlock({ ...bulk, entryDeadline: "2026-11-21" }, paid, today)?.code).toBe("CLOSED");
    expect(entryBlock({ ...bulk, status: "CANCELLED" }, paid, today)?.code).toBe("CLOSED");
    expect(entryBlock(nomination, free, today)?.code).toBe("TICKET_REQUIRED");
    expect(entryBlock(nomination, { ...free, hasTicket: true }, today)).toBeNull();
    expect(entryBlock(nomination, { ...paid, entryStatus: "ENTERED" }, today)?.code).toBe("ALREADY_ENTERED");
    expect(entryBlock(nomination, { ...paid, entryStatus: "CANCELLED" }, today)).toBeNull();
  });
});

describe("verdictBlock", () => {
  it("lets the buyer decide on open and closed inquiries only", () => {
    expect(verdictBlock("OPEN")).toBeNull();
    expect(verdictBlock("CLOSED")).toBeNull();
    for (const s of ["CANCELLED", "REJECTED", "REVIEW"] as const)
      expect(verdictBlock(s)).toMatch(/選考できません/);
  });
});
