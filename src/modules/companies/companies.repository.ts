import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { DbOrTx } from "@/server/db/client";
import {
  caseStudies,
  categories,
  companies,
  companyCategories,
  companyFeatures,
  companyImages,
  deactivationReasons,
  deactivationRecords,
  features,
  files,
  memberships,
  prefectures,
  supplierFactories,
  supplierProfiles,
} from "@/server/db/schema";
import { companyOutcome, companyStatesAllowing } from "./company.policy";
import { searchTextOf } from "./search-text";

export interface NewCompany {
  type: "BUYER" | "SUPPLIER";
  name: string;
  nameKana?: string | null;
  postalCode?: string | null;
  prefectureId?: number | null;
  address?: string | null;
  phone?: string | null;
  website?: string | null;
}

/** A company with its first ADMIN; suppliers also get an empty OEM profile and the free tier. */
export async function insertCompanyWithAdmin(
  tx: DbOrTx,
  company: NewCompany,
  admin: { userId: string; name: string; department?: string; phone?: string | null },
) {
  const [row] = await tx
    .insert(companies)
    .values({ ...company, paymentStatus: company.type === "SUPPLIER" ? "OEM_FREE" : null })
    .returning();
  if (company.type === "SUPPLIER") {
    await tx.insert(supplierProfiles).values({ companyId: row!.id, searchText: searchTextOf(company.name) });
  }
  await tx.insert(memberships).values({ companyId: row!.id, role: "ADMIN", ...admin });
  return row!;
}

export async function findCompany(db: DbOrTx, id: string) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row;
}

export async function updateCompany(
  { companyId }: CompanyScope,
  db: DbOrTx,
  v: Partial<typeof companies.$inferInsert>,
) {
  const [row] = await db
    .update(companies)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(companies.id, companyId))
    .returning();
  return row!;
}

export async function findProfile(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select()
    .from(supplierProfiles)
    .where(eq(supplierProfiles.companyId, companyId))
    .limit(1);
  return row;
}

/** Files of this company among the ids; used to refuse another company's images. */
export async function ownFileIds(
  { companyId }: CompanyScope,
  db: DbOrTx,
  ids: string[],
): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.companyId, companyId), inArray(files.id, ids), eq(files.kind, "IMAGE")));
  return new Set(rows.map((r) => r.id));
}

export async function existingIds(
  db: DbOrTx,
  table: "categories" | "features",
  ids: number[],
): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const t = table === "categories" ? categories : features;
  const rows = await db.select({ id: t.id }).from(t).where(inArray(t.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function categoriesOf(db: DbOrTx, companyIds: string[]) {
  if (!companyIds.length) return [];
  return db
    .select({ companyId: companyCategories.companyId, id: categories.id, name: categories.name })
    .from(companyCategories)
    .innerJoin(categories, eq(categories.id, companyCategories.categoryId))
    .where(inArray(companyCategories.companyId, companyIds))
    .orderBy(asc(categories.sortOrder));
}

export async function featuresOf(db: DbOrTx, companyIds: string[]) {
  if (!companyIds.length) return [];
  return db
    .select({ companyId: companyFeatures.companyId, id: features.id, name: features.name })
    .from(companyFeatures)
    .innerJoin(features, eq(features.id, companyFeatures.featureId))
    .where(inArray(companyFeatures.companyId, companyIds))
    .orderBy(asc(features.sortOrder));
}

export async function factoriesOf(db: DbOrTx, companyId: string) {
  return db
    .select({
      id: supplierFactories.id,
      name: supplierFactories.name,
      prefectureId: supplierFactories.prefectureId,
      prefectureName: prefectures.name,
      address: supplierFactories.address,
    })
    .from(supplierFactories)
    .innerJoin(prefectures, eq(prefectures.id, supplierFactories.prefectureId))
    .where(eq(supplierFactories.companyId, companyId))
    .orderBy(asc(supplierFactories.sortOrder));
}

export async function galleryOf(db: DbOrTx, companyIds: string[]) {
  if (!companyIds.length) return [];
  return db
    .select({ companyId: companyImages.companyId, id: files.id, caption: files.caption })
    .from(companyImages)
    .innerJoin(files, eq(files.id, companyImages.fileId))
    .where(inArray(companyImages.companyId, companyIds))
    .orderBy(asc(companyImages.sortOrder));
}

/** Replaces the OEM information and its lists in the caller's transaction. */
export async function replaceOemInformation(
  { companyId }: CompanyScope,
  tx: DbOrTx,
  v: {
    profile: Partial<typeof supplierProfiles.$inferInsert>;
    categoryIds: number[];
    featureIds: number[];
    factories: Array<{ name: string; prefectureId: number; address?: string | null }>;
    gallery: Array<{ fileId: string; caption?: string | null }>;
  },
) {
  await tx
    .update(supplierProfiles)
    .set({ ...v.profile, updatedAt: new Date() })
    .where(eq(supplierProfiles.companyId, companyId));
  await tx.delete(companyCategories).where(eq(companyCategories.companyId, companyId));
  if (v.categoryIds.length) {
    await tx.insert(companyCategories).values(v.categoryIds.map((categoryId) => ({ companyId, categoryId })));
  }
  await tx.delete(companyFeatures).where(eq(companyFeatures.companyId, companyId));
  if (v.featureIds.length) {
    await tx.insert(companyFeatures).values(v.featureIds.map((featureId) => ({ companyId, featureId })));
  }
  await tx.delete(supplierFactories).where(eq(supplierFactories.companyId, companyId));
  if (v.factories.length) {
    await tx.insert(supplierFactories).values(v.factories.map((f, i) => ({ companyId, ...f, sortOrder: i })));
  }
  await tx.delete(companyImages).where(eq(companyImages.companyId, companyId));
  if (v.gallery.length) {
    await tx
      .insert(companyImages)
      .values(v.gallery.map((g, i) => ({ companyId, fileId: g.fileId, sortOrder: i })));
    for (const g of v.gallery) {
      await tx
        .update(files)
        .set({ caption: g.caption ?? null })
        .where(and(eq(files.id, g.fileId), eq(files.companyId, companyId)));
    }
  }
}

/**
 * Recomputes what keyword search reads (segmented words of the profile and the published
 * cases) and the profile completeness used by the recommended sort. A hidden name stays out
 * of the words, so a search by name cannot reveal the company.
 */
export async function refreshSupplierSearch(tx: DbOrTx, companyId: string): Promise<void> {
  const company = await findCompany(tx, companyId);
  const profile = await findProfile(tx, companyId);
  if (!company || !profile) return;
  const cats = await categoriesOf(tx, [companyId]);
  const feats = await featuresOf(tx, [companyId]);
  const cases = await tx
    .select({ title: caseStudies.title, body: caseStudies.body })
    .from(caseStudies)
    .where(and(eq(caseStudies.companyId, companyId), eq(caseStudies.status, "PUBLISHED")));
  const [factoryCount] = await tx
    .select({ n: count() })
    .from(supplierFactories)
    .where(eq(supplierFactories.companyId, companyId));
  const [galleryCount] = await tx
    .select({ n: count() })
    .from(companyImages)
    .where(eq(companyImages.companyId, companyId));
  const searchText = searchTextOf(
    company.namePublished ? company.name : null,
    company.namePublished ? company.nameKana : null,
    company.description,
    profile.catchphrase,
    profile.strengths,
    profile.services,
    profile.certifications,
    profile.capacity,
    ...cats.map((c) => c.name),
    ...feats.map((f) => f.name),
    ...cases.flatMap((c) => [c.title, c.body]),
  );
  const filled = [
    company.description,
    company.logoFileId,
    company.website,
    profile.catchphrase,
    profile.strengths,
    profile.minimumLot,
    profile.leadTime,
    profile.capacity,
    profile.certifications,
    profile.services,
    profile.priceRange,
    cats.length > 0,
    feats.length > 0,
    Number(factoryCount?.n ?? 0) > 0,
    Number(galleryCount?.n ?? 0) > 0,
    cases.length > 0,
  ].filter(Boolean).length;
  await tx
    .update(supplierProfiles)
    .set({ searchText, profileCompleteness: Math.round((filled / 16) * 100) })
    .where(eq(supplierProfiles.companyId, companyId));
}

export async function prefectureName(db: DbOrTx, id: number | null) {
  if (!id) return null;
  const [row] = await db.select({ name: prefectures.name }).from(prefectures).where(eq(prefectures.id, id));
  return row?.name ?? null;
}

// ------------------------------------------------------------------ deactivation (退会)

/** The reasons among the ids that a company of this type may give. */
export async function knownDeactivationReasons(db: DbOrTx, ids: number[], type: "BUYER" | "SUPPLIER") {
  return db
    .select({ id: deactivationReasons.id })
    .from(deactivationReasons)
    .where(and(inArray(deactivationReasons.id, ids), inArray(deactivationReasons.audience, ["ALL", type])));
}

export async function insertDeactivationRecord(
  { companyId, userId }: CompanyScope,
  db: DbOrTx,
  v: { reasonIds: number[]; comment: string | null },
) {
  const [row] = await db
    .insert(deactivationRecords)
    .values({ companyId, userId, ...v })
    .returning({ id: deactivationRecords.id });
  return row!;
}

export async function markDeactivated({ companyId }: CompanyScope, tx: DbOrTx, now: Date) {
  await tx
    .update(companies)
    .set({ status: companyOutcome("DEACTIVATE"), deactivatedAt: now, updatedAt: now })
    .where(and(eq(companies.id, companyId), inArray(companies.status, companyStatesAllowing("DEACTIVATE"))));
}

/** The certification types the supplier holds verified and unexpired (kept by `certifications`). */
export async function setVerifiedCertificationIds(
  db: DbOrTx,
  companyId: string,
  ids: number[],
): Promise<void> {
  await db
    .update(supplierProfiles)
    .set({ verifiedCertificationIds: ids })
    .where(eq(supplierProfiles.companyId, companyId));
}
