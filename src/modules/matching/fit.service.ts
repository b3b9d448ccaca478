// The fit between an inquiry and a supplier (issue 20): a transparent score out of 100 with the
// reasons a buyer and a supplier read. Pure: the callers load the rows, and the SQL filters that
// narrow candidates (search, suggestions, recruits) apply the same hard rules as `fits` here.
//
// Hard rules (an unmet one means the supplier does not fit): every required certification or
// licence is VERIFIED and unexpired; the lot quantity is at least the MOQ (or the small-lot
// minimum when small lots are accepted); the monthly quantity is at most the monthly capacity.
// A figure the supplier has not registered, or gave in another unit, is unknown, never unmet.

export interface InquiryNeeds {
  categoryId: number;
  prefectureIds: readonly number[];
  lotQuantity: number | null;
  monthlyQuantity: number | null;
  quantityUnit: string | null;
  requiredCertificationIds: readonly number[];
  processIds: readonly number[];
  materialIds: readonly number[];
  sampleWanted: boolean;
}

export interface SupplierCapabilities {
  categoryIds: readonly number[];
  /** The head office's and the factories' prefectures. */
  prefectureIds: readonly number[];
  quantityUnit: string | null;
  moqMin: number | null;
  monthlyCapacity: number | null;
  smallLotAccepted: boolean | null;
  smallLotMin: number | null;
  sampleAvailable: boolean | null;
  sampleDays: number | null;
  processIds: readonly number[];
  materialIds: readonly number[];
  verifiedCertificationIds: readonly number[];
}

export interface FitNames {
  certifications: ReadonlyMap<number, { name: string; kind: "CERTIFICATION" | "LICENSE" }>;
  processes: ReadonlyMap<number, string>;
  materials: ReadonlyMap<number, string>;
  categories: ReadonlyMap<number, string>;
  prefectures: ReadonlyMap<number, string>;
}

/** met: true (a plus), false (a miss), null (unknown: the supplier has not registered it). */
export interface FitReason {
  met: boolean | null;
  /** A miss of a hard rule: the supplier does not fit. */
  hard: boolean;
  text: string;
}

export interface Fit {
  score: number;
  fits: boolean;
  reasons: FitReason[];
}

export const FIT_WEIGHTS = {
  certifications: 35,
  lot: 15,
  monthly: 10,
  processes: 15,
  materials: 5,
  category: 10,
  prefecture: 5,
  sample: 5,
} as const;

const n = (v: number) => v.toLocaleString("ja-JP");
const nameOf = (map: ReadonlyMap<number, string>, id: number) => map.get(id) ?? `#${id}`;

export function fitOf(need: InquiryNeeds, cap: SupplierCapabilities, names: FitNames): Fit {
  const reasons: FitReason[] = [];
  let score = 0;
  const unknown = (weight: number, text: string) => {
    reasons.push({ met: null, hard: false, text });
    score += weight / 2;
  };

  // Certifications and licences: each required one, verified or not.
  if (need.requiredCertificationIds.length) {
    const held = new Set(cap.verifiedCertificationIds);
    let met = 0;
    for (const id of need.requiredCertificationIds) {
      const type = names.certifications.get(id);
      const name = type?.name ?? `#${id}`;
      if (held.has(id)) {
        met += 1;
        reasons.push({ met: true, hard: false, text: `${name} 認証確認済み` });
      } else {
        const what = type?.kind === "LICENSE" ? "許可" : "認証";
        reasons.push({ met: false, hard: true, text: `必要な${what}: ${name} 確認済みの登録なし` });
      }
    }
    score += (FIT_WEIGHTS.certifications * met) / need.requiredCertificationIds.length;
  } else {
    score += FIT_WEIGHTS.certifications;
  }

  const sameUnit = need.quantityUnit !== null && cap.quantityUnit === need.quantityUnit;
  const unit = need.quantityUnit ?? "";

  // Lot quantity against the MOQ (or the small-lot minimum).
  if (need.lotQuantity !== null) {
    const q = need.lotQuantity;
    if (cap.moqMin === null || cap.quantityUnit === null) {
      unknown(FIT_WEIGHTS.lot, "MOQ: 未登録");
    } else if (!sameUnit) {
      unknown(FIT_WEIGHTS.lot, `MOQ: 単位が異なるため比較できません（${n(cap.moqMin)}${cap.quantityUnit}）`);
    } else if (cap.moqMin <= q) {
      score += FIT_WEIGHTS.lot;
      reasons.push({ met: true, hard: false, text: `MOQ ${n(cap.moqMin)}${unit} ≤ ご希望 ${n(q)}${unit}` });
    } else if (cap.smallLotAccepted && cap.smallLotMin !== null && cap.smallLotMin <= q) {
      score += FIT_WEIGHTS.lot;
      reasons.push({
        met: true,
        hard: false,
        text: `小ロット対応 ${n(cap.smallLotMin)}${unit}から（ご希望 ${n(q)}${unit}）`,
      });
    } else {
      reasons.push({ met: false, hard: true, text: `MOQ ${n(cap.moqMin)}${unit} > ご希望 ${n(q)}${unit}` });
    }
  } else {
    score += FIT_WEIGHTS.lot;
  }

  // Monthly quantity against the monthly capacity.
  if (need.monthlyQuantity !== null) {
    const m = need.monthlyQuantity;
    if (cap.monthlyCapacity === null || cap.quantityUnit === null) {
      unknown(FIT_WEIGHTS.monthly, "月産能力: 未登録");
    } else if (!sameUnit) {
      unknown(
        FIT_WEIGHTS.monthly,
        `月産能力: 単位が異なるため比較できません（${n(cap.monthlyCapacity)}${cap.quantityUnit}）`,
      );
    } else if (cap.monthlyCapacity >= m) {
      score += FIT_WEIGHTS.monthly;
      reasons.push({
        met: true,
        hard: false,
        text: `月産 ${n(cap.monthlyCapacity)}${unit} ≥ ご希望 月${n(m)}${unit}`,
      });
    } else {
      reasons.push({
        met: false,
        hard: true,
        text: `月産 ${n(cap.monthlyCapacity)}${unit} < ご希望 月${n(m)}${unit}`,
      });
    }
  } else {
    score += FIT_WEIGHTS.monthly;
  }

  score += listed(need.processIds, cap.processIds, FIT_WEIGHTS.processes, "加工", names.processes, reasons);
  score += listed(need.materialIds, cap.materialIds, FIT_WEIGHTS.materials, "素材", names.materials, reasons);

  const category = nameOf(names.categories, need.categoryId);
  if (cap.categoryIds.includes(need.categoryId)) {
    score += FIT_WEIGHTS.category;
    reasons.push({ met: true, hard: false, text: `カテゴリ「${category}」に対応` });
  } else {
    reasons.push({ met: false, hard: false, text: `カテゴリ「${category}」の登録なし` });
  }

  if (need.prefectureIds.length) {
    const here = need.prefectureIds.filter((p) => cap.prefectureIds.includes(p));
    if (here.length) {
      score += FIT_WEIGHTS.prefecture;
      reasons.push({
        met: true,
        hard: false,
        text: `希望地域に拠点: ${nameOf(names.prefectures, here[0] as number)}`,
      });
    } else {
      const first = nameOf(names.prefectures, need.prefectureIds[0] as number);
      const more = need.prefectureIds.length > 1 ? "ほか" : "";
      reasons.push({ met: false, hard: false, text: `希望地域（${first}${more}）に拠点なし` });
    }
  } else {
    score += FIT_WEIGHTS.prefecture;
  }

  if (need.sampleWanted) {
    if (cap.sampleAvailable === true) {
      score += FIT_WEIGHTS.sample;
      const days = cap.sampleDays !== null ? `（目安${cap.sampleDays}日）` : "";
      reasons.push({ met: true, hard: false, text: `サンプル製作に対応${days}` });
    } else if (cap.sampleAvailable === false) {
      reasons.push({ met: false, hard: false, text: "サンプル製作: 非対応" });
    } else {
      unknown(FIT_WEIGHTS.sample, "サンプル製作: 未登録");
    }
  } else {
    score += FIT_WEIGHTS.sample;
  }

  return {
    score: Math.round(score),
    fits: !reasons.some((r) => r.hard && r.met === false),
    reasons,
  };
}

function listed(
  wanted: readonly number[],
  offered: readonly number[],
  weight: number,
  label: string,
  names: ReadonlyMap<number, string>,
  reasons: FitReason[],
): number {
  if (!wanted.length) return weight;
  const have = new Set(offered);
  const met = wanted.filter((id) => have.has(id));
  const missing = wanted.filter((id) => !have.has(id));
  if (met.length) {
    reasons.push({
      met: true,
      hard: false,
      text: `${label}: ${met.map((id) => nameOf(names, id)).join("・")} に対応`,
    });
  }
  if (missing.length) {
    reasons.push({
      met: false,
      hard: false,
      text: `${label}: ${missing.map((id) => nameOf(names, id)).join("・")} の登録なし`,
    });
  }
  return (weight * met.length) / wanted.length;
}
