import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CAPITAL_LARGE_YEN,
  CAPITAL_SMALL_YEN,
  EMPLOYEES_THRESHOLD,
  lawOf,
  type PartyFacts,
} from "./law.policy";

const M = 1_000_000;
const company = (capitalYen: number | null, employeeCount: number | null = 10): PartyFacts => ({
  capitalYen,
  employeeCount,
  individual: false,
});
const person = (employeeCount: number | null = 0): PartyFacts => ({
  capitalYen: null,
  employeeCount,
  individual: true,
});

describe("lawOf: the capital thresholds (製造委託)", () => {
  it("are ¥10M and ¥300M and 300 employees", () => {
    expect([CAPITAL_SMALL_YEN, CAPITAL_LARGE_YEN, EMPLOYEES_THRESHOLD]).toEqual([10 * M, 300 * M, 300]);
  });

  it.each([
    // buyer capital, supplier capital, bound
    [300 * M + 1, 300 * M, true],
    [300 * M + 1, 300 * M + 1, false],
    [300 * M + 1, 1, true],
    [300 * M, 300 * M, false],
    [300 * M, 10 * M + 1, false],
    [300 * M, 10 * M, true],
    [10 * M + 1, 10 * M, true],
    [10 * M + 1, 10 * M + 1, false],
    [10 * M, 10 * M, false],
    [10 * M, 1, false],
    [0, 0, false],
  ])("buyer ¥%i, supplier ¥%i → %s", (buyerYen, supplierYen, bound) => {
    const verdict = lawOf(company(buyerYen), company(supplierYen));
    expect(verdict.toriteki).toBe(bound);
    expect(verdict.basis).toEqual(bound ? ["CAPITAL"] : []);
    expect(verdict.missing).toEqual([]);
  });

  it("names the tier that applied", () => {
    expect(lawOf(company(300 * M + 1), company(300 * M)).summary).toBe(
      "この発注は取適法の対象です（資本金基準：発注者 3億円超・受注者 3億円以下）。",
    );
    expect(lawOf(company(50 * M), company(10 * M)).summary).toBe(
      "この発注は取適法の対象です（資本金基準：発注者 1千万円超3億円以下・受注者 1千万円以下）。",
    );
    expect(lawOf(company(10 * M), company(1 * M)).summary).toBe(
      "この発注は取適法の対象外です。同じ基準を参考として確認しています。",
    );
  });

  it("counts an individual supplier as small on both tiers", () => {
    const large = lawOf(company(300 * M + 1), person(5));
    expect(large.toriteki).toBe(true);
    expect(large.summary).toBe("この発注は取適法の対象です（資本金基準：発注者 3億円超・受注者 個人）。");
    expect(lawOf(company(10 * M + 1), person(5)).toriteki).toBe(true);
    expect(lawOf(company(10 * M), person(5)).toriteki).toBe(false);
  });

  it("never applies the capital criterion to an individual buyer, even with a capital figure typed in", () => {
    expect(lawOf(person(10), company(1)).toriteki).toBe(false);
    expect(lawOf({ capitalYen: 500 * M, employeeCount: 10, individual: true }, company(1)).toriteki).toBe(
      false,
    );
  });
});

describe("lawOf: the employee threshold (new in 2026)", () => {
  it.each([
    [301, 300, true],
    [301, 0, true],
    [300, 300, false],
    [301, 301, false],
    [300, 0, false],
  ])("buyer %i employees, supplier %i → %s", (buyerCount, supplierCount, bound) => {
    // Capitals that never meet the capital criterion: the headcount alone decides.
    const verdict = lawOf(company(5 * M, buyerCount), company(5 * M, supplierCount));
    expect(verdict.toriteki).toBe(bound);
    expect(verdict.basis).toEqual(bound ? ["EMPLOYEES"] : []);
  });

  it("applies to an individual buyer and counts an individual supplier by its employees", () => {
    expect(lawOf(person(301), person(300)).basis).toEqual(["EMPLOYEES"]);
    expect(lawOf(person(301), person(301)).toriteki).toBe(false);
  });

  it("names both bases when both apply", () => {
    const verdict = lawOf(company(1_000 * M, 5_000), company(50 * M, 100));
    expect(verdict.basis).toEqual(["CAPITAL", "EMPLOYEES"]);
    expect(verdict.summary).toBe(
      "この発注は取適法の対象です（資本金基準：発注者 3億円超・受注者 3億円以下、従業員基準：発注者 300人超・受注者 300人以下）。",
    );
  });
});

describe("lawOf: missing figures", () => {
  it("asks for what decides when nothing applies yet", () => {
    const verdict = lawOf(company(null, null), company(5 * M, 10));
    expect(verdict.toriteki).toBeNull();
    expect(verdict.missing).toEqual([
      { side: "BUYER", field: "capitalYen" },
      { side: "BUYER", field: "employeeCount" },
    ]);
    expect(verdict.summary).toBe(
      "取適法の対象かを判断するため、発注者の資本金・従業員数を入力してください。",
    );
  });

  it("asks for the supplier's legal form when its capital is unknown", () => {
    const verdict = lawOf(company(400 * M, 10), { capitalYen: null, employeeCount: 10, individual: null });
    expect(verdict.toriteki).toBeNull();
    expect(verdict.missing).toEqual([
      { side: "SUPPLIER", field: "capitalYen" },
      { side: "SUPPLIER", field: "individual" },
    ]);
    expect(verdict.summary).toBe(
      "取適法の対象かを判断するため、受注者の資本金・法人か個人かを入力してください。",
    );
  });

  it("decides with one criterion that applies and asks nothing more for 取適法", () => {
    const verdict = lawOf(company(400 * M, null), company(100 * M, null));
    expect(verdict.toriteki).toBe(true);
    expect(verdict.basis).toEqual(["CAPITAL"]);
    expect(verdict.missing).toEqual([]);
  });

  it("decides 'not bound' when the known figures already rule every criterion out", () => {
    // A buyer with ¥5M and 10 people can meet no criterion, whatever the supplier's capital.
    const verdict = lawOf(company(5 * M, 10), company(null, null));
    expect(verdict.toriteki).toBe(false);
    expect(verdict.missing).toEqual([]);
  });

  it("stays undecided when the deciding side is missing on both criteria", () => {
    const verdict = lawOf(company(5 * M, 301), company(null, null));
    expect(verdict.toriteki).toBeNull();
    expect(verdict.missing).toEqual([{ side: "SUPPLIER", field: "employeeCount" }]);
  });
});

describe("lawOf: フリーランス法", () => {
  it("covers an individual supplier with no employees, bound by 取適法 or not", () => {
    const bound = lawOf(company(400 * M), person(0));
    expect(bound.freelance).toBe(true);
    expect(bound.summary).toBe(
      "この発注は取適法の対象です（資本金基準：発注者 3億円超・受注者 個人）。受注者は従業員のいない個人のため、フリーランス法の対象でもあります。",
    );
    const notBound = lawOf(company(5 * M), person(0));
    expect(notBound.toriteki).toBe(false);
    expect(notBound.freelance).toBe(true);
    expect(notBound.summary).toBe(
      "この発注は取適法の対象外ですが、受注者が従業員のいない個人のため、フリーランス法の対象です（支払期日は受領日から60日以内）。",
    );
  });

  it("does not cover an individual with an employee, nor a company", () => {
    expect(lawOf(company(400 * M), person(1)).freelance).toBe(false);
    expect(lawOf(company(400 * M), company(1 * M, 0)).freelance).toBe(false);
    expect(lawOf(company(400 * M), company(1 * M, null)).freelance).toBe(false);
  });

  it("is unknown, and asked, when the individual's headcount is missing", () => {
    const verdict = lawOf(company(400 * M), person(null));
    expect(verdict.toriteki).toBe(true);
    expect(verdict.freelance).toBeNull();
    expect(verdict.missing).toEqual([{ side: "SUPPLIER", field: "employeeCount" }]);
  });
});

// Consistent facts: an individual has no capital figure; boundaries are drawn often.
const capitalArb = fc.oneof(
  fc.constantFrom(0, 10 * M, 10 * M + 1, 300 * M, 300 * M + 1),
  fc.integer({ min: 0, max: 5_000 * M }),
);
const employeesArb = fc.oneof(fc.constantFrom(0, 1, 300, 301), fc.integer({ min: 0, max: 10_000 }));
const partyArb: fc.Arbitrary<PartyFacts> = fc
  .record({ individual: fc.boolean(), capitalYen: capitalArb, employeeCount: employeesArb })
  .map((p) => ({ ...p, capitalYen: p.individual ? null : p.capitalYen }));
const maskArb = fc.record({
  capitalYen: fc.boolean(),
  employeeCount: fc.boolean(),
  individual: fc.boolean(),
});
const masked = (p: PartyFacts, m: { capitalYen: boolean; employeeCount: boolean; individual: boolean }) => ({
  capitalYen: m.capitalYen ? null : p.capitalYen,
  employeeCount: m.employeeCount ? null : p.employeeCount,
  individual: m.individual ? null : p.individual,
});
const runs = { seed: 35_003, numRuns: 2_000 };

describe("lawOf: properties", () => {
  it("raising the buyer's capital never turns the act off", () => {
    fc.assert(
      fc.property(partyArb, partyArb, fc.integer({ min: 1, max: 1_000 * M }), (buyer, supplier, raise) => {
        if (buyer.individual || lawOf(buyer, supplier).toriteki !== true) return;
        const richer = { ...buyer, capitalYen: (buyer.capitalYen ?? 0) + raise };
        expect(lawOf(richer, supplier).toriteki).toBe(true);
      }),
      runs,
    );
  });

  it("decides every case with all figures known, and a verdict on partial figures never contradicts the full one", () => {
    fc.assert(
      fc.property(partyArb, partyArb, maskArb, maskArb, (buyer, supplier, buyerMask, supplierMask) => {
        const full = lawOf(buyer, supplier);
        expect(full.toriteki).not.toBeNull();
        expect(full.freelance).not.toBeNull();
        expect(full.missing).toEqual([]);
        const partialBuyer = masked(buyer, buyerMask);
        const partialSupplier = masked(supplier, supplierMask);
        const partial = lawOf(partialBuyer, partialSupplier);
        if (partial.toriteki !== null) expect(partial.toriteki).toBe(full.toriteki);
        else expect(partial.missing.length).toBeGreaterThan(0);
        if (partial.freelance !== null) expect(partial.freelance).toBe(full.freelance);
        for (const { side, field } of partial.missing) {
          expect((side === "BUYER" ? partialBuyer : partialSupplier)[field]).toBeNull();
        }
      }),
      runs,
    );
  });
});
