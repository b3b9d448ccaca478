import { describe, expect, it } from "vitest";
import {
  COMPANY_STATUSES,
  COMPANY_TRANSITIONS,
  type CompanyEvent,
  companyOutcome,
  companyStatesAllowing,
} from "./company.policy";

const EVENTS: CompanyEvent[] = ["REGISTER", "DEACTIVATE"];
const EXPECTED: Record<string, Record<CompanyEvent, string | undefined>> = {
  NEW: { REGISTER: "ACTIVE", DEACTIVATE: undefined },
  ACTIVE: { REGISTER: undefined, DEACTIVATE: "DEACTIVATED" },
  DEACTIVATED: { REGISTER: undefined, DEACTIVATE: undefined },
};

describe("company transitions", () => {
  for (const from of ["NEW", ...COMPANY_STATUSES] as const) {
    for (const event of EVENTS) {
      it(`${from} --${event}--> ${EXPECTED[from]![event] ?? "refused"}`, () => {
        expect(COMPANY_TRANSITIONS[from][event]).toBe(EXPECTED[from]![event]);
      });
    }
  }
  it("deactivation is final and starts only from an active company", () => {
    expect(companyStatesAllowing("DEACTIVATE")).toEqual(["ACTIVE"]);
    expect(companyOutcome("DEACTIVATE")).toBe("DEACTIVATED");
  });
});
