import { and, eq, inArray } from "drizzle-orm";
import type { SessionUserActor as UserActor } from "@/lib/actor";
import type { SessionUser } from "@/modules/identity/identity.schema";
import { sessionUserOf } from "@/modules/identity/identity.service";
import { endSessionsInCompany } from "@/modules/identity/session-revocation.service";
import { withdrawEntriesOfDeactivatedCompany } from "@/modules/inquiries/entry.service";
import { closeInquiriesOfDeactivatedCompany } from "@/modules/inquiries/inquiry.service";
import type { Db } from "@/server/db/client";
import {
  companies,
  deactivationReasons,
  deactivationRecords,
  memberships,
  userSessions,
} from "@/server/db/schema";
import { AppError, invalid, notFound } from "@/server/http/errors";
import * as repo from "./companies.repository";
import type { AdditionalRegisterInput, CompanyBasicInput, OemInformationInput } from "./company.schema";
import { requireMembership } from "./company-access";

type CompanyType = "BUYER" | "SUPPLIER";

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
    address: c.address,
    phone: c.phone,
    website: c.website,
    representativeName: c.representativeName,
    establishedYear: c.establishedYear,
    capitalYen: c.capitalYen,
    employeeCount: c.employeeCount,
    description: c.description,
    logoFileId: c.logoFileId,
    logoUrl: imageUrl(c.logoFileId),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

// ------------------------------------------------------------------ basic information

export async function getCompany(db: Db, actor: UserActor, companyId: string, type: CompanyType) {
  await requireMembership(db, actor, companyId, { type });
  return toBasic((await repo.findCompany(db, companyId))!);
}

export async function updateCompany(
  db: Db,
  actor: UserActor,
  companyId: string,
  type: CompanyType,
  input: CompanyBasicInput,
) {
  await requireMembership(db, actor, companyId, { type });
  if (input.logoFileId && !(await repo.ownFileIds(db, companyId, [input.logoFileId])).has(input.logoFileId)) {
    throw invalid({ logoFileId: "ロゴ画像が見つかりません。画像をアップロードし直してください" });
  }
  return db.transaction(async (tx) => {
    const row = await repo.updateCompany(tx, companyId, {
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
    });
    if (type === "SUPPLIER") await repo.refreshSupplierSearch(tx, companyId);
    return toBasic(row);
  });
}

// ------------------------------------------------------------------ OEM information

export async function getOemInformation(db: Db, actor: UserActor, companyId: string) {
  await requireMembership(db, actor, companyId, { type: "SUPPLIER" });
  return readOemInformation(db, companyId);
}

async function readOemInformation(db: Db, companyId: string) {
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
    catchphrase: profile.catchphrase,
    strengths: profile.strengths,
    minimumLot: profile.minimumLot,
    leadTime: profile.leadTime,
    capacity: profile.capacity,
    certifications: profile.certifications,
    services: profile.services,
    priceRange: profile.priceRange,
    categories: cats.map(({ id, name }) => ({ id, name })),
    features: feats.map(({ id, name }) => ({ id, name })),
    factories,
    gallery: gallery.map((g) => ({ id: g.id, url: imageUrl(g.id)!, caption: g.caption })),
    profileCompleteness: profile.profileCompleteness,
  };
}

export async function updateOemInformation(
  db: Db,
  actor: UserActor,
  companyId: string,
  input: OemInformationInput,
) {
  await requireMembership(db, actor, companyId, { type: "SUPPLIER" });
  const categoryIds = [...new Set(input.categoryIds)];
  const featureIds = [...new Set(input.featureIds)];
  const fields: Record<string, string> = {};
  const knownCats = await repo.existingIds(db, "categories", categoryIds);
  if (categoryIds.some((id) => !knownCats.has(id))) fields.categoryIds = "存在しないカテゴリが含まれています";
  const knownFeats = await repo.existingIds(db, "features", featureIds);
  if (featureIds.some((id) => !knownFeats.has(id))) fields.featureIds = "存在しない特徴が含まれています";
  const galleryIds = [...new Set(input.gallery.map((g) => g.fileId))];
  const own = await repo.ownFileIds(db, companyId, galleryIds);
  if (galleryIds.some((id) => !own.has(id)))
    fields.gallery = "画像が見つかりません。画像をアップロードし直してください";
  if (Object.keys(fields).length) throw invalid(fields);
  await db.transaction(async (tx) => {
    await repo.replaceOemInformation(tx, companyId, {
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
    await repo.refreshSupplierSearch(tx, companyId);
  });
  return readOemInformation(db, companyId);
}

/** Shows or hides the company name on the public page and in search (ADMIN only). */
export async function setNamePublished(db: Db, actor: UserActor, companyId: string, namePublished: boolean) {
  await requireMembership(db, actor, companyId, { type: "SUPPLIER", admin: true });
  return db.transaction(async (tx) => {
    const row = await repo.updateCompany(tx, companyId, { namePublished });
    await repo.refreshSupplierSearch(tx, companyId);
    return toBasic(row);
  });
}

// ------------------------------------------------------------------ a company of the other type

/** A signed-in user adds a company of the other type; the session switches to it. */
export async function additionalRegister(
  db: Db,
  actor: UserActor,
  type: CompanyType,
  input: AdditionalRegisterInput,
): Promise<SessionUser> {
  const mine = await db
    .select({ type: companies.type })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.userId, actor.userId), eq(companies.status, "ACTIVE")));
  if (mine.some((m) => m.type === type)) {
    throw new AppError(
      "CONFLICT",
      type === "SUPPLIER"
        ? "すでにOEMメーカーとして登録済みです。ユーザーメニューから切り替えてください。"
        : "すでに発注者として登録済みです。ユーザーメニューから切り替えてください。",
    );
  }
  const company = await db.transaction(async (tx) => {
    const row = await repo.insertCompanyWithAdmin(
      tx,
      {
        type,
        name: input.name,
        nameKana: input.nameKana,
        postalCode: input.postalCode,
        prefectureId: input.prefectureId,
        address: input.address,
        phone: input.phone,
        website: input.website,
      },
      { userId: actor.userId, name: input.personName, department: input.department, phone: input.phone },
    );
    await tx
      .update(userSessions)
      .set({ activeCompanyId: row.id })
      .where(eq(userSessions.id, actor.sessionId));
    return row;
  });
  return sessionUserOf(db, actor.userId, company.id);
}

// ------------------------------------------------------------------ deactivation (退会)

/** Stores the reasons and comment given before deactivating (POST /api/reason). */
export async function recordDeactivationReasons(
  db: Db,
  actor: UserActor,
  input: { companyId: string; reasonIds: number[]; comment?: string },
) {
  const m = await requireMembership(db, actor, input.companyId, { admin: true });
  const reasonIds = [...new Set(input.reasonIds)];
  const known = await db
    .select({ id: deactivationReasons.id })
    .from(deactivationReasons)
    .where(
      and(
        inArray(deactivationReasons.id, reasonIds),
        inArray(deactivationReasons.audience, ["ALL", m.companyType]),
      ),
    );
  if (known.length !== reasonIds.length) throw invalid({ reasonIds: "選択できない退会理由が含まれています" });
  const [row] = await db
    .insert(deactivationRecords)
    .values({ companyId: input.companyId, userId: actor.userId, reasonIds, comment: input.comment ?? null })
    .returning({ id: deactivationRecords.id });
  return { id: row!.id };
}

/**
 * Deactivates a company (ADMIN): members lose access, its public page and search entry go,
 * open inquiries close, open entries are withdrawn, sessions working in it end. Nothing is deleted.
 */
export async function deactivateCompany(db: Db, actor: UserActor, companyId: string, type: CompanyType) {
  await requireMembership(db, actor, companyId, { type, admin: true });
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(companies)
      .set({ status: "DEACTIVATED", deactivatedAt: now, updatedAt: now })
      .where(eq(companies.id, companyId));
    if (type === "SUPPLIER") await withdrawEntriesOfDeactivatedCompany(tx, companyId, now);
    await closeInquiriesOfDeactivatedCompany(tx, companyId, type, now);
    await endSessionsInCompany(tx, companyId, now);
  });
}
