import type { UserActor } from "@/lib/actor";
import { offsetOf, type Pagination } from "@/lib/pagination";
import { existingIds, ownFileIds, refreshSupplierSearch } from "@/modules/companies/companies.repository";
import { requireMembership } from "@/modules/companies/company-access";
import type { Db } from "@/server/db/client";
import { invalid, notFound } from "@/server/http/errors";
import * as repo from "./case.repository";
import type { CaseInput, CaseStudy } from "./case.schema";

// Case studies (事例) of a supplier: any member may manage them; drafts stay off the public page.
const CASE_NOT_FOUND = "事例が見つかりませんでした。";

type Row = NonNullable<Awaited<ReturnType<typeof repo.findCase>>>;
type Image = Awaited<ReturnType<typeof repo.imagesOf>>[number];

function toDto(row: Row, images: Image[]): CaseStudy {
  return {
    ...row,
    images: images
      .filter((i) => i.caseStudyId === row.id)
      .map((i) => ({ id: i.id, url: `/api/image/${i.id}`, caption: i.caption })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function validateRefs(db: Db, companyId: string, input: CaseInput) {
  const fields: Record<string, string> = {};
  if (input.categoryId && !(await existingIds(db, "categories", [input.categoryId])).has(input.categoryId)) {
    fields.categoryId = "存在しないカテゴリです";
  }
  const own = await ownFileIds(db, companyId, input.imageIds);
  if (input.imageIds.some((id) => !own.has(id)))
    fields.imageIds = "画像が見つかりません。画像をアップロードし直してください";
  if (Object.keys(fields).length) throw invalid(fields);
}

export async function listCases(
  db: Db,
  actor: UserActor,
  companyId: string,
  q: Pagination & { status?: "PUBLISHED" | "DRAFT" },
) {
  await requireMembership(db, actor, companyId, { type: "SUPPLIER" });
  const { rows, total } = await repo.listCases(db, companyId, {
    status: q.status,
    limit: q.perPage,
    offset: offsetOf(q),
  });
  const images = await repo.imagesOf(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => toDto(r, images)), page: q.page, perPage: q.perPage, total };
}

export async function getCase(db: Db, actor: UserActor, companyId: string, caseId: string) {
  await requireMembership(db, actor, companyId, { type: "SUPPLIER" });
  const row = await repo.findCase(db, companyId, caseId);
  if (!row) throw notFound(CASE_NOT_FOUND);
  return toDto(row, await repo.imagesOf(db, [caseId]));
}

export async function createCase(db: Db, actor: UserActor, companyId: string, input: CaseInput) {
  await requireMembership(db, actor, companyId, { type: "SUPPLIER" });
  await validateRefs(db, companyId, input);
  const id = await db.transaction(async (tx) => {
    const caseId = await repo.insertCase(tx, {
      companyId,
      title: input.title,
      categoryId: input.categoryId ?? null,
      clientIndustry: input.clientIndustry ?? null,
      body: input.body,
      lotSize: input.lotSize ?? null,
      period: input.period ?? null,
      status: input.status,
    });
    await repo.replaceImages(tx, caseId, [...new Set(input.imageIds)]);
    await refreshSupplierSearch(tx, companyId);
    return caseId;
  });
  return getCase(db, actor, companyId, id);
}

export async function updateCase(
  db: Db,
  actor: UserActor,
  companyId: string,
  caseId: string,
  input: CaseInput,
) {
  await requireMembership(db, actor, companyId, { type: "SUPPLIER" });
  if (!(await repo.findCase(db, companyId, caseId))) throw notFound(CASE_NOT_FOUND);
  await validateRefs(db, companyId, input);
  await db.transaction(async (tx) => {
    await repo.updateCase(tx, companyId, caseId, {
      title: input.title,
      categoryId: input.categoryId ?? null,
      clientIndustry: input.clientIndustry ?? null,
      body: input.body,
      lotSize: input.lotSize ?? null,
      period: input.period ?? null,
      status: input.status,
    });
    await repo.replaceImages(tx, caseId, [...new Set(input.imageIds)]);
    await refreshSupplierSearch(tx, companyId);
  });
  return getCase(db, actor, companyId, caseId);
}

export async function deleteCase(db: Db, actor: UserActor, companyId: string, caseId: string) {
  await requireMembership(db, actor, companyId, { type: "SUPPLIER" });
  await db.transaction(async (tx) => {
    if (!(await repo.deleteCase(tx, companyId, caseId))) throw notFound(CASE_NOT_FOUND);
    await refreshSupplierSearch(tx, companyId);
  });
}
