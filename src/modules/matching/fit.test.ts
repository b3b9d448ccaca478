import { describe, expect, it } from "vitest";
import { type FitNames, fitOf, type InquiryNeeds, type SupplierCapabilities } from "./fit.service";

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
      "カテゴリ「化粧品」に対応",
    ]);
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
    expect(fit.score).toBe(65);
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

  it("unregistered figures and other units are unknown (half the points), never a miss", () => {
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
    expect(fit.score).toBe(100 - 7.5 - 5 - 2.5);
    const none = fitOf(need({ lotQuantity: 100, quantityUnit: "個" }), cap({ moqMin: null }), names);
    expect(none.reasons[0]).toEqual({ met: null, hard: false, text: "MOQ: 未登録" });
  });

  it("processes, materials, category and region are soft: they lower the score only", () => {
    const fit = fitOf(
      need({ processIds: [1, 3], materialIds: [2], prefectureIds: [13, 27], categoryId: 1 }),
      cap({ categoryIds: [], prefectureIds: [13] }),
      names,
    );
    expect(fit.fits).toBe(true);
    expect(fit.reasons.map((r) => r.text)).toEqual([
      "加工: 充填 に対応",
      "加工: 乳化 の登録なし",
      "素材: 精油 の登録なし",
      "カテゴリ「化粧品」の登録なし",
      "希望地域に拠点: 東京都",
    ]);
    expect(fit.score).toBe(Math.round(35 + 15 + 10 + 7.5 + 0 + 0 + 5 + 5)); // 77.5 → 78
  });
});
