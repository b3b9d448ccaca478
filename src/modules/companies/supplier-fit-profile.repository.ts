import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { companies, companyCategories, supplierFactories, supplierProfiles } from "@/server/db/schema";

/**
 * What the fit (matching/fit.service) reads of a supplier, in one statement: the profile's
 * capabilities, its categories, and the prefectures of its head office and factories.
 */
export async function selectFitProfile(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({
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
      categoryIds: sql<number[]>`array(select ${companyCategories.categoryId}::int from ${companyCategories}
        where ${companyCategories.companyId} = ${companies.id} order by 1)`,
      prefectureIds: sql<
        number[]
      >`array(select ${companies.prefectureId}::int where ${companies.prefectureId} is not null
        union select ${supplierFactories.prefectureId}::int from ${supplierFactories}
        where ${supplierFactories.companyId} = ${companies.id} order by 1)`,
    })
    .from(companies)
    .leftJoin(supplierProfiles, eq(supplierProfiles.companyId, companies.id))
    .where(eq(companies.id, companyId))
    .limit(1);
  return row;
}
