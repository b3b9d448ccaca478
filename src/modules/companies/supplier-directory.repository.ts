import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import {
  caseStudies,
  caseStudyImages,
  categories,
  companies,
  companyCategories,
  companyFeatures,
  companyImages,
  features,
  files,
  memberships,
  prefectures,
  supplierFactories,
  supplierProfiles,
  users,
} from "@/server/db/schema";
import { likeEscape, termGrams } from "./search-text";

export interface SearchCriteria {
  terms: string[];
  categoryIds: number[];
  prefectureIds: number[];
  featureIds: number[];
  certificationIds: number[];
  moqMax?: number;
  capacityMin?: number;
  processIds: number[];
  quantityUnit?: string;
  sort: "recommended" | "newest" | "cases";
  limit: number;
  offset: number;
}

const publishedCaseCount = (companyId: AnyColumn) => sql<number>`(select count(*)::int from ${caseStudies}
  where ${caseStudies.companyId} = ${companyId} and ${caseStudies.status} = 'PUBLISHED')`;

/** A supplier is public once active and one of its members has verified their email address. */
export function isPublicSupplier(): SQL {
  return and(
    eq(companies.type, "SUPPLIER"),
    eq(companies.status, "ACTIVE"),
    sql`exists (select 1 from ${memberships} join ${users} on ${users.id} = ${memberships.userId}
      where ${memberships.companyId} = ${companies.id} and ${users.emailVerifiedAt} is not null)`,
  )!;
}

function whereOf(c: SearchCriteria): SQL | undefined {
  const conditions: Array<SQL | undefined> = [isPublicSupplier()];
  // Every term is a substring of the stored text (LIKE, the rule); first the GIN index on the
  // text's characters and character pairs narrows the rows to those holding all the terms' ones.
  const grams = [...new Set(c.terms.flatMap(termGrams))];
  if (grams.length) {
    conditions.push(
      sql`search_grams(${supplierProfiles.searchText}) @> array[${sql.join(
        grams.map((g) => sql`${g}`),
        sql`, `,
      )}]::text[]`,
    );
  }
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
  conditions.push(...capabilityConditions(c));
  return and(...conditions);
}

const intArray = (ids: number[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;

/**
 * The capability filters (issue 20), on the profile's columns: the GIN indexes answer the array
 * containments (verified certifications, processes), the btree ones the MOQ and capacity bounds.
 * A figure not registered never matches a bound; with a unit, only figures in that unit compare.
 */
function capabilityConditions(c: SearchCriteria): SQL[] {
  const out: SQL[] = [];
  if (c.certificationIds.length) {
    out.push(sql`${supplierProfiles.verifiedCertificationIds} @> ${intArray(c.certificationIds)}`);
  }
  if (c.processIds.length) out.push(sql`${supplierProfiles.processIds} @> ${intArray(c.processIds)}`);
  if (c.moqMax !== undefined) out.push(sql`${supplierProfiles.moqMin} <= ${c.moqMax}`);
  if (c.capacityMin !== undefined) out.push(sql`${supplierProfiles.monthlyCapacity} >= ${c.capacityMin}`);
  if (c.quantityUnit && (c.moqMax !== undefined || c.capacityMin !== undefined)) {
    out.push(eq(supplierProfiles.quantityUnit, c.quantityUnit));
  }
  return out;
}

interface SortColumns {
  id: AnyColumn;
  paymentStatus: AnyColumn;
  profileCompleteness: AnyColumn;
  updatedAt: AnyColumn;
  createdAt: AnyColumn;
  caseCount: AnyColumn | SQLWrapper;
}

function orderOf(sort: SearchCriteria["sort"], t: SortColumns): SQL[] {
  if (sort === "newest") return [desc(t.createdAt), asc(t.id)];
  if (sort === "cases") return [desc(t.caseCount), desc(t.profileCompleteness), asc(t.id)];
  return [
    sql`case when ${t.paymentStatus} = 'OEM_PAID' then 0 else 1 end`,
    desc(t.profileCompleteness),
    desc(t.updatedAt),
    asc(t.id),
  ];
}

export interface SupplierSearchRow {
  id: string;
  name: string;
  namePublished: boolean;
  paymentStatus: "OEM_FREE" | "OEM_PAID" | null;
  logoFileId: string | null;
  catchphrase: string | null;
  prefectureName: string | null;
  caseCount: number;
  categories: Array<{ id: number; name: string }>;
  features: Array<{ id: number; name: string }>;
  imageFileId: string | null;
  verifiedCertificationIds: number[];
  quantityUnit: string | null;
  moqMin: number | null;
  monthlyCapacity: number | null;
}

const parsedJson = <T>(v: T | string): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);

/**
 * One page of the search and the number of matches, in one statement: the matches are ranked
 * (counting them on the way: the sort reads them all anyway), then the page's cards are filled in.
 */
export async function searchSuppliers(
  db: DbOrTx,
  c: SearchCriteria,
): Promise<{ rows: SupplierSearchRow[]; total: number }> {
  const where = whereOf(c);
  const page = db
    .select({
      id: companies.id,
      name: companies.name,
      namePublished: companies.namePublished,
      paymentStatus: companies.paymentStatus,
      logoFileId: companies.logoFileId,
      prefectureId: companies.prefectureId,
      createdAt: companies.createdAt,
      updatedAt: companies.updatedAt,
      catchphrase: supplierProfiles.catchphrase,
      profileCompleteness: supplierProfiles.profileCompleteness,
      verifiedCertificationIds: supplierProfiles.verifiedCertificationIds,
      quantityUnit: supplierProfiles.quantityUnit,
      moqMin: supplierProfiles.moqMin,
      monthlyCapacity: supplierProfiles.monthlyCapacity,
      sortCases: (c.sort === "cases" ? publishedCaseCount(companies.id) : sql<number>`0`).as("sort_cases"),
      total: sql<number>`count(*) over ()`.as("total"),
    })
    .from(companies)
    .innerJoin(supplierProfiles, eq(supplierProfiles.companyId, companies.id))
    .where(where)
    .orderBy(
      ...orderOf(c.sort, {
        id: companies.id,
        paymentStatus: companies.paymentStatus,
        profileCompleteness: supplierProfiles.profileCompleteness,
        updatedAt: companies.updatedAt,
        createdAt: companies.createdAt,
        caseCount: publishedCaseCount(companies.id),
      }),
    )
    .limit(c.limit)
    .offset(c.offset)
    .as("page");
  const found = await db
    .select({
      id: page.id,
      name: page.name,
      namePublished: page.namePublished,
      paymentStatus: page.paymentStatus,
      logoFileId: page.logoFileId,
      catchphrase: page.catchphrase,
      verifiedCertificationIds: page.verifiedCertificationIds,
      quantityUnit: page.quantityUnit,
      moqMin: page.moqMin,
      monthlyCapacity: page.monthlyCapacity,
      prefectureName: prefectures.name,
      total: page.total,
      caseCount: publishedCaseCount(page.id),
      categories: sql<SupplierSearchRow["categories"] | string>`(select coalesce(json_agg(json_build_object(
          'id', ${categories.id}, 'name', ${categories.name}) order by ${categories.sortOrder}, ${categories.id}), '[]'::json)
        from ${companyCategories} join ${categories} on ${categories.id} = ${companyCategories.categoryId}
        where ${companyCategories.companyId} = ${page.id})`,
      features: sql<SupplierSearchRow["features"] | string>`(select coalesce(json_agg(json_build_object(
          'id', ${features.id}, 'name', ${features.name}) order by ${features.sortOrder}, ${features.id}), '[]'::json)
        from ${companyFeatures} join ${features} on ${features.id} = ${companyFeatures.featureId}
        where ${companyFeatures.companyId} = ${page.id})`,
      imageFileId: sql<string | null>`(select ${companyImages.fileId} from ${companyImages}
        where ${companyImages.companyId} = ${page.id}
        order by ${companyImages.sortOrder}, ${companyImages.fileId} limit 1)`,
    })
    .from(page)
    // The join also makes Drizzle qualify every column, which the subqueries need.
    .leftJoin(prefectures, eq(prefectures.id, page.prefectureId))
    .orderBy(
      ...orderOf(c.sort, {
        id: page.id,
        paymentStatus: page.paymentStatus,
        profileCompleteness: page.profileCompleteness,
        updatedAt: page.updatedAt,
        createdAt: page.createdAt,
        caseCount: page.sortCases,
      }),
    );
  // Past the last page there is no row to carry the total.
  const total =
    found[0]?.total ??
    (c.offset > 0
      ? ((
          await db
            .select({ n: count() })
            .from(companies)
            .innerJoin(supplierProfiles, eq(supplierProfiles.companyId, companies.id))
            .where(where)
        )[0]?.n ?? 0)
      : 0);
  return {
    rows: found.map(({ total: _, ...r }) => ({
      ...r,
      caseCount: Number(r.caseCount),
      categories: parsedJson(r.categories),
      features: parsedJson(r.features),
    })),
    total: Number(total),
  };
}

/** A public supplier with its OEM profile; undefined when missing, deactivated or not yet verified. */
export async function findPublicSupplier(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({ company: companies, profile: supplierProfiles, prefectureName: prefectures.name })
    .from(companies)
    .innerJoin(supplierProfiles, eq(supplierProfiles.companyId, companies.id))
    .leftJoin(prefectures, eq(prefectures.id, companies.prefectureId))
    .where(and(eq(companies.id, companyId), isPublicSupplier()))
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
