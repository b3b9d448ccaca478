import { describe, expect, it } from "vitest";
import { leadingQuantity, pricedAt, tierAt, totalAt } from "./comparison.service";

describe("the comparison's target quantity and price", () => {
  it("reads the leading number of the inquiry's quantity", () => {
    expect(leadingQuantity("初回3,000本、以降月1,000本")).toBe(3000);
    expect(leadingQuantity("５００個")).toBe(500);
    expect(leadingQuantity("約1.5千個")).toBe(1500);
    expect(leadingQuantity("1万個程度")).toBe(10000);
    expect(leadingQuantity("2種×各1,500本（合計3,000本）")).toBe(3000);
    expect(leadingQuantity("3色 各500枚")).toBe(500);
    expect(leadingQuantity("未定（ご相談）")).toBeNull();
    expect(leadingQuantity("")).toBeNull();
  });

  it("takes the tier with the largest quantity at or below the target, else the smallest", () => {
    const tiers = [
      { quantity: 3000, unitPriceYen: 480 },
      { quantity: 1000, unitPriceYen: 520 },
      { quantity: 10000, unitPriceYen: 400 },
    ];
    expect(tierAt(tiers, 3000)?.unitPriceYen).toBe(480);
    expect(tierAt(tiers, 9999)?.unitPriceYen).toBe(480);
    expect(tierAt(tiers, 10000)?.unitPriceYen).toBe(400);
    expect(tierAt(tiers, 500)?.unitPriceYen).toBe(520);
    expect(totalAt({ tiers, toolingCostYen: 150000, sampleCostYen: null }, 3000)).toEqual({
      unitPriceYen: 480,
      totalYen: 1_590_000,
    });
  });

  it("has no price under the MOQ or the first tier, and no total without a needed figure", () => {
    const q = {
      tiers: [{ quantity: 1000, unitPriceYen: 520 }],
      toolingCostYen: null,
      sampleCostYen: null,
      moq: null,
    };
    expect(pricedAt(q, 800, false)).toEqual({
      unitPriceYen: 520,
      totalYen: null,
      totalStatus: "BELOW_MOQ",
      belowMoq: true,
      missingFigures: [],
    });
    // An MOQ above the first tier counts too.
    expect(pricedAt({ ...q, moq: 1200 }, 1000, false).totalStatus).toBe("BELOW_MOQ");
    expect(pricedAt(q, 1000, false)).toMatchObject({ totalYen: 520_000, totalStatus: "COMPLETE" });
    // A sample asked for: a blank cost is to be confirmed, a cost of 0 is free.
    expect(pricedAt(q, 1000, true)).toMatchObject({
      totalYen: null,
      totalStatus: "MISSING_FIGURES",
      missingFigures: ["sampleCostYen"],
    });
    expect(pricedAt({ ...q, sampleCostYen: 0 }, 1000, true)).toMatchObject({
      totalYen: 520_000,
      totalStatus: "COMPLETE",
    });
  });
});
