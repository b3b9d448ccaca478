import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import {
  caseStudies,
  caseStudyImages,
  categories,
  companies,
  companyCategories,
  companyFeatures,
  files,
  pageViews,
  prefectures,
  supplierFactories,
  supplierProfiles,
} from "@/server/db/schema";
import { likeEscape } from "./search-text";

export interface SearchCriteria {
  terms: string[];
  categoryIds: number[];
  prefectureIds: number[];
  featureIds: number[];
  sort: "recommended" | "newest" | "cases";
  limit: number;
  offset: number;
}

const publishedCases = sql<number>`(select count(*)::int from ${caseStudies}
  where ${caseStudies.companyId} = ${companies.id} and ${caseStudies.status} = 'PUBLISHED')`;

function whereOf(c: SearchCriteria): SQL | undefined {
  const conditions: Array<SQL | undefined> = [eq(companies.type, "SUPPLIER"), eq(companies.status, "ACTIVE")];
  for (const term of c.terms) {
    conditions.push(sql`${supplierProfiles.searchText} like ${`%${likeEscape(term)}%`} escape '\\'`);
  }
  if (c.categoryIds.length) {
    conditions.push(
      sql`exists (select 1 from ${companyCategories} where ${companyCategories.companyId} = ${companies.id}
        and ${inArray(companyCategories.categoryId, c.categoryIds)})`,
    );
  }
  // Every selected feature must be offered.
  for (const featureId of c.featureIds) {
    conditions.push(
      sql`exists (select 1 from ${companyFeatures} where ${companyFeatures.companyId} = ${companies.id}
        and ${companyFeatures.featureId} = ${featureId})`,
    );
  }
  // A prefecture matches the head office or any factory.
  if (c.prefectureIds.length) {
    conditions.push(
      sql`(${inArray(companies.prefectureId, c.prefectureIds)} or exists (select 1 from ${supplierFactories}
        where ${supplierFactories.companyId} = ${companies.id} and ${inArray(supplierFactories.prefectureId, c.prefectureIds)}))`,
    );
  }
  return and(...conditions);
}

export async function searchSuppliers(db: DbOrTx, c: SearchCriteria) {
  const where = whereOf(c);
  const order =
    c.sort === "newest"
      ? [desc(companies.createdAt), asc(companies.id)]
      : c.sort === "cases"
        ? [desc(publishedCases), desc(supplierProfiles.profileCompleteness), asc(companies.id)]
        : [
            sql`case when ${companies.paymentStatus} = 'OEM_PAID' then 0 else 1 end`,
            desc(supplierProfiles.profileCompleteness),
            desc(companies.updatedAt),
            asc(companies.id),
          ];
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      namePublished: companies.namePublished,
      paymentStatus: companies.paymentStatus,
      logoFileId: companies.logoFileId,
      catchphrase: supplierProfiles.catchphrase,
      prefectureName: prefectures.name,
    })
    .from(companies)
    .innerJoin(supplierProfiles, eq(supplierProfiles.companyId, companies.id))
    .leftJoin(prefectures, eq(prefectures.id, companies.prefectureId))
    .where(where)
    .orderBy(...order)
    .limit(c.limit)
    .offset(c.offset);
  const [total] = await db
    .select({ n: count() })
    .from(companies)
    .innerJoin(supplierProfiles, eq(supplierProfiles.companyId, companies.id))
    .where(where);
  // Case counts for the page only, in one grouped query.
  const counts = rows.length
    ? await db
        .select({ companyId: caseStudies.companyId, n: count() })
        .from(caseStudies)
        .where(
          and(
            inArray(
              caseStudies.companyId,
              rows.map((r) => r.id),
            ),
            eq(caseStudies.status, "PUBLISHED"),
          ),
        )
        .groupBy(caseStudies.companyId)
    : [];
  const byCompany = new Map(counts.map((c) => [c.companyId, Number(c.n)]));
  return {
    rows: rows.map((r) => ({ ...r, caseCount: byCompany.get(r.id) ?? 0 })),
    total: Number(total?.n ?? 0),
  };
}

/** An active supplier with its OEM profile; undefined when missing or deactivated. */
export async function findPublicSupplier(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({ company: companies, profile: supplierProfiles, prefectureName: prefectures.name })
    .from(companies)
    .innerJoin(supplierProfiles, eq(supplierProfiles.companyId, companies.id))
    .leftJoin(prefectures, eq(prefectures.id, companies.prefectureId))
    .where(and(eq(companies.id, companyId), eq(companies.type, "SUPPLIER"), eq(companies.status, "ACTIVE")))
    .limit(1);
  return row;
}

export async function publishedCasesOf(db: DbOrTx, companyId: string) {
  const cases = await db
    .select({
      id: caseStudies.id,
      title: caseStudies.title,
      categoryName: categories.name,
      clientIndustry: caseStudies.clientIndustry,
      body: caseStudies.body,
      lotSize: caseStudies.lotSize,
      period: caseStudies.period,
    })
    .from(caseStudies)
    .leftJoin(categories, eq(categories.id, caseStudies.categoryId))
    .where(and(eq(caseStudies.companyId, companyId), eq(caseStudies.status, "PUBLISHED")))
    .orderBy(asc(caseStudies.sortOrder), desc(caseStudies.createdAt));
  const images = cases.length
    ? await db
        .select({ caseStudyId: caseStudyImages.caseStudyId, id: files.id, caption: files.caption })
        .from(caseStudyImages)
        .innerJoin(files, eq(files.id, caseStudyImages.fileId))
        .where(
          inArray(
            caseStudyImages.caseStudyId,
            cases.map((c) => c.id),
          ),
        )
        .orderBy(asc(caseStudyImages.sortOrder))
    : [];
  return { cases, images };
}

/** One more view of a company's public page today (Japan time). */
export async function countPageView(db: DbOrTx, companyId: string): Promise<void> {
  await db
    .insert(pageViews)
    .values({ companyId, day: sql`(now() at time zone 'Asia/Tokyo')::date`, count: 1 })
    .onConflictDoUpdate({
      target: [pageViews.companyId, pageViews.day],
      set: { count: sql`${pageViews.count} + 1` },
    });
}
