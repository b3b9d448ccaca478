import { describe, expect, it } from "vitest";
import {
  canSeeBuyerContact,
  canSeeInquiry,
  entryBlock,
  entryDeadlineProblem,
  eventsFrom,
  INQUIRY_EVENTS,
  INQUIRY_STATUSES,
  type InquiryEvent,
  type InquiryStatus,
  operatorMoveTo,
  operatorTargetsFrom,
  outcomeOf,
  statesAllowing,
  transition,
  verdictBlock,
} from "./inquiry.policy";

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
    expect(entryBlock({ ...bulk, status: "AWARDED" }, paid, today)).toEqual({
      code: "CLOSED",
      message: "この案件は発注先が決定したため、受付を終了しました。",
    });
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
    for (const s of ["CANCELLED", "REJECTED", "REVIEW", "AWARDED"] as const)
      expect(verdictBlock(s)).toMatch(/選考できません/);
  });
});

type From = InquiryStatus | "NEW";
const R = "REVIEW",
  O = "OPEN",
  Cl = "CLOSED",
  Ca = "CANCELLED",
  Rj = "REJECTED",
  A = "AWARDED",
  x = null;
// Every state × every event: the status it leads to, or null (refused).
const moves: Record<From, Array<InquiryStatus | null>> = {
  //     SUB_B SUB_N APPROVE REJECT CLOSE CANCEL AWARD EXPIRE BUYER_D NOMINEE_D OP_CLOSE OP_CANCEL OP_REOPEN
  NEW: [R, O, x, x, x, x, x, x, x, x, x, x, x],
  REVIEW: [x, x, O, Rj, x, Ca, x, x, Cl, x, x, Ca, x],
  OPEN: [x, x, x, x, Cl, Ca, A, Cl, Cl, Cl, Cl, Ca, x],
  CLOSED: [x, x, x, x, x, x, A, x, x, x, x, x, O],
  CANCELLED: [x, x, x, x, x, x, x, x, x, x, x, x, x],
  REJECTED: [x, x, x, x, x, x, x, x, x, x, x, x, x],
  // Decided (issue 33 #3): no entry, no withdrawal; a second award keeps it decided.
  AWARDED: [x, x, x, x, x, x, A, x, x, x, x, x, x],
};

describe("inquiry transitions", () => {
  for (const from of ["NEW", ...INQUIRY_STATUSES] as const) {
    INQUIRY_EVENTS.forEach((event: InquiryEvent, i) => {
      const to = moves[from][i];
      it(`${from} --${event}--> ${to ?? "refused"}`, () => {
        const t = transition(from, event);
        if (to) expect(t).toEqual({ ok: true, to });
        else expect(t.ok).toBe(false);
      });
    });
  }

  it("answers the 409 texts the API has always answered", () => {
    const message = (from: From, e: InquiryEvent) => {
      const t = transition(from, e);
      return t.ok ? null : t.message;
    };
    expect(message("OPEN", "APPROVE")).toBe("審査中の一括問い合わせのみ承認できます。");
    expect(message("OPEN", "REJECT")).toBe("審査中の一括問い合わせのみ非承認にできます。");
    expect(message("CLOSED", "CLOSE")).toBe("公開中の案件のみ締め切ることができます。");
    expect(message("CLOSED", "CANCEL")).toBe("審査中または公開中の案件のみ取り下げることができます。");
    expect(message("REVIEW", "OPERATOR_REOPEN")).toBe("審査中の一括問い合わせは「承認」で公開してください。");
    expect(message("CANCELLED", "OPERATOR_REOPEN")).toBe(
      "取り下げの案件を「公開中」に変更することはできません。",
    );
    expect(message("REJECTED", "OPERATOR_CLOSE")).toBe("非承認の案件を「締切」に変更することはできません。");
  });

  it("derives SQL preconditions, outcomes and the console's edit choices from the table", () => {
    expect(statesAllowing("CANCEL")).toEqual(["REVIEW", "OPEN"]);
    expect(statesAllowing("BUYER_DEACTIVATED")).toEqual(["REVIEW", "OPEN"]);
    expect(statesAllowing("NOMINEE_DEACTIVATED")).toEqual(["OPEN"]);
    expect(statesAllowing("EXPIRE")).toEqual(["OPEN"]);
    for (const event of INQUIRY_EVENTS) {
      for (const from of ["NEW", ...INQUIRY_STATUSES] as const) {
        const t = transition(from, event);
        if (t.ok) expect(t.to).toBe(outcomeOf(event));
      }
    }
    expect(eventsFrom("NEW")).toEqual(["SUBMIT_BULK", "SUBMIT_NOMINATION"]);
    // The console's edit moves (formerly MOVES in the service and EDIT_MOVES in the page).
    expect(operatorTargetsFrom("REVIEW")).toEqual(["CANCELLED"]);
    expect(operatorTargetsFrom("OPEN")).toEqual(["CLOSED", "CANCELLED"]);
    expect(operatorTargetsFrom("CLOSED")).toEqual(["OPEN"]);
    expect(operatorTargetsFrom("CANCELLED")).toEqual([]);
    expect(operatorTargetsFrom("REJECTED")).toEqual([]);
    expect(operatorTargetsFrom("AWARDED")).toEqual([]);
    expect(operatorMoveTo("OPEN")).toBe("OPERATOR_REOPEN");
  });

  it("keeps the entry deadline between tomorrow and the maximum", () => {
    expect(entryDeadlineProblem("2026-12-01", "2026-12-01", 60)).toBe(
      "エントリー締切は明日以降の日付を指定してください",
    );
    expect(entryDeadlineProblem("2026-12-02", "2026-12-01", 60)).toBeNull();
    expect(entryDeadlineProblem("2027-01-30", "2026-12-01", 60)).toBeNull();
    expect(entryDeadlineProblem("2027-01-31", "2026-12-01", 60)).toBe(
      "エントリー締切は60日以内で指定してください",
    );
  });
});
