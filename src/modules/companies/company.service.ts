import { endSessionsInCompany } from "@/modules/identity/session-revocation.service";
import { withdrawEntriesOfDeactivatedCompany } from "@/modules/inquiries/entry.service";
import { closeInquiriesOfDeactivatedCompany } from "@/modules/inquiries/inquiry.service";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db, DbOrTx } from "@/server/db/client";
import { invalid, notFound } from "@/server/http/errors";
import * as repo from "./companies.repository";
import type { CompanyBasicInput, OemInformationInput } from "./company.schema";

const imageUrl = (id: string | null) => (id ? `/api/image/${id}` : null);

function toBasic(c: NonNullable<Awaited<ReturnType<typeof repo.findCompany>>>) {
  return {
    id: c.id,
    type: c.type,
    name: c.name,
    nameKana: c.nameKana,
    namePublished: c.namePublished,
    paymentStatus: c.paymentStatus,
    postalCode: c.postalCode,
    prefectureId: c.prefectureId,
    ...companyFacts(c),
    description: c.description,
    logoFileId: c.logoFileId,
    logoUrl: imageUrl(c.logoFileId),
    corporateNumber: c.corporateNumber,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** A company's contact and size facts, in the order its own settings and the console list them. */
export function companyFacts(c: NonNullable<Awaited<ReturnType<typeof repo.findCompany>>>) {
  return {
    address: c.address,
    phone: c.phone,
    website: c.website,
    representativeName: c.representativeName,
    establishedYear: c.establishedYear,
    capitalYen: c.capitalYen,
    employeeCount: c.employeeCount,
  };
}

// ------------------------------------------------------------------ basic information

/** The scope's company (its route declared the type: a member of the other kind got 404). */
export async function getCompany(scope: CompanyScope, db: Db) {
  return toBasic((await repo.findCompany(db, scope.companyId))!);
}

export async function updateCompany(scope: CompanyScope, db: Db, input: CompanyBasicInput) {
  if (input.logoFileId && !(await repo.ownFileIds(scope, db, [input.logoFileId])).has(input.logoFileId)) {
    throw invalid({ logoFileId: "ロゴ画像が見つかりません。画像をアップロードし直してください" });
  }
  return db.transaction(async (tx) => {
    const row = await repo.updateCompany(scope, tx, {
      name: input.name,
      nameKana: input.nameKana ?? null,
      postalCode: input.postalCode ?? null,
      prefectureId: input.prefectureId ?? null,
      address: input.address ?? null,
      phone: input.phone ?? null,
      website: input.website ?? null,
      representativeName: input.representativeName ?? null,
      establishedYear: input.establishedYear ?? null,
      capitalYen: input.capitalYen ?? null,
      employeeCount: input.employeeCount ?? null,
      description: input.description ?? null,
      logoFileId: input.logoFileId ?? null,
      corporateNumber: input.corporateNumber ?? null,
    });
    if (scope.companyType === "SUPPLIER") await repo.refreshSupplierSearch(tx, scope.companyId);
    return toBasic(row);
  });
}

// ------------------------------------------------------------------ OEM information

export async function getOemInformation(scope: CompanyScope, db: Db) {
  return oemInformationOf(db, scope.companyId);
}

/** The OEM profile's text fields, as the supplier's settings and the console show them. */
export function profileFields(p: Profile) {
  return { catchphrase: p.catchphrase, ...profileDetails(p) };
}

type Profile = NonNullable<Awaited<ReturnType<typeof repo.findProfile>>>;

/** The OEM profile's detail texts (all but the catchphrase), in the order every view lists them. */
export function profileDetails(p: Profile) {
  return {
    strengths: p.strengths,
    minimumLot: p.minimumLot,
    leadTime: p.leadTime,
    capacity: p.capacity,
    certifications: p.certifications,
    services: p.services,
    priceRange: p.priceRange,
  };
}

/** The OEM information of a supplier. */
export async function oemInformationOf(db: DbOrTx, companyId: string) {
  const profile = await repo.findProfile(db, companyId);
  if (!profile) throw notFound();
  const [cats, feats, factories, gallery] = await Promise.all([
    repo.categoriesOf(db, [companyId]),
    repo.featuresOf(db, [companyId]),
    repo.factoriesOf(db, companyId),
    repo.galleryOf(db, [companyId]),
  ]);
  return {
    companyId,
    ...profileFields(profile),
    categories: cats.map(({ id, name }) => ({ id, name })),
    features: feats.map(({ id, name }) => ({ id, name })),
    factories,
    gallery: gallery.map((g) => ({ id: g.id, url: imageUrl(g.id)!, caption: g.caption })),
    profileCompleteness: profile.profileCompleteness,
  };
}

export async function updateOemInformation(scope: CompanyScope, db: Db, input: OemInformationInput) {
  const categoryIds = [...new Set(input.categoryIds)];
  const featureIds = [...new Set(input.featureIds)];
  const fields: Record<string, string> = {};
  const knownCats = await repo.existingIds(db, "categories", categoryIds);
  if (categoryIds.some((id) => !knownCats.has(id))) fields.categoryIds = "存在しないカテゴリが含まれています";
  const knownFeats = await repo.existingIds(db, "features", featureIds);
  if (featureIds.some((id) => !knownFeats.has(id))) fields.featureIds = "存在しない特徴が含まれています";
  const galleryIds = [...new Set(input.gallery.map((g) => g.fileId))];
  const own = await repo.ownFileIds(scope, db, galleryIds);
  if (galleryIds.some((id) => !own.has(id)))
    fields.gallery = "画像が見つかりません。画像をアップロードし直してください";
  if (Object.keys(fields).length) throw invalid(fields);
  await db.transaction(async (tx) => {
    await repo.replaceOemInformation(scope, tx, {
      profile: {
        catchphrase: input.catchphrase ?? null,
        strengths: input.strengths ?? null,
        minimumLot: input.minimumLot ?? null,
        leadTime: input.leadTime ?? null,
        capacity: input.capacity ?? null,
        certifications: input.certifications ?? null,
        services: input.services ?? null,
        priceRange: input.priceRange ?? null,
      },
      categoryIds,
      featureIds,
      factories: input.factories,
      gallery: input.gallery.filter((g, i, all) => all.findIndex((x) => x.fileId === g.fileId) === i),
    });
    await repo.refreshSupplierSearch(tx, scope.companyId);
  });
  return oemInformationOf(db, scope.companyId);
}

/** Shows or hides the company name on the public page and in search (ADMIN only: the route's need). */
export async function setNamePublished(scope: CompanyScope, db: Db, namePublished: boolean) {
  return db.transaction(async (tx) => {
    const row = await repo.updateCompany(scope, tx, { namePublished });
    await repo.refreshSupplierSearch(tx, scope.companyId);
    return toBasic(row);
  });
}

// ------------------------------------------------------------------ for the supplier's other pages (cases)

/** The scope's own images among the ids; another company's are refused by their callers. */
export const ownImageIds = (scope: CompanyScope, db: DbOrTx, ids: string[]) =>
  repo.ownFileIds(scope, db, ids);

/** Master-data ids that exist (categories or features). */
export const existingIds = repo.existingIds;

/** What keyword search and the recommended sort read, recomputed after the supplier's page changed. */
export const refreshSupplierSearch = (scope: CompanyScope, tx: DbOrTx) =>
  repo.refreshSupplierSearch(tx, scope.companyId);

/** A company by id, any status (for other modules: they do not read the companies table themselves). */
export const findCompanyById = (db: DbOrTx, id: string) => repo.findCompany(db, id);

// ------------------------------------------------------------------ deactivation (退会)

/** Stores the reasons and comment given before deactivating (POST /api/reason). */
export async function recordDeactivationReasons(
  scope: CompanyScope,
  db: Db,
  input: { reasonIds: number[]; comment?: string },
) {
  const reasonIds = [...new Set(input.reasonIds)];
  const known = await repo.knownDeactivationReasons(db, reasonIds, scope.companyType);
  if (known.length !== reasonIds.length) throw invalid({ reasonIds: "選択できない退会理由が含まれています" });
  const row = await repo.insertDeactivationRecord(scope, db, { reasonIds, comment: input.comment ?? null });
  return { id: row.id };
}

/**
 * Deactivates a company (ADMIN): members lose access, its public page and search entry go,
 * open inquiries close, open entries are withdrawn, sessions working in it end. Nothing is deleted.
 */
export async function deactivateCompany(scope: CompanyScope, db: Db) {
  const { companyId, companyType: type } = scope;
  const now = new Date();
  await db.transaction(async (tx) => {
    await repo.markDeactivated(scope, tx, now);
    if (type === "SUPPLIER") await withdrawEntriesOfDeactivatedCompany(tx, companyId, now);
    await closeInquiriesOfDeactivatedCompany(tx, companyId, type, now);
    await endSessionsInCompany(tx, companyId, now);
  });
}

/** Called by `certifications` only, after a verification, a rejection, a deletion or an expiry. */
export const setVerifiedCertificationIds = (db: DbOrTx, companyId: string, ids: number[]) =>
  repo.setVerifiedCertificationIds(db, companyId, ids);

/**
 * The size figures the order form asks for when the company has none (取適法's thresholds): only
 * missing figures are filled, never a recorded one changed (the settings page does that).
 */
export async function fillSizeFacts(
  scope: CompanyScope,
  db: DbOrTx,
  facts: { capitalYen?: number | null; employeeCount?: number | null },
): Promise<void> {
  const company = await repo.findCompany(db, scope.companyId);
  if (!company) throw notFound("企業が見つかりませんでした。");
  const set: { capitalYen?: number; employeeCount?: number } = {};
  if (company.capitalYen == null && facts.capitalYen != null) set.capitalYen = facts.capitalYen;
  if (company.employeeCount == null && facts.employeeCount != null) set.employeeCount = facts.employeeCount;
  if (Object.keys(set).length) await repo.updateCompany(scope, db, set);
}
