// The fit between an inquiry and a supplier (issues 20 and 33): the conditions the inquiry states,
// each met ✓, missed ✗ or unknown ?, counted ("4 of 5 conditions met") and scored out of 100. Pure:
// the callers load the rows, and the SQL that narrows or orders candidates (suggestions, recruits,
// the digest) applies the same rules (inquiries/fit-sql.repository.ts; property tests keep them equal).
//
// The category is a gate, not a condition: a supplier without the inquiry's category never fits and
// scores 0, and ranks below every supplier of the category (compareFits). Each stated condition
// counts one (each required certification, each process, each material, the lot, the monthly
// quantity, the region, the sample); a condition the inquiry leaves blank neither adds nor subtracts.
// Hard rules (an unmet one means the supplier does not fit): the category; every required
// certification or licence VERIFIED and unexpired; the lot at least the MOQ (or the small-lot
// minimum when small lots are accepted); the monthly quantity at most the monthly capacity.
// A figure the supplier has not registered, or gave in another unit, is unknown (half a condition),
// never met and never missed: quantities compare only in the same unit (decision 0031).

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
  /** 100 × (met + unknown / 2) / stated, rounded; 100 when nothing is stated; 0 outside the category. */
  score: number;
  fits: boolean;
  /** The supplier lists the inquiry's category (the gate). */
  inCategory: boolean;
  /** The stated conditions met (✓). */
  met: number;
  /** The conditions the inquiry states. */
  stated: number;
  reasons: FitReason[];
}

/** What one condition adds to the score's numerator: met 1, unknown ½, missed 0. */
export const CONDITION_POINTS = { met: 1, unknown: 0.5, missed: 0 } as const;

/**
 * The order of fits, best first: every supplier of the category before any other, then the score.
 * A comparator (negative when `a` ranks first); ties keep the callers' own order.
 */
export function compareFits(
  a: Pick<Fit, "inCategory" | "score">,
  b: Pick<Fit, "inCategory" | "score">,
): number {
  return Number(b.inCategory) - Number(a.inCategory) || b.score - a.score;
}

const n = (v: number) => v.toLocaleString("ja-JP");
const nameOf = (map: ReadonlyMap<number, string>, id: number) => map.get(id) ?? `#${id}`;

export function fitOf(need: InquiryNeeds, cap: SupplierCapabilities, names: FitNames): Fit {
  const reasons: FitReason[] = [];
  let points = 0;
  let stated = 0;
  let met = 0;
  const condition = (result: boolean | null, hard: boolean, text: string) => {
    stated += 1;
    if (result === true) met += 1;
    points += result === true ? CONDITION_POINTS.met : result === null ? CONDITION_POINTS.unknown : 0;
    reasons.push({ met: result, hard: hard && result === false, text });
  };

  // The gate: outside the category nothing else is weighed (its conditions would only mislead).
  const inCategory = cap.categoryIds.includes(need.categoryId);
  if (!inCategory) {
    const category = nameOf(names.categories, need.categoryId);
    return {
      score: 0,
      fits: false,
      inCategory,
      met: 0,
      stated: 0,
      reasons: [{ met: false, hard: true, text: `カテゴリ「${category}」の登録なし（カテゴリ外）` }],
    };
  }

  // Certifications and licences: each required one, verified or not.
  const held = new Set(cap.verifiedCertificationIds);
  for (const id of need.requiredCertificationIds) {
    const type = names.certifications.get(id);
    const name = type?.name ?? `#${id}`;
    if (held.has(id)) condition(true, true, `${name} 認証確認済み`);
    else {
      const what = type?.kind === "LICENSE" ? "許可" : "認証";
      condition(false, true, `必要な${what}: ${name} 確認済みの登録なし`);
    }
  }

  const sameUnit = need.quantityUnit !== null && cap.quantityUnit === need.quantityUnit;
  const unit = need.quantityUnit ?? "";

  // Lot quantity against the MOQ (or the small-lot minimum).
  if (need.lotQuantity !== null) {
    const q = need.lotQuantity;
    if (cap.moqMin === null || cap.quantityUnit === null) condition(null, true, "MOQ: 未登録");
    else if (!sameUnit)
      condition(null, true, `MOQ: 単位が異なるため比較できません（${n(cap.moqMin)}${cap.quantityUnit}）`);
    else if (cap.moqMin <= q) condition(true, true, `MOQ ${n(cap.moqMin)}${unit} ≤ ご希望 ${n(q)}${unit}`);
    else if (cap.smallLotAccepted && cap.smallLotMin !== null && cap.smallLotMin <= q)
      condition(true, true, `小ロット対応 ${n(cap.smallLotMin)}${unit}から（ご希望 ${n(q)}${unit}）`);
    else condition(false, true, `MOQ ${n(cap.moqMin)}${unit} > ご希望 ${n(q)}${unit}`);
  }

  // Monthly quantity against the monthly capacity.
  if (need.monthlyQuantity !== null) {
    const m = need.monthlyQuantity;
    const c = cap.monthlyCapacity;
    if (c === null || cap.quantityUnit === null) condition(null, true, "月産能力: 未登録");
    else if (!sameUnit)
      condition(null, true, `月産能力: 単位が異なるため比較できません（${n(c)}${cap.quantityUnit}）`);
    else if (c >= m) condition(true, true, `月産 ${n(c)}${unit} ≥ ご希望 月${n(m)}${unit}`);
    else condition(false, true, `月産 ${n(c)}${unit} < ご希望 月${n(m)}${unit}`);
  }

  // Processes and materials: each wanted one is a condition of its own.
  for (const [wanted, offered, label, map] of [
    [need.processIds, cap.processIds, "加工", names.processes],
    [need.materialIds, cap.materialIds, "素材", names.materials],
  ] as const) {
    const have = new Set(offered);
    for (const id of wanted)
      condition(
        have.has(id),
        false,
        `${label}: ${nameOf(map, id)} ${have.has(id) ? "に対応" : "の登録なし"}`,
      );
  }

  if (need.prefectureIds.length) {
    const here = need.prefectureIds.filter((p) => cap.prefectureIds.includes(p));
    if (here.length)
      condition(true, false, `希望地域に拠点: ${nameOf(names.prefectures, here[0] as number)}`);
    else {
      const first = nameOf(names.prefectures, need.prefectureIds[0] as number);
      const more = need.prefectureIds.length > 1 ? "ほか" : "";
      condition(false, false, `希望地域（${first}${more}）に拠点なし`);
    }
  }

  if (need.sampleWanted) {
    if (cap.sampleAvailable === true) {
      const days = cap.sampleDays !== null ? `（目安${cap.sampleDays}日）` : "";
      condition(true, false, `サンプル製作に対応${days}`);
    } else if (cap.sampleAvailable === false) condition(false, false, "サンプル製作: 非対応");
    else condition(null, false, "サンプル製作: 未登録");
  }

  return {
    // The same float operations as fitRawScoreSql: points are sums of 1 and ½ (exact).
    score: stated ? Math.round((100 * points) / stated) : 100,
    fits: !reasons.some((r) => r.hard && r.met === false),
    inCategory,
    met,
    stated,
    reasons,
  };
}
