import { eq, inArray } from "drizzle-orm";
import { changesSeen } from "@/server/db/change-feed";
import { db } from "@/server/db/client";
import {
  certificationTypes,
  companies,
  companyCategories,
  inquiries,
  processes,
  supplierFactories,
  supplierProfiles,
} from "@/server/db/schema";

// Capabilities and requirements (issue 20) written straight into the tables: the capabilities
// settings and the inquiry form that write them are built apart; these tests read them.

export type SupplierCapabilityValues = Partial<
  Pick<
    typeof supplierProfiles.$inferInsert,
    | "quantityUnit"
    | "moqMin"
    | "moqMax"
    | "monthlyCapacity"
    | "smallLotAccepted"
    | "smallLotMin"
    | "sampleAvailable"
    | "sampleDays"
    | "processIds"
    | "materialIds"
    | "verifiedCertificationIds"
  >
>;

/** Sets the supplier's capability columns (verified certifications written as the badge refresh would). */
export async function setSupplierCapabilities(companyId: string, values: SupplierCapabilityValues) {
  await db().update(supplierProfiles).set(values).where(eq(supplierProfiles.companyId, companyId));
  await changesSeen(db()); // the kept capabilities of this process dropped (decision 0025)
}

/** Replaces the supplier's categories, head-office prefecture and factories (what the fit reads besides). */
export async function setSupplierPlaces(
  companyId: string,
  p: { categoryIds: number[]; prefectureId: number | null; factoryPrefectureIds: number[] },
) {
  await db().delete(companyCategories).where(eq(companyCategories.companyId, companyId));
  if (p.categoryIds.length) {
    await db()
      .insert(companyCategories)
      .values(p.categoryIds.map((categoryId) => ({ companyId, categoryId })));
  }
  await db().update(companies).set({ prefectureId: p.prefectureId }).where(eq(companies.id, companyId));
  await db().delete(supplierFactories).where(eq(supplierFactories.companyId, companyId));
  if (p.factoryPrefectureIds.length) {
    await db()
      .insert(supplierFactories)
      .values(
        p.factoryPrefectureIds.map((prefectureId, i) => ({
          companyId,
          name: `第${i + 1}工場`,
          prefectureId,
          sortOrder: i,
        })),
      );
  }
  await changesSeen(db());
}

export type InquiryRequirementValues = Partial<
  Pick<
    typeof inquiries.$inferInsert,
    | "lotQuantity"
    | "monthlyQuantity"
    | "quantityUnit"
    | "requiredCertificationIds"
    | "processIds"
    | "materialIds"
    | "sampleWanted"
  >
>;

export async function setInquiryRequirements(
  inquiryIds: string | string[],
  values: InquiryRequirementValues,
) {
  const ids = Array.isArray(inquiryIds) ? inquiryIds : [inquiryIds];
  await db().update(inquiries).set(values).where(inArray(inquiries.id, ids));
  await changesSeen(db()); // the kept rankings of this process dropped (decision 0025)
}

/** The master rows' ids by slug (seeded at boot). */
type Ids<S extends readonly string[]> = { [K in keyof S]: number };

export async function certificationIdsOf<const S extends readonly string[]>(...slugs: S): Promise<Ids<S>> {
  const rows = await db()
    .select({ id: certificationTypes.id, slug: certificationTypes.slug })
    .from(certificationTypes)
    .where(inArray(certificationTypes.slug, slugs));
  return slugs.map((s) => rows.find((r) => r.slug === s)!.id) as Ids<S>;
}

export async function processIdsOf<const S extends readonly string[]>(...slugs: S): Promise<Ids<S>> {
  const rows = await db()
    .select({ id: processes.id, slug: processes.slug })
    .from(processes)
    .where(inArray(processes.slug, slugs));
  return slugs.map((s) => rows.find((r) => r.slug === s)!.id) as Ids<S>;
}
