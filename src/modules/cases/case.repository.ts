import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { DbOrTx } from "@/server/db/client";
import { caseStudies, caseStudyImages, categories, files } from "@/server/db/schema";

const columns = {
  id: caseStudies.id,
  companyId: caseStudies.companyId,
  title: caseStudies.title,
  categoryId: caseStudies.categoryId,
  categoryName: categories.name,
  clientIndustry: caseStudies.clientIndustry,
  body: caseStudies.body,
  lotSize: caseStudies.lotSize,
  period: caseStudies.period,
  status: caseStudies.status,
  createdAt: caseStudies.createdAt,
  updatedAt: caseStudies.updatedAt,
};

export async function listCases(
  { companyId }: CompanyScope,
  db: DbOrTx,
  opts: { status?: "PUBLISHED" | "DRAFT"; limit: number; offset: number },
) {
  const where = and(
    eq(caseStudies.companyId, companyId),
    opts.status ? eq(caseStudies.status, opts.status) : undefined,
  );
  const rows = await db
    .select(columns)
    .from(caseStudies)
    .leftJoin(categories, eq(categories.id, caseStudies.categoryId))
    .where(where)
    .orderBy(asc(caseStudies.sortOrder), desc(caseStudies.createdAt))
    .limit(opts.limit)
    .offset(opts.offset);
  const [total] = await db.select({ n: count() }).from(caseStudies).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** A case of this company only; another company's case id finds nothing. */
export async function findCase({ companyId }: CompanyScope, db: DbOrTx, caseId: string) {
  const [row] = await db
    .select(columns)
    .from(caseStudies)
    .leftJoin(categories, eq(categories.id, caseStudies.categoryId))
    .where(and(eq(caseStudies.id, caseId), eq(caseStudies.companyId, companyId)))
    .limit(1);
  return row;
}

export async function imagesOf(db: DbOrTx, caseIds: string[]) {
  if (!caseIds.length) return [];
  return db
    .select({ caseStudyId: caseStudyImages.caseStudyId, id: files.id, caption: files.caption })
    .from(caseStudyImages)
    .innerJoin(files, eq(files.id, caseStudyImages.fileId))
    .where(inArray(caseStudyImages.caseStudyId, caseIds))
    .orderBy(asc(caseStudyImages.sortOrder));
}

export async function insertCase(db: DbOrTx, v: typeof caseStudies.$inferInsert) {
  const [row] = await db.insert(caseStudies).values(v).returning({ id: caseStudies.id });
  return row!.id;
}

export async function updateCase(
  { companyId }: CompanyScope,
  db: DbOrTx,
  caseId: string,
  v: Partial<typeof caseStudies.$inferInsert>,
) {
  await db
    .update(caseStudies)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(caseStudies.id, caseId), eq(caseStudies.companyId, companyId)));
}

export async function replaceImages(db: DbOrTx, caseId: string, imageIds: string[]) {
  await db.delete(caseStudyImages).where(eq(caseStudyImages.caseStudyId, caseId));
  if (imageIds.length) {
    await db
      .insert(caseStudyImages)
      .values(imageIds.map((fileId, i) => ({ caseStudyId: caseId, fileId, sortOrder: i })));
  }
}

export async function deleteCase({ companyId }: CompanyScope, db: DbOrTx, caseId: string) {
  const rows = await db
    .delete(caseStudies)
    .where(and(eq(caseStudies.id, caseId), eq(caseStudies.companyId, companyId)))
    .returning({ id: caseStudies.id });
  return rows.length > 0;
}
