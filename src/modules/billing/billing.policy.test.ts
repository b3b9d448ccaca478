import { describe, expect, it } from "vitest";
import {
  IN_FORCE_PLAN_STATUSES,
  LIVE_PLAN_STATUSES,
  PLAN_EVENTS,
  type PlanEvent,
  type PlanStatus,
  PURCHASE_EVENTS,
  type PurchaseEvent,
  type PurchaseStatus,
  planEventsFrom,
  planStatesAllowing,
  planTransition,
  purchaseEventsFrom,
  purchaseStatesAllowing,
  purchaseTransition,
} from "./billing.policy";

// Every state × every event: the expected target, or the exact 409 message the API answers.

const PURCHASE_EXPECTED: Record<PurchaseStatus | "NEW", Record<PurchaseEvent, PurchaseStatus | string>> = {
  NEW: {
    BUY: "PENDING",
    GRANT: "PAID",
    CONFIRM: "入金待ちの購入ではありません。",
    CANCEL: "入金待ちの購入のみ取り消せます。",
  },
  PENDING: {
    BUY: "この購入はすでに登録されています。",
    GRANT: "この購入はすでに登録されています。",
    CONFIRM: "PAID",
    CANCEL: "CANCELLED",
  },
  PAID: {
    BUY: "この購入はすでに登録されています。",
    GRANT: "この購入はすでに登録されています。",
    CONFIRM: "入金待ちの購入ではありません。",
    CANCEL: "入金待ちの購入のみ取り消せます。",
  },
  CANCELLED: {
    BUY: "この購入はすでに登録されています。",
    GRANT: "この購入はすでに登録されています。",
    CONFIRM: "入金待ちの購入ではありません。",
    CANCEL: "入金待ちの購入のみ取り消せます。",
  },
};

const WAITING_NONE = "お申し込み中の無制限プランがありません。";
const NOT_IN_FORCE = "契約中の無制限プランがありません。";
const NOTHING_TO_CANCEL = "解約できる無制限プランの契約がありません。";
const CONTRACTED = "無制限プランをご契約中です。";
const NOT_SCHEDULED = "解約予定の無制限プランではありません。";

const PLAN_EXPECTED: Record<PlanStatus | "NEW", Record<PlanEvent, PlanStatus | string>> = {
  NEW: {
    APPLY: "WAITING",
    CANCEL: NOTHING_TO_CANCEL,
    ACTIVATE: WAITING_NONE,
    REJECT: WAITING_NONE,
    END: NOT_IN_FORCE,
    MONTH_END: NOT_SCHEDULED,
  },
  WAITING: {
    APPLY: "無制限プランはお申し込み済みです。運営事務局の確認をお待ちください。",
    CANCEL: "ENDED",
    ACTIVATE: "ACTIVE",
    REJECT: "REJECTED",
    END: NOT_IN_FORCE,
    MONTH_END: NOT_SCHEDULED,
  },
  ACTIVE: {
    APPLY: CONTRACTED,
    CANCEL: "CANCEL_SCHEDULED",
    ACTIVATE: WAITING_NONE,
    REJECT: WAITING_NONE,
    END: "ENDED",
    MONTH_END: NOT_SCHEDULED,
  },
  CANCEL_SCHEDULED: {
    APPLY: CONTRACTED,
    CANCEL: "解約手続きは完了しています。",
    ACTIVATE: WAITING_NONE,
    REJECT: WAITING_NONE,
    END: "ENDED",
    MONTH_END: "ENDED",
  },
  ENDED: {
    APPLY: CONTRACTED,
    CANCEL: NOTHING_TO_CANCEL,
    ACTIVATE: WAITING_NONE,
    REJECT: WAITING_NONE,
    END: NOT_IN_FORCE,
    MONTH_END: NOT_SCHEDULED,
  },
  REJECTED: {
    APPLY: CONTRACTED,
    CANCEL: NOTHING_TO_CANCEL,
    ACTIVATE: WAITING_NONE,
    REJECT: WAITING_NONE,
    END: NOT_IN_FORCE,
    MONTH_END: NOT_SCHEDULED,
  },
};

const isStatus = (v: string) => /^[A-Z_]+$/.test(v);

describe("ticket purchase transitions", () => {
  for (const [from, row] of Object.entries(PURCHASE_EXPECTED)) {
    for (const event of PURCHASE_EVENTS) {
      const expected = row[event];
      it(`${from} --${event}--> ${expected}`, () => {
        const out = purchaseTransition(from as PurchaseStatus | "NEW", event);
        expect(out).toEqual(
          isStatus(expected) ? { ok: true, to: expected } : { ok: false, message: expected },
        );
      });
    }
  }

  it("lists the events allowed from each state", () => {
    expect(purchaseEventsFrom("NEW")).toEqual(["BUY", "GRANT"]);
    expect(purchaseEventsFrom("PENDING")).toEqual(["CONFIRM", "CANCEL"]);
    expect(purchaseEventsFrom("PAID")).toEqual([]);
    expect(purchaseEventsFrom("CANCELLED")).toEqual([]);
  });

  it("gives the stored states an event starts from", () => {
    expect(purchaseStatesAllowing("CONFIRM")).toEqual(["PENDING"]);
    expect(purchaseStatesAllowing("CANCEL")).toEqual(["PENDING"]);
    expect(purchaseStatesAllowing("BUY")).toEqual([]);
    expect(purchaseStatesAllowing("GRANT")).toEqual([]);
  });
});

describe("plan contract transitions", () => {
  for (const [from, row] of Object.entries(PLAN_EXPECTED)) {
    for (const event of PLAN_EVENTS) {
      const expected = row[event];
      it(`${from} --${event}--> ${expected}`, () => {
        const out = planTransition(from as PlanStatus | "NEW", event);
        expect(out).toEqual(
          isStatus(expected) ? { ok: true, to: expected } : { ok: false, message: expected },
        );
      });
    }
  }

  it("lists the events allowed from each state", () => {
    expect(planEventsFrom("NEW")).toEqual(["APPLY"]);
    expect(planEventsFrom("WAITING")).toEqual(["CANCEL", "ACTIVATE", "REJECT"]);
    expect(planEventsFrom("ACTIVE")).toEqual(["CANCEL", "END"]);
    expect(planEventsFrom("CANCEL_SCHEDULED")).toEqual(["END", "MONTH_END"]);
    expect(planEventsFrom("ENDED")).toEqual([]);
    expect(planEventsFrom("REJECTED")).toEqual([]);
  });

  it("gives the SQL preconditions and the live / in-force sets", () => {
    expect(planStatesAllowing("ACTIVATE")).toEqual(["WAITING"]);
    expect(planStatesAllowing("REJECT")).toEqual(["WAITING"]);
    expect(planStatesAllowing("END")).toEqual(["ACTIVE", "CANCEL_SCHEDULED"]);
    expect(planStatesAllowing("MONTH_END")).toEqual(["CANCEL_SCHEDULED"]);
    expect(planStatesAllowing("CANCEL")).toEqual(["WAITING", "ACTIVE"]);
    expect(LIVE_PLAN_STATUSES).toEqual(["WAITING", "ACTIVE", "CANCEL_SCHEDULED"]);
    expect(IN_FORCE_PLAN_STATUSES).toEqual(["ACTIVE", "CANCEL_SCHEDULED"]);
  });
});

describe("moves as updates make them", () => {
  it("purchase: one source set and one target per operator event", async () => {
    const { purchaseMove, purchaseRefusal } = await import("./billing.policy");
    expect(purchaseMove("CONFIRM")).toEqual({ from: ["PENDING"], to: "PAID" });
    expect(purchaseMove("CANCEL")).toEqual({ from: ["PENDING"], to: "CANCELLED" });
    expect(() => purchaseMove("BUY")).toThrow();
    expect(purchaseRefusal("CONFIRM")).toBe("入金待ちの購入ではありません。");
  });

  it("plan: one source set and one target per operator / scheduler event", async () => {
    const { planMove, planRefusal } = await import("./billing.policy");
    expect(planMove("ACTIVATE")).toEqual({ from: ["WAITING"], to: "ACTIVE" });
    expect(planMove("REJECT")).toEqual({ from: ["WAITING"], to: "REJECTED" });
    expect(planMove("END")).toEqual({ from: ["ACTIVE", "CANCEL_SCHEDULED"], to: "ENDED" });
    expect(planMove("MONTH_END")).toEqual({ from: ["CANCEL_SCHEDULED"], to: "ENDED" });
    expect(planRefusal("END")).toBe("契約中の無制限プランがありません。");
  });
});
