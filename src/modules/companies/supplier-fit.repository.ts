import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import {
  companies,
  companyCategories,
  prefectures,
  supplierFactories,
  supplierProfiles,
} from "@/server/db/schema";
import { isPublicSupplier } from "./supplier-directory.repository";

// A supplier's capabilities as the fit reads them (issue 20): its OEM profile's figures and lists,
// its categories, and the prefectures of its head office and factories.

/** `array[1, 2]::int[]` (or an empty one) as one parameter per id. */
const intArray = (ids: readonly number[]) =>
  ids.length
    ? sql`array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::int[]`
    : sql`'{}'::int[]`;

const capabilityColumns = {
  companyId: companies.id,
  headPrefectureId: companies.prefectureId,
  categoryIds: sql<number[]>`array(select ${companyCategories.categoryId} from ${companyCategories}
    where ${companyCategories.companyId} = ${companies.id} order by 1)::int[]`,
  factoryPrefectureIds: sql<
    number[]
  >`array(select distinct ${supplierFactories.prefectureId} from ${supplierFactories}
    where ${supplierFactories.companyId} = ${companies.id} order by 1)::int[]`,
  quantityUnit: supplierProfiles.quantityUnit,
  moqMin: supplierProfiles.moqMin,
  monthlyCapacity: supplierProfiles.monthlyCapacity,
  smallLotAccepted: supplierProfiles.smallLotAccepted,
  smallLotMin: supplierProfiles.smallLotMin,
  sampleAvailable: supplierProfiles.sampleAvailable,
  sampleDays: supplierProfiles.sampleDays,
  processIds: supplierProfiles.processIds,
  materialIds: supplierProfiles.materialIds,
  verifiedCertificationIds: supplierProfiles.verifiedCertificationIds,
};

export async function capabilityRowOf(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select(capabilityColumns)
    .from(companies)
    .innerJoin(supplierProfiles, eq(supplierProfiles.companyId, companies.id))
    .where(and(eq(companies.id, companyId), eq(companies.type, "SUPPLIER")))
    .limit(1);
  return row;
}

export interface CandidateNeeds {
  categoryId: number;
  prefectureIds: readonly number[];
  lotQuantity: number | null;
  monthlyQuantity: number | null;
  quantityUnit: string | null;
  requiredCertificationIds: readonly number[];
  processIds: readonly number[];
}

/**
 * The hard rules of the fit (docs/capabilities.md "Fit"), as fitOf applies them: the inquiry's
 * category among the supplier's (the gate, issue 33); every required certification verified; the
 * lot at least the MOQ or the small-lot minimum; the monthly quantity at most the capacity. A figure
 * not registered or in another unit is no miss.
 */
export function fitsHardRules(n: CandidateNeeds): SQL {
  const p = supplierProfiles;
  const u = n.quantityUnit;
  const conditions: SQL[] = [
    sql`exists (select 1 from ${companyCategories}
      where ${companyCategories.companyId} = ${companies.id} and ${companyCategories.categoryId} = ${n.categoryId})`,
    sql`${p.verifiedCertificationIds} @> ${intArray(n.requiredCertificationIds)}`,
  ];
  if (n.lotQuantity !== null) {
    const q = n.lotQuantity;
    conditions.push(sql`(${p.moqMin} is null or ${p.quantityUnit} is distinct from ${u}::text
      or ${p.moqMin} <= ${q} or (${p.smallLotAccepted} and ${p.smallLotMin} <= ${q}))`);
  }
  if (n.monthlyQuantity !== null) {
    conditions.push(sql`(${p.monthlyCapacity} is null or ${p.quantityUnit} is distinct from ${u}::text
      or ${p.monthlyCapacity} >= ${n.monthlyQuantity})`);
  }
  return and(...conditions)!;
}

/**
 * Public suppliers of the category that meet the hard rules, in one statement: those offering every
 * wanted process first, then those with a site in a wanted region, then the most complete profiles;
 * at most `limit`.
 */
export async function fitCandidateRows(db: DbOrTx, n: CandidateNeeds, limit: number) {
  const order: SQL[] = [];
  if (n.processIds.length) order.push(desc(sql`${supplierProfiles.processIds} @> ${intArray(n.processIds)}`));
  if (n.prefectureIds.length) {
    const wanted = intArray(n.prefectureIds);
    order.push(
      desc(sql`(${companies.prefectureId} = any(${wanted}) or exists (select 1 from ${supplierFactories}
        where ${supplierFactories.companyId} = ${companies.id} and ${supplierFactories.prefectureId} = any(${wanted})))`),
    );
  }
  return db
    .select({
      ...capabilityColumns,
      name: companies.name,
      namePublished: companies.namePublished,
      logoFileId: companies.logoFileId,
      catchphrase: supplierProfiles.catchphrase,
      prefectureName: prefectures.name,
    })
    .from(companies)
    .innerJoin(supplierProfiles, eq(supplierProfiles.companyId, companies.id))
    .leftJoin(prefectures, eq(prefectures.id, companies.prefectureId))
    .where(and(isPublicSupplier(), fitsHardRules(n)))
    .orderBy(...order, desc(supplierProfiles.profileCompleteness), asc(companies.id))
    .limit(limit);
}
