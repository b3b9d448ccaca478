import { offsetOf, type Pagination } from "@/lib/pagination";
import { existingIds, ownImageIds, refreshSupplierSearch } from "@/modules/companies/company.service";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db, DbOrTx } from "@/server/db/client";
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

async function validateRefs(scope: CompanyScope, db: Db, input: CaseInput) {
  const fields: Record<string, string> = {};
  if (input.categoryId && !(await existingIds(db, "categories", [input.categoryId])).has(input.categoryId)) {
    fields.categoryId = "存在しないカテゴリです";
  }
  const own = await ownImageIds(scope, db, input.imageIds);
  if (input.imageIds.some((id) => !own.has(id)))
    fields.imageIds = "画像が見つかりません。画像をアップロードし直してください";
  if (Object.keys(fields).length) throw invalid(fields);
}

export async function listCases(
  scope: CompanyScope,
  db: Db,
  q: Pagination & { status?: "PUBLISHED" | "DRAFT" },
) {
  const { rows, total } = await repo.listCases(scope, db, {
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

export async function getCase(scope: CompanyScope, db: Db, caseId: string) {
  const row = await repo.findCase(scope, db, caseId);
  if (!row) throw notFound(CASE_NOT_FOUND);
  return toDto(row, await repo.imagesOf(db, [caseId]));
}

/** The case's own columns from the form (absent optional fields are stored as null). */
function caseValues(input: CaseInput) {
  return {
    title: input.title,
    categoryId: input.categoryId ?? null,
    clientIndustry: input.clientIndustry ?? null,
    body: input.body,
    lotSize: input.lotSize ?? null,
    period: input.period ?? null,
    status: input.status,
  };
}

/** After a case is written: its images are the form's (once each), and the supplier search sees it. */
async function afterCaseWrite(scope: CompanyScope, tx: DbOrTx, caseId: string, input: CaseInput) {
  await repo.replaceImages(tx, caseId, [...new Set(input.imageIds)]);
  await refreshSupplierSearch(scope, tx);
}

export async function createCase(scope: CompanyScope, db: Db, input: CaseInput) {
  await validateRefs(scope, db, input);
  const id = await db.transaction(async (tx) => {
    const caseId = await repo.insertCase(tx, { companyId: scope.companyId, ...caseValues(input) });
    await afterCaseWrite(scope, tx, caseId, input);
    return caseId;
  });
  return getCase(scope, db, id);
}

export async function updateCase(scope: CompanyScope, db: Db, caseId: string, input: CaseInput) {
  if (!(await repo.findCase(scope, db, caseId))) throw notFound(CASE_NOT_FOUND);
  await validateRefs(scope, db, input);
  await db.transaction(async (tx) => {
    await repo.updateCase(scope, tx, caseId, caseValues(input));
    await afterCaseWrite(scope, tx, caseId, input);
  });
  return getCase(scope, db, caseId);
}

export async function deleteCase(scope: CompanyScope, db: Db, caseId: string) {
  await db.transaction(async (tx) => {
    if (!(await repo.deleteCase(scope, tx, caseId))) throw notFound(CASE_NOT_FOUND);
    await refreshSupplierSearch(scope, tx);
  });
}
