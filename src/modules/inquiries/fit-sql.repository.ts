// The fit of matching/fit.service (`fitOf`) as SQL, for what must be decided in the database: the
// order of the public recruits by fit, the 「条件に合う案件のみ」 filter and the daily digest. The
// score is computed as fitOf computes it — the same double-precision operations in the same order,
// rounded half up like Math.round — so that it equals fitOf(...).score exactly (a property test on
// random data proves it: tests/api/recruits-fit.test.ts). Change one, change the other.
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
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

/** The inquiry's category among the supplier's: the gate (fitOf's `inCategory`). Never null. */
export function inCategorySql(
  n: Pick<NeedsSql, "categoryId">,
  c: Pick<CapsSql, "categoryIds">,
): SQL<boolean> {
  return sql<boolean>`coalesce(${n.categoryId} = any(${c.categoryIds}), false)`;
}

const f8 = (n: number) => sql.raw(`${n}::float8`);

/** How many of the wanted ids are offered. */
const offeredCount = (wanted: Operand, offered: Operand) =>
  sql`(select count(*) from unnest(${wanted}) w(id) where w.id = any(${offered}))::float8`;

/**
 * The unrounded score, as fitOf computes it: 0 outside the category; 100 when the inquiry states no
 * condition; else 100 × points / stated, points being 1 per condition met and ½ per unknown one
 * (sums of halves are exact in float8, so the order of the additions does not matter).
 */
export function fitRawScoreSql(n: NeedsSql, c: CapsSql): SQL<number> {
  const otherUnit = sql`${n.quantityUnit} is null or ${c.quantityUnit} <> ${n.quantityUnit}`;
  const lot = sql`case when ${n.lotQuantity} is null then ${f8(0)}
    when ${c.moqMin} is null or ${c.quantityUnit} is null then ${f8(0.5)}
    when ${otherUnit} then ${f8(0.5)}
    when ${c.moqMin} <= ${n.lotQuantity} then ${f8(1)}
    when coalesce(${c.smallLotAccepted}, false) and ${c.smallLotMin} is not null
      and ${c.smallLotMin} <= ${n.lotQuantity} then ${f8(1)}
    else ${f8(0)} end`;
  const monthly = sql`case when ${n.monthlyQuantity} is null then ${f8(0)}
    when ${c.monthlyCapacity} is null or ${c.quantityUnit} is null then ${f8(0.5)}
    when ${otherUnit} then ${f8(0.5)}
    when ${c.monthlyCapacity} >= ${n.monthlyQuantity} then ${f8(1)}
    else ${f8(0)} end`;
  // The inquiry's prefectures are read once: a wished one with a site meets the region.
  const prefecture = sql`(select case when bool_or(w.id = any(${c.prefectureIds})) then ${f8(1)}
    else ${f8(0)} end from unnest(${n.prefectureIds}) w(id))`;
  const sample = sql`case when not ${n.sampleWanted} then ${f8(0)}
    when ${c.sampleAvailable} is true then ${f8(1)}
    when ${c.sampleAvailable} is false then ${f8(0)} else ${f8(0.5)} end`;
  const points = sql`(${offeredCount(n.requiredCertificationIds, c.verifiedCertificationIds)} + (${lot})
    + (${monthly}) + ${offeredCount(n.processIds, c.processIds)} + ${offeredCount(n.materialIds, c.materialIds)}
    + (${prefecture}) + (${sample}))`;
  const stated = sql`(cardinality(${n.requiredCertificationIds}) + (${n.lotQuantity} is not null)::int
    + (${n.monthlyQuantity} is not null)::int + cardinality(${n.processIds}) + cardinality(${n.materialIds})
    + (cardinality(${n.prefectureIds}) > 0)::int + (${n.sampleWanted})::int)::float8`;
  return sql<number>`(case when not ${inCategorySql(n, c)} then ${f8(0)}
    when ${stated} = 0 then ${f8(100)}
    else (${f8(100)} * ${points}) / ${stated} end)`;
}

/** Math.round of a non-negative float8 (half up), exactly: not round() (half even) nor floor(x + 0.5). */
export function roundedScoreSql(raw: Operand): SQL<number> {
  return sql<number>`(floor(${raw}) + case when ${raw} - floor(${raw}) >= 0.5 then 1 else 0 end)::int`;
}
