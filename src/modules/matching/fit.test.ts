import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compareFits,
  type FitNames,
  fitOf,
  type InquiryNeeds,
  type SupplierCapabilities,
} from "./fit.service";

const names: FitNames = {
  certifications: new Map([
    [4, { name: "ISO 22716（化粧品GMP）", kind: "CERTIFICATION" as const }],
    [12, { name: "化粧品製造業許可", kind: "LICENSE" as const }],
  ]),
  processes: new Map([
    [1, "充填"],
    [3, "乳化"],
  ]),
  materials: new Map([[2, "精油"]]),
  categories: new Map([[1, "化粧品"]]),
  prefectures: new Map([
    [27, "大阪府"],
    [13, "東京都"],
  ]),
};

const need = (over: Partial<InquiryNeeds> = {}): InquiryNeeds => ({
  categoryId: 1,
  prefectureIds: [],
  lotQuantity: null,
  monthlyQuantity: null,
  quantityUnit: null,
  requiredCertificationIds: [],
  processIds: [],
  materialIds: [],
  sampleWanted: false,
  ...over,
});

const cap = (over: Partial<SupplierCapabilities> = {}): SupplierCapabilities => ({
  categoryIds: [1],
  prefectureIds: [27],
  quantityUnit: "個",
  moqMin: 1000,
  monthlyCapacity: 50000,
  smallLotAccepted: false,
  smallLotMin: null,
  sampleAvailable: true,
  sampleDays: 14,
  processIds: [1],
  materialIds: [],
  verifiedCertificationIds: [4, 12],
  ...over,
});

describe("fitOf", () => {
  it("lists the reasons of a supplier that fits: MOQ, capacity and verified licences", () => {
    const fit = fitOf(
      need({ lotQuantity: 3000, monthlyQuantity: 10000, quantityUnit: "個", requiredCertificationIds: [12] }),
      cap(),
      names,
    );
    expect(fit.fits).toBe(true);
    expect(fit.score).toBe(100);
    expect(fit.reasons.map((r) => r.text)).toEqual([
      "化粧品製造業許可 認証確認済み",
      "MOQ 1,000個 ≤ ご希望 3,000個",
      "月産 50,000個 ≥ ご希望 月10,000個",
    ]);
    expect(fit).toMatchObject({ met: 3, stated: 3 });
  });

  it("does not fit without a verified required licence, whatever else matches", () => {
    const fit = fitOf(
      need({ requiredCertificationIds: [12] }),
      cap({ verifiedCertificationIds: [4] }),
      names,
    );
    expect(fit.fits).toBe(false);
    expect(fit.reasons[0]).toEqual({
      met: false,
      hard: true,
      text: "必要な許可: 化粧品製造業許可 確認済みの登録なし",
    });
    expect(fit).toMatchObject({ score: 0, met: 0, stated: 1 }); // the only stated condition missed
  });

  it("a lot below the MOQ fits only through the small-lot minimum", () => {
    const small = need({ lotQuantity: 500, quantityUnit: "個" });
    expect(fitOf(small, cap(), names).fits).toBe(false);
    expect(fitOf(small, cap(), names).reasons[0]?.text).toBe("MOQ 1,000個 > ご希望 500個");
    const lot = fitOf(small, cap({ smallLotAccepted: true, smallLotMin: 300 }), names);
    expect(lot.fits).toBe(true);
    expect(lot.reasons[0]?.text).toBe("小ロット対応 300個から（ご希望 500個）");
  });

  it("a monthly quantity above the capacity does not fit", () => {
    const fit = fitOf(need({ monthlyQuantity: 60000, quantityUnit: "個" }), cap(), names);
    expect(fit.fits).toBe(false);
    expect(fit.reasons[0]?.text).toBe("月産 50,000個 < ご希望 月60,000個");
  });

  it("unregistered figures and other units are unknown (half a condition), never a miss", () => {
    const fit = fitOf(
      need({ lotQuantity: 100, monthlyQuantity: 100, quantityUnit: "kg", sampleWanted: true }),
      cap({ sampleAvailable: null }),
      names,
    );
    expect(fit.fits).toBe(true);
    expect(fit.reasons.filter((r) => r.met === null).map((r) => r.text)).toEqual([
      "MOQ: 単位が異なるため比較できません（1,000個）",
      "月産能力: 単位が異なるため比較できません（50,000個）",
      "サンプル製作: 未登録",
    ]);
    expect(fit).toMatchObject({ score: 50, met: 0, stated: 3 }); // three unknowns, half each
    const none = fitOf(need({ lotQuantity: 100, quantityUnit: "個" }), cap({ moqMin: null }), names);
    expect(none.reasons[0]).toEqual({ met: null, hard: false, text: "MOQ: 未登録" });
  });

  it("processes, materials and region are soft: they lower the score only", () => {
    const fit = fitOf(
      need({ processIds: [1, 3], materialIds: [2], prefectureIds: [13, 27], categoryId: 1 }),
      cap({ prefectureIds: [13] }),
      names,
    );
    expect(fit.fits).toBe(true);
    expect(fit.reasons.map((r) => r.text)).toEqual([
      "加工: 充填 に対応",
      "加工: 乳化 の登録なし",
      "素材: 精油 の登録なし",
      "希望地域に拠点: 東京都",
    ]);
    expect(fit).toMatchObject({ score: 50, met: 2, stated: 4 });
  });
});

// Issue 33 item 1: the category is a gate, and the score counts only the conditions the inquiry states.
describe("fitOf: the category gate and the stated conditions", () => {
  const machining = 2;
  const withNames: FitNames = {
    ...names,
    categories: new Map([...names.categories, [machining, "機械部品"]]),
  };

  it("never fits a supplier without the inquiry's category, and scores it 0 whatever it meets", () => {
    const categoryOnly = fitOf(need({ categoryId: machining }), cap({ categoryIds: [1] }), withNames);
    expect(categoryOnly).toMatchObject({ fits: false, inCategory: false, score: 0 });
    expect(categoryOnly.reasons).toEqual([
      { met: false, hard: true, text: "カテゴリ「機械部品」の登録なし（カテゴリ外）" },
    ]);
    const everyConditionMet = fitOf(
      need({ categoryId: machining, lotQuantity: 3000, quantityUnit: "個", processIds: [1] }),
      cap({ categoryIds: [1] }),
      withNames,
    );
    expect(everyConditionMet).toMatchObject({ fits: false, inCategory: false, score: 0 });
  });

  it("counts only the conditions the inquiry states: blank ones neither add nor subtract", () => {
    const categoryOnly = fitOf(need(), cap({ processIds: [], sampleAvailable: false }), withNames);
    expect(categoryOnly).toMatchObject({ fits: true, inCategory: true, met: 0, stated: 0, score: 100 });
    expect(categoryOnly.reasons).toEqual([]);
    // Four of five stated conditions met: the lot, the monthly quantity, two processes; the sample not.
    const fourOfFive = fitOf(
      need({
        lotQuantity: 3000,
        monthlyQuantity: 10000,
        quantityUnit: "個",
        processIds: [1, 3],
        sampleWanted: true,
      }),
      cap({ processIds: [1, 3], sampleAvailable: false }),
      withNames,
    );
    expect(fourOfFive).toMatchObject({ fits: true, met: 4, stated: 5, score: 80 });
    expect(fourOfFive.reasons.map((r) => r.met)).toEqual([true, true, true, true, false]);
  });

  it("compares quantities only in the same unit: another unit is unknown (half), never met", () => {
    const fit = fitOf(need({ lotQuantity: 100, quantityUnit: "kg" }), cap(), withNames);
    expect(fit).toMatchObject({ fits: true, met: 0, stated: 1, score: 50 });
    expect(fit.reasons).toEqual([
      { met: null, hard: false, text: "MOQ: 単位が異なるため比較できません（1,000個）" },
    ]);
  });

  it("ranks a cosmetics maker meeting every condition below an in-category shop missing some", () => {
    const inquiry = need({
      categoryId: machining,
      processIds: [1, 3],
      prefectureIds: [13],
      sampleWanted: true,
    });
    const cosmetics = fitOf(
      inquiry,
      cap({ categoryIds: [1], processIds: [1, 3], prefectureIds: [13] }),
      withNames,
    );
    const shop = fitOf(
      inquiry,
      cap({ categoryIds: [machining], processIds: [1], sampleAvailable: false }),
      withNames,
    );
    expect(cosmetics.score).toBeLessThan(shop.score);
    expect([cosmetics, shop].sort(compareFits)).toEqual([shop, cosmetics]);
  });

  it("never ranks an out-of-category supplier at or above an in-category one (property)", () => {
    const ids = (max: number) => fc.uniqueArray(fc.integer({ min: 1, max }), { maxLength: max });
    const amount = fc.option(fc.integer({ min: 1, max: 3000 }), { nil: null });
    const unit = fc.constantFrom(null, "個", "kg");
    const flag = fc.constantFrom(null, true, false);
    const needs = fc.record({
      categoryId: fc.integer({ min: 1, max: 3 }),
      prefectureIds: ids(4),
      lotQuantity: amount,
      monthlyQuantity: amount,
      quantityUnit: unit,
      requiredCertificationIds: fc.uniqueArray(fc.constantFrom(4, 12), { maxLength: 2 }),
      processIds: fc.uniqueArray(fc.constantFrom(1, 3), { maxLength: 2 }),
      materialIds: fc.uniqueArray(fc.constantFrom(2), { maxLength: 1 }),
      sampleWanted: fc.boolean(),
    });
    const capabilities = fc.record({
      categoryIds: ids(3),
      prefectureIds: ids(4),
      quantityUnit: unit,
      moqMin: amount,
      monthlyCapacity: amount,
      smallLotAccepted: flag,
      smallLotMin: amount,
      sampleAvailable: flag,
      sampleDays: fc.constant(null),
      processIds: fc.uniqueArray(fc.constantFrom(1, 3), { maxLength: 2 }),
      materialIds: fc.uniqueArray(fc.constantFrom(2), { maxLength: 1 }),
      verifiedCertificationIds: fc.uniqueArray(fc.constantFrom(4, 12), { maxLength: 2 }),
    });
    fc.assert(
      fc.property(needs, capabilities, capabilities, (n, a, b) => {
        const inside = fitOf(n, { ...a, categoryIds: [...a.categoryIds, n.categoryId] }, withNames);
        const outside = fitOf(
          n,
          { ...b, categoryIds: b.categoryIds.filter((c) => c !== n.categoryId) },
          withNames,
        );
        expect(outside.fits).toBe(false);
        expect(compareFits(outside, inside)).toBeGreaterThan(0);
        expect(compareFits(inside, outside)).toBeLessThan(0);
        expect(outside.score).toBeLessThanOrEqual(inside.score);
      }),
      { numRuns: 500, seed: 20_261_128 },
    );
  });
});
