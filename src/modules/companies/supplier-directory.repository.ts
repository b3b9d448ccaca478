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
import type { Db, DbOrTx } from "@/server/db/client";
import { withCompiledRows } from "@/server/db/compiled-rows";
import { perDatabase } from "@/server/db/per-database";
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
  prefectures,
  supplierFactories,
  supplierProfiles,
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

/** What a search asks for and its order, without the page. */
export type SearchConditions = Omit<SearchCriteria, "limit" | "offset">;

const publishedCaseCount = (companyId: AnyColumn) => sql<number>`(select count(*)::int from ${caseStudies}
  where ${caseStudies.companyId} = ${companyId} and ${caseStudies.status} = 'PUBLISHED')`;

/**
 * A supplier is public once active and one of its members has verified their email address: the
 * profile's `listed`, kept by triggers on companies, memberships and users (decision 0026). Every
 * query using it reads supplier_profiles.
 */
export function isPublicSupplier(): SQL {
  return sql`${supplierProfiles.listed}`;
}

/** The search's conditions, on supplier_profiles (a page's matches are read from it alone). */
function whereOf(c: SearchConditions): SQL | undefined {
  const conditions: Array<SQL | undefined> = [isPublicSupplier()];
  const company = supplierProfiles.companyId;
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
      sql`exists (select 1 from ${companyCategories} where ${companyCategories.companyId} = ${company}
        and ${inArray(companyCategories.categoryId, c.categoryIds)})`,
    );
  }
  // Every selected feature must be offered.
  for (const featureId of c.featureIds) {
    conditions.push(
      sql`exists (select 1 from ${companyFeatures} where ${companyFeatures.companyId} = ${company}
        and ${companyFeatures.featureId} = ${featureId})`,
    );
  }
  // A prefecture matches the head office or any factory.
  if (c.prefectureIds.length) {
    conditions.push(
      sql`(exists (select 1 from ${companies} where ${companies.id} = ${company}
          and ${inArray(companies.prefectureId, c.prefectureIds)})
        or exists (select 1 from ${supplierFactories} where ${supplierFactories.companyId} = ${company}
          and ${inArray(supplierFactories.prefectureId, c.prefectureIds)}))`,
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
function capabilityConditions(c: SearchConditions): SQL[] {
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
  paid: AnyColumn;
  profileCompleteness: AnyColumn;
  updatedAt: AnyColumn;
  createdAt: AnyColumn;
  caseCount: AnyColumn | SQLWrapper;
}

/** The orders; on the profile's columns, the recommended and newest ones follow an index. */
function orderOf(sort: SearchCriteria["sort"], t: SortColumns): SQL[] {
  if (sort === "newest") return [desc(t.createdAt), asc(t.id)];
  if (sort === "cases") return [desc(t.caseCount), desc(t.profileCompleteness), asc(t.id)];
  return [desc(t.paid), desc(t.profileCompleteness), desc(t.updatedAt), asc(t.id)];
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
  /** For the 特徴 tags it may contradict (public-claims.ts). */
  smallLotAccepted: boolean | null;
}

const parsedJson = <T>(v: T | string): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);

/** What a card shows of the company (`companies` in the statement) and of its profile (`profile`). */
function cardColumns(profile: {
  catchphrase: AnyColumn;
  verifiedCertificationIds: AnyColumn;
  quantityUnit: AnyColumn;
  moqMin: AnyColumn;
  monthlyCapacity: AnyColumn;
  smallLotAccepted: AnyColumn;
}) {
  return {
    id: companies.id,
    name: companies.name,
    namePublished: companies.namePublished,
    paymentStatus: companies.paymentStatus,
    logoFileId: companies.logoFileId,
    catchphrase: sql<string | null>`${profile.catchphrase}`,
    verifiedCertificationIds: sql<number[]>`${profile.verifiedCertificationIds}`,
    quantityUnit: sql<string | null>`${profile.quantityUnit}`,
    moqMin: sql<number | null>`${profile.moqMin}`,
    monthlyCapacity: sql<number | null>`${profile.monthlyCapacity}`,
    smallLotAccepted: sql<boolean | null>`${profile.smallLotAccepted}`,
    prefectureName: prefectures.name,
    caseCount: publishedCaseCount(companies.id),
    categories: sql<SupplierSearchRow["categories"] | string>`(select coalesce(json_agg(json_build_object(
        'id', ${categories.id}, 'name', ${categories.name}) order by ${categories.sortOrder}, ${categories.id}), '[]'::json)
      from ${companyCategories} join ${categories} on ${categories.id} = ${companyCategories.categoryId}
      where ${companyCategories.companyId} = ${companies.id})`,
    features: sql<SupplierSearchRow["features"] | string>`(select coalesce(json_agg(json_build_object(
        'id', ${features.id}, 'name', ${features.name}) order by ${features.sortOrder}, ${features.id}), '[]'::json)
      from ${companyFeatures} join ${features} on ${features.id} = ${companyFeatures.featureId}
      where ${companyFeatures.companyId} = ${companies.id})`,
    imageFileId: sql<string | null>`(select ${companyImages.fileId} from ${companyImages}
      where ${companyImages.companyId} = ${companies.id}
      order by ${companyImages.sortOrder}, ${companyImages.fileId} limit 1)`,
  };
}

type CardRow = Omit<SupplierSearchRow, "caseCount" | "categories" | "features"> & {
  caseCount: number | string;
  categories: SupplierSearchRow["categories"] | string;
  features: SupplierSearchRow["features"] | string;
};

const toSearchRow = (r: CardRow): SupplierSearchRow => ({
  ...r,
  caseCount: Number(r.caseCount),
  categories: parsedJson(r.categories),
  features: parsedJson(r.features),
});

const sortColumnsOf = (p: typeof supplierProfiles): SortColumns => ({
  id: p.companyId,
  paid: p.paid,
  profileCompleteness: p.profileCompleteness,
  updatedAt: p.companyUpdatedAt,
  createdAt: p.companyCreatedAt,
  caseCount: publishedCaseCount(p.companyId),
});

/**
 * The order of the matches (the first `size` ids) and their number, in one statement on
 * supplier_profiles alone (its listing columns, decision 0026): a ranking the search keeps.
 */
export async function rankSuppliers(
  db: DbOrTx,
  c: SearchConditions,
  size: number,
): Promise<{ ids: string[]; total: number }> {
  const p = supplierProfiles;
  const rows = await db
    .select({ id: p.companyId, total: sql<number>`count(*) over ()` })
    .from(p)
    .where(whereOf(c))
    .orderBy(...orderOf(c.sort, sortColumnsOf(p)))
    .limit(size);
  return { ids: rows.map((r) => r.id), total: Number(rows[0]?.total ?? 0) };
}

// The cards of a page of a kept ranking, still public (a prepared statement).
const cardsByIdsStatement = perDatabase((db) =>
  withCompiledRows(
    db
      .select(cardColumns(supplierProfiles))
      .from(companies)
      .innerJoin(supplierProfiles, eq(supplierProfiles.companyId, companies.id))
      .leftJoin(prefectures, eq(prefectures.id, companies.prefectureId))
      .where(and(sql`${companies.id} = any(${sql.placeholder("ids")}::uuid[])`, isPublicSupplier()))
      .prepare("supplier_cards_by_ids"),
  ),
);

/** These suppliers' cards, in the order of `ids`; one no longer public is left out. */
export async function supplierCardsByIds(db: Db, ids: string[]): Promise<SupplierSearchRow[]> {
  if (!ids.length) return [];
  const found = new Map((await cardsByIdsStatement(db).execute({ ids })).map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = found.get(id);
    return row ? [toSearchRow(row)] : [];
  });
}

/**
 * One page of the search and the number of matches, in one statement: the pages a kept ranking
 * does not reach. The page's matches are ranked on supplier_profiles alone, then their cards are
 * filled in; the number is a subquery of the same conditions.
 */
export async function searchSuppliers(
  db: DbOrTx,
  c: SearchCriteria,
): Promise<{ rows: SupplierSearchRow[]; total: number }> {
  const where = whereOf(c);
  const p = supplierProfiles;
  const matches = db.select({ n: count() }).from(p).where(where);
  const page = db
    .select({
      companyId: p.companyId,
      paid: p.paid,
      companyCreatedAt: p.companyCreatedAt,
      companyUpdatedAt: p.companyUpdatedAt,
      catchphrase: p.catchphrase,
      profileCompleteness: p.profileCompleteness,
      verifiedCertificationIds: p.verifiedCertificationIds,
      quantityUnit: p.quantityUnit,
      moqMin: p.moqMin,
      monthlyCapacity: p.monthlyCapacity,
      smallLotAccepted: p.smallLotAccepted,
      sortCases: (c.sort === "cases" ? publishedCaseCount(p.companyId) : sql<number>`0`).as("sort_cases"),
    })
    .from(p)
    .where(where)
    .orderBy(...orderOf(c.sort, sortColumnsOf(p)))
    .limit(c.limit)
    .offset(c.offset)
    .as("page");
  const found = await db
    .select({ ...cardColumns(page), total: sql<number>`(${matches})` })
    .from(page)
    .innerJoin(companies, eq(companies.id, page.companyId))
    .leftJoin(prefectures, eq(prefectures.id, companies.prefectureId))
    .orderBy(
      ...orderOf(c.sort, {
        id: page.companyId,
        paid: page.paid,
        profileCompleteness: page.profileCompleteness,
        updatedAt: page.companyUpdatedAt,
        createdAt: page.companyCreatedAt,
        caseCount: page.sortCases,
      }),
    );
  // Past the last page there is no row to carry the total.
  const total = found[0]?.total ?? (c.offset > 0 ? ((await matches)[0]?.n ?? 0) : 0);
  return { rows: found.map(({ total: _, ...r }) => toSearchRow(r)), total: Number(total) };
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

/** Whether the company is a listed (public) supplier: one primary-key read of supplier_profiles. */
export async function isListedSupplier(db: DbOrTx, companyId: string): Promise<boolean> {
  const [row] = await db
    .select({ listed: supplierProfiles.listed })
    .from(supplierProfiles)
    .where(and(eq(supplierProfiles.companyId, companyId), isPublicSupplier()))
    .limit(1);
  return Boolean(row);
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
