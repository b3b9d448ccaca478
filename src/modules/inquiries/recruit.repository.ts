import { and, desc, eq, gte, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/server/db/client";
import { withCompiledRows } from "@/server/db/compiled-rows";
import { perDatabase } from "@/server/db/per-database";
import { categories, inquiries, inquiryPrefectures } from "@/server/db/schema";
import {
  type CapabilityValues,
  capabilityParams,
  fitRawScoreSql,
  fitsSql,
  inCategorySql,
  inquiryNeeds,
  roundedScoreSql,
} from "./fit-sql.repository";
import { type ExtraColumn, parsedJson, perInquiry, summaryColumns } from "./inquiry.repository";

// The public recruits (open bulk inquiries whose deadline has not passed), newest first or by their
// fit with one supplier's capabilities (issue 20), optionally only those it fits: one statement
// for the page, its rows' details and the total.

const { categoryName: _categoryName, ...summaryOnInquiries } = summaryColumns;
/** The row's requirements, for the fit and its reasons (fitOf in the service). */
const requirementColumns = {
  lotQuantity: inquiries.lotQuantity,
  monthlyQuantity: inquiries.monthlyQuantity,
  quantityUnit: inquiries.quantityUnit,
  requiredCertificationIds: inquiries.requiredCertificationIds,
  processIds: inquiries.processIds,
  materialIds: inquiries.materialIds,
  sampleWanted: inquiries.sampleWanted,
};
const listColumns = { ...summaryOnInquiries, ...requirementColumns };
type ListKey = keyof typeof listColumns;

export interface RecruitFilters {
  today: string;
  categoryId?: number;
  prefectureId?: number;
  limit: number;
  offset: number;
  /** Newest first counts at most cap + 1 rows (decision 0020); by fit every candidate is scored anyway. */
  countCap: number;
  sort?: "newest" | "fit";
  /** Only the recruits whose hard rules the supplier meets (fitOf's `fits`). */
  fitOnly?: boolean;
  /** The supplier's capabilities; needed for sort "fit" and fitOnly. */
  capabilities?: CapabilityValues;
}

/** The list's columns of a subquery that selected them. */
function columnsOf<P extends { [K in ListKey]: unknown }>(page: P) {
  return Object.fromEntries(Object.keys(listColumns).map((k) => [k, page[k as ListKey]])) as {
    [K in ListKey]: P[K];
  };
}

/** The filters of the list; `today` may be a prepared statement's placeholder. */
type WhereFilters = Pick<
  RecruitFilters,
  "categoryId" | "prefectureId" | "sort" | "fitOnly" | "capabilities"
> & {
  today: string | Placeholder;
};

function recruitsWhere(f: WhereFilters): SQL {
  if ((f.sort === "fit" || f.fitOnly) && !f.capabilities) {
    throw new Error("the fit of the recruits needs the supplier's capabilities");
  }
  return and(
    eq(inquiries.type, "BULK"),
    eq(inquiries.status, "OPEN"),
    or(sql`${inquiries.entryDeadline} is null`, gte(inquiries.entryDeadline, f.today)),
    f.categoryId ? eq(inquiries.categoryId, f.categoryId) : undefined,
    f.prefectureId
      ? sql`exists (select 1 from ${inquiryPrefectures} where ${inquiryPrefectures.inquiryId} = ${inquiries.id}
          and ${inquiryPrefectures.prefectureId} = ${f.prefectureId})`
      : undefined,
    // Fitting needs the category too (the gate, issue 33), then the hard rules.
    f.fitOnly ? inCategorySql(inquiryNeeds(), capabilityParams(f.capabilities!)) : undefined,
    f.fitOnly ? fitsSql(inquiryNeeds(), capabilityParams(f.capabilities!)) : undefined,
  )!;
}

/**
 * One page of the public recruits and the total. Newest first, the page is read along the index
 * and the total counts up to `countCap` + 1; by fit, every candidate is scored (its fit score in
 * `fitScore`, equal to fitOf's), ranked best first then newest, and counted on the way.
 */
export async function listPublicRecruits(db: DbOrTx, f: RecruitFilters) {
  const where = recruitsWhere(f);
  const byFit = f.sort === "fit";
  const capped = sql<number>`(select count(*)::int from (select 1 from ${inquiries} where ${where}
    limit ${f.countCap + 1}) capped)`;
  const newest = () =>
    db
      .select({
        ...listColumns,
        fitScore: sql<number | null>`null::int`.as("fit_score"),
        total: capped.as("total"),
      })
      .from(inquiries)
      .where(where)
      .orderBy(desc(inquiries.publishedAt), desc(inquiries.id))
      .limit(f.limit)
      .offset(f.offset)
      .as("page");
  // The same columns either way (only the source table's name differs in their types).
  const page = byFit ? (pageByFit(db, where, f) as unknown as ReturnType<typeof newest>) : newest();
  const pageColumns = columnsOf(page);
  const order = [...(byFit ? [desc(page.fitScore)] : []), desc(page.publishedAt), desc(page.id)];
  const found = await db
    .select({
      ...pageColumns,
      categoryName: categories.name,
      ...perInquiry(page.id),
      fitScore: page.fitScore,
      total: page.total,
    })
    .from(page)
    // A join also makes Drizzle qualify every column, which the subqueries need.
    .innerJoin(categories, eq(categories.id, page.categoryId))
    .orderBy(...order);
  // Past the last page there is no row to carry the total.
  const total =
    found[0]?.total ??
    (f.offset > 0 ? ((await db.execute<{ n: number }>(sql`select ${capped} as n`)).rows[0]?.n ?? 0) : 0);
  const rows = found.map(({ total: _, ...r }) => ({ ...r, prefectures: parsedJson(r.prefectures) }));
  return { rows, total: Number(total) };
}

/**
 * The candidates scored and ranked: every candidate's unrounded score and the count on the narrow
 * rows (id, date) — the window function also keeps the planner from copying the score's expression
 * into the rounding — then the best `limit` rows from `offset`: id, rounded score, count.
 */
function bestByFit(
  db: DbOrTx,
  where: SQL,
  f: Pick<RecruitFilters, "capabilities">,
  limit: number,
  offset: number,
) {
  const raw = fitRawScoreSql(inquiryNeeds(), capabilityParams(f.capabilities!));
  const inCategory = inCategorySql(inquiryNeeds(), capabilityParams(f.capabilities!));
  const scored = db
    .select({
      id: inquiries.id,
      publishedAt: inquiries.publishedAt,
      inCategory: sql<boolean>`${inCategory}`.as("in_category"),
      fitRaw: sql<number>`${raw}`.as("fit_raw"),
      total: sql<number>`count(*) over ()`.as("total"),
    })
    .from(inquiries)
    // Joined for Drizzle to qualify the columns inside the score's subqueries.
    .innerJoin(categories, eq(categories.id, inquiries.categoryId))
    .where(where)
    .as("scored");
  const fitScore = roundedScoreSql(scored.fitRaw);
  return (
    db
      .select({ id: scored.id, fitScore: sql<number>`${fitScore}`.as("fit_score"), total: scored.total })
      .from(scored)
      // Every recruit of the supplier's categories before any other (compareFits), then the score.
      .orderBy(desc(scored.inCategory), desc(fitScore), desc(scored.publishedAt), desc(scored.id))
      .limit(limit)
      .offset(offset)
  );
}

/** The page by fit: its best rows, then their columns. */
function pageByFit(db: DbOrTx, where: SQL, f: RecruitFilters) {
  const best = bestByFit(db, where, f, f.limit, f.offset).as("best");
  return db
    .select({
      ...listColumns,
      fitScore: sql<number | null>`${best.fitScore}`.as("fit_score"),
      total: best.total,
    })
    .from(best)
    .innerJoin(inquiries, eq(inquiries.id, best.id))
    .as("page");
}

/**
 * A ranking of the recruits (kept per process by recruit-ranking.ts): the first `size` ids in the
 * list's order, and how many there are — by fit, all the candidates (every one is scored anyway);
 * newest first, at most `size` + 1 (read along the index: a count above `size` means "more").
 */
export async function rankRecruits(
  db: DbOrTx,
  f: Omit<WhereFilters, "sort"> & { sort: "newest" | "fit" },
  size: number,
): Promise<{ ids: string[]; count: number }> {
  const where = recruitsWhere(f);
  if (f.sort === "fit") {
    const rows = await bestByFit(db, where, f, size, 0);
    return { ids: rows.map((r) => r.id), count: Number(rows[0]?.total ?? 0) };
  }
  const rows = await db
    .select({ id: inquiries.id })
    .from(inquiries)
    .where(where)
    .orderBy(desc(inquiries.publishedAt), desc(inquiries.id))
    .limit(size + 1);
  return { ids: rows.slice(0, size).map((r) => r.id), count: rows.length };
}

export type { ExtraColumn };

const NO_EXTRA: ExtraColumn = { key: "none", column: () => sql`null` };

/**
 * The rows of a page of a ranking, with the list's columns and `extra`: one statement, prepared
 * once per database and extra (every view of the recruit list runs it). Only those still open are
 * read; the caller orders them as its ranking does.
 */
function recruitsByIdsStatement(db: Db, extra: ExtraColumn) {
  const page = db
    .select({
      ...listColumns,
      buyerCompanyId: inquiries.buyerCompanyId,
      fitScore: sql<number | null>`null::int`.as("fit_score"),
    })
    .from(inquiries)
    .where(
      and(
        sql`${inquiries.id} = any(${sql.placeholder("ids")}::uuid[])`,
        recruitsWhere({ today: sql.placeholder("today") }),
      ),
    )
    .as("page");
  return withCompiledRows(
    db
      .select({
        ...columnsOf(page),
        categoryName: categories.name,
        ...perInquiry(page.id),
        fitScore: page.fitScore,
        extra: extra.column(page.buyerCompanyId),
      })
      .from(page)
      .innerJoin(categories, eq(categories.id, page.categoryId))
      .prepare(`recruits_by_ids_${extra.key}`),
  );
}
const byIdsStatements = perDatabase(() => new Map<string, ReturnType<typeof recruitsByIdsStatement>>());

export async function recruitsByIds(db: Db, today: string, ids: string[], extra = NO_EXTRA) {
  if (!ids.length) return [];
  const statements = byIdsStatements(db);
  let statement = statements.get(extra.key);
  if (!statement) {
    statement = recruitsByIdsStatement(db, extra);
    statements.set(extra.key, statement);
  }
  const found = await statement.execute({ ids, today });
  return found.map((r) => ({ ...r, prefectures: parsedJson(r.prefectures) }));
}
