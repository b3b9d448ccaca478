import { describe, expect, it } from "vitest";
import {
  ENTRY_EVENTS,
  ENTRY_STATUSES,
  type EntryEvent,
  type EntryStatus,
  entryEventsFrom,
  entryOutcomeOf,
  entryStatesAllowing,
  entryTransition,
  operatorEntryTargetsFrom,
} from "./entry.policy";

type From = EntryStatus | "NEW";
const E = "ENTERED",
  S = "SHORTLISTED",
  D = "DECLINED",
  C = "CANCELLED",
  A = "AWARDED",
  W = "WITHDRAWN",
  x = null;

// Every state × every event: the status it leads to, or null (refused).
const expected: Record<From, Record<EntryEvent, EntryStatus | null>> = {
  //        ENTER CANCEL SHORTLIST DECLINE DEACT D_AWD D_DEC D_WDR SET_E SET_S SET_D SET_C
  NEW: row(E, x, x, x, x, x, x, x, x, x, x, x),
  ENTERED: row(x, C, S, D, C, A, D, W, x, S, D, C),
  SHORTLISTED: row(x, C, S, D, C, A, D, W, E, x, D, C),
  DECLINED: row(x, x, S, D, x, A, D, W, E, S, x, C),
  CANCELLED: row(E, x, x, x, x, x, x, x, E, S, D, x),
  // Decided in the deal thread: only the operator corrects it (issue 33 #3).
  AWARDED: row(x, x, x, x, x, x, x, x, E, S, D, C),
  WITHDRAWN: row(x, x, x, x, x, x, x, x, E, S, D, C),
};
function row(...to: Array<EntryStatus | null>): Record<EntryEvent, EntryStatus | null> {
  return Object.fromEntries(ENTRY_EVENTS.map((e, i) => [e, to[i]!])) as Record<
    EntryEvent,
    EntryStatus | null
  >;
}

describe("entry transitions", () => {
  for (const from of ["NEW", ...ENTRY_STATUSES] as const) {
    for (const event of ENTRY_EVENTS) {
      const to = expected[from][event];
      it(`${from} --${event}--> ${to ?? "refused"}`, () => {
        const t = entryTransition(from, event);
        if (to) expect(t).toEqual({ ok: true, to });
        else expect(t.ok).toBe(false);
      });
    }
  }

  it("answers the texts the API has always answered", () => {
    expect(entryTransition("ENTERED", "ENTER")).toEqual({
      ok: false,
      message: "この案件には既にエントリーしています。",
    });
    expect(entryTransition("DECLINED", "CANCEL")).toEqual({
      ok: false,
      message: "取り消せるエントリーがありません。",
    });
    expect(entryTransition("CANCELLED", "SHORTLIST")).toEqual({
      ok: false,
      message: "エントリーが見つかりませんでした。",
    });
    expect(entryTransition("AWARDED", "DECLINE")).toEqual({
      ok: false,
      message: "商談で結果が決まったエントリーは選考できません。",
    });
    expect(entryTransition("ENTERED", "OPERATOR_SET_ENTERED")).toEqual({
      ok: false,
      message: "エントリーはすでにその状態です。",
    });
  });

  it("derives the SQL preconditions, the outcomes and the console's choices from the table", () => {
    expect(entryStatesAllowing("ENTER")).toEqual(["CANCELLED"]);
    expect(entryStatesAllowing("CANCEL")).toEqual(["ENTERED", "SHORTLISTED"]);
    expect(entryStatesAllowing("SHORTLIST")).toEqual(["ENTERED", "SHORTLISTED", "DECLINED"]);
    expect(entryStatesAllowing("COMPANY_DEACTIVATED")).toEqual(["ENTERED", "SHORTLISTED"]);
    for (const event of ENTRY_EVENTS) {
      for (const from of ["NEW", ...ENTRY_STATUSES] as const) {
        const t = entryTransition(from, event);
        if (t.ok) expect(t.to).toBe(entryOutcomeOf(event));
      }
    }
    expect(entryEventsFrom("NEW")).toEqual(["ENTER"]);
    expect(entryStatesAllowing("DEAL_AWARDED")).toEqual(["ENTERED", "SHORTLISTED", "DECLINED"]);
    const correctable = ["ENTERED", "SHORTLISTED", "DECLINED", "CANCELLED"];
    for (const s of ENTRY_STATUSES)
      expect(operatorEntryTargetsFrom(s)).toEqual(correctable.filter((t) => t !== s));
  });
});
