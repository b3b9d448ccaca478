// The fit of matching/fit.service (`fitOf`) as SQL, for what must be decided in the database: the
// order of the public recruits by fit, the 「条件に合う案件のみ」 filter and the daily digest. The
// score is computed as fitOf computes it — the same double-precision operations in the same order,
// rounded half up like Math.round — so that it equals fitOf(...).score exactly (a property test on
// random data proves it: tests/api/recruits-fit.test.ts). Change one, change the other.
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { FIT_WEIGHTS } from "@/modules/matching/fit.service";
import { inquiries, inquiryPrefectures } from "@/server/db/schema";

type Operand = SQL | SQL.Aliased | AnyColumn;

/** An inquiry's requirements as SQL operands (int[] for the lists). */
export interface NeedsSql {
  categoryId: Operand;
  prefectureIds: Operand;
  lotQuantity: Operand;
  monthlyQuantity: Operand;
  quantityUnit: Operand;
  requiredCertificationIds: Operand;
  processIds: Operand;
  materialIds: Operand;
  sampleWanted: Operand;
}

/** A supplier's capabilities as SQL operands (int[] for the lists). */
export interface CapsSql {
  categoryIds: Operand;
  prefectureIds: Operand;
  quantityUnit: Operand;
  moqMin: Operand;
  monthlyCapacity: Operand;
  smallLotAccepted: Operand;
  smallLotMin: Operand;
  sampleAvailable: Operand;
  processIds: Operand;
  materialIds: Operand;
  verifiedCertificationIds: Operand;
}

/** The values fitOf reads of a supplier (matching's SupplierCapabilities). */
export interface CapabilityValues {
  categoryIds: readonly number[];
  prefectureIds: readonly number[];
  quantityUnit: string | null;
  moqMin: number | null;
  monthlyCapacity: number | null;
  smallLotAccepted: boolean | null;
  smallLotMin: number | null;
  sampleAvailable: boolean | null;
  processIds: readonly number[];
  materialIds: readonly number[];
  verifiedCertificationIds: readonly number[];
}

export const intArray = (ids: readonly number[]): SQL =>
  ids.length
    ? sql`array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::int[]`
    : sql`'{}'::int[]`;

/** The requirements of the `inquiries` row in scope (its prefectures read from inquiry_prefectures). */
export function inquiryNeeds(): NeedsSql {
  return {
    categoryId: inquiries.categoryId,
    prefectureIds: sql`array(select ${inquiryPrefectures.prefectureId}::int from ${inquiryPrefectures}
      where ${inquiryPrefectures.inquiryId} = ${inquiries.id})`,
    lotQuantity: inquiries.lotQuantity,
    monthlyQuantity: inquiries.monthlyQuantity,
    quantityUnit: inquiries.quantityUnit,
    requiredCertificationIds: inquiries.requiredCertificationIds,
    processIds: inquiries.processIds,
    materialIds: inquiries.materialIds,
    sampleWanted: inquiries.sampleWanted,
  };
}

/** One supplier's capabilities as bound parameters (its recruits list scores every row against them). */
export function capabilityParams(c: CapabilityValues): CapsSql {
  return {
    categoryIds: intArray(c.categoryIds),
    prefectureIds: intArray(c.prefectureIds),
    quantityUnit: sql`${c.quantityUnit}::text`,
    moqMin: sql`${c.moqMin}::int`,
    monthlyCapacity: sql`${c.monthlyCapacity}::int`,
    smallLotAccepted: sql`${c.smallLotAccepted}::boolean`,
    smallLotMin: sql`${c.smallLotMin}::int`,
    sampleAvailable: sql`${c.sampleAvailable}::boolean`,
    processIds: intArray(c.processIds),
    materialIds: intArray(c.materialIds),
    verifiedCertificationIds: intArray(c.verifiedCertificationIds),
  };
}

/**
 * The hard rules (fitOf's `fits`): every required certification verified; the lot at least the MOQ
 * or the small-lot minimum; the monthly quantity at most the capacity. A figure not registered or
 * in another unit is unknown, never a miss. The plan's rules, with a guard for an inquiry without
 * a unit (impossible once validated; fitOf reads it as unknown too). Never null.
 */
export function fitsSql(
  n: Pick<NeedsSql, "lotQuantity" | "monthlyQuantity" | "quantityUnit" | "requiredCertificationIds">,
  c: Pick<
    CapsSql,
    | "verifiedCertificationIds"
    | "quantityUnit"
    | "moqMin"
    | "monthlyCapacity"
    | "smallLotAccepted"
    | "smallLotMin"
  >,
): SQL<boolean> {
  const unknownUnit = sql`${c.quantityUnit} is null or ${n.quantityUnit} is null or ${c.quantityUnit} <> ${n.quantityUnit}`;
  return sql<boolean>`coalesce(${c.verifiedCertificationIds} @> ${n.requiredCertificationIds}
    and (${n.lotQuantity} is null or ${c.moqMin} is null or ${unknownUnit} or ${c.moqMin} <= ${n.lotQuantity}
      or (${c.smallLotAccepted} and ${c.smallLotMin} <= ${n.lotQuantity}))
    and (${n.monthlyQuantity} is null or ${c.monthlyCapacity} is null or ${unknownUnit}
      or ${c.monthlyCapacity} >= ${n.monthlyQuantity}), false)`;
}

const f8 = (n: number) => sql.raw(`${n}::float8`);

/** weight × (wanted ids offered) / (wanted ids), or the whole weight when nothing is wanted. */
function share(weight: number, wanted: Operand, offered: Operand): SQL {
  return sql`case when cardinality(${wanted}) = 0 then ${f8(weight)}
    else (${sql.raw(String(weight))} * (select count(*) from unnest(${wanted}) w(id) where w.id = any(${offered})))::float8
      / cardinality(${wanted})::float8 end`;
}

/** The unrounded score: fitOf's sum, term by term in its order, in float8 as JavaScript adds. */
export function fitRawScoreSql(n: NeedsSql, c: CapsSql): SQL<number> {
  const W = FIT_WEIGHTS;
  const otherUnit = sql`${n.quantityUnit} is null or ${c.quantityUnit} <> ${n.quantityUnit}`;
  const certifications = share(W.certifications, n.requiredCertificationIds, c.verifiedCertificationIds);
  const lot = sql`case when ${n.lotQuantity} is null then ${f8(W.lot)}
    when ${c.moqMin} is null or ${c.quantityUnit} is null then ${f8(W.lot / 2)}
    when ${otherUnit} then ${f8(W.lot / 2)}
    when ${c.moqMin} <= ${n.lotQuantity} then ${f8(W.lot)}
    when coalesce(${c.smallLotAccepted}, false) and ${c.smallLotMin} is not null
      and ${c.smallLotMin} <= ${n.lotQuantity} then ${f8(W.lot)}
    else ${f8(0)} end`;
  const monthly = sql`case when ${n.monthlyQuantity} is null then ${f8(W.monthly)}
    when ${c.monthlyCapacity} is null or ${c.quantityUnit} is null then ${f8(W.monthly / 2)}
    when ${otherUnit} then ${f8(W.monthly / 2)}
    when ${c.monthlyCapacity} >= ${n.monthlyQuantity} then ${f8(W.monthly)}
    else ${f8(0)} end`;
  const processes = share(W.processes, n.processIds, c.processIds);
  const materials = share(W.materials, n.materialIds, c.materialIds);
  const category = sql`case when ${n.categoryId} = any(${c.categoryIds}) then ${f8(W.category)} else ${f8(0)} end`;
  // The inquiry's prefectures are read once (no wish, or a wished one with a site: the weight).
  const prefecture = sql`(select case when count(*) = 0 or bool_or(w.id = any(${c.prefectureIds}))
    then ${f8(W.prefecture)} else ${f8(0)} end from unnest(${n.prefectureIds}) w(id))`;
  const sample = sql`case when not ${n.sampleWanted} then ${f8(W.sample)}
    when ${c.sampleAvailable} is true then ${f8(W.sample)}
    when ${c.sampleAvailable} is false then ${f8(0)} else ${f8(W.sample / 2)} end`;
  const terms = [certifications, lot, monthly, processes, materials, category, prefecture, sample];
  // Left to right from the first term, as `score += …` adds (float addition is not associative).
  return terms.slice(1).reduce((sum, t) => sql`(${sum} + (${t}))`, sql`(${terms[0]!})`) as SQL<number>;
}

/** Math.round of a non-negative float8 (half up), exactly: not round() (half even) nor floor(x + 0.5). */
export function roundedScoreSql(raw: Operand): SQL<number> {
  return sql<number>`(floor(${raw}) + case when ${raw} - floor(${raw}) >= 0.5 then 1 else 0 end)::int`;
}
