import { type AnyColumn, and, asc, desc, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/server/db/client";
import { withCompiledRows } from "@/server/db/compiled-rows";
import { givenValue, type Param, pageBounds, perDatabase, placeholderOf } from "@/server/db/per-database";
import { categories, inquiries } from "@/server/db/schema";
import {
  type ExtraColumn,
  type InquiryKey,
  type InquiryRow,
  inquiryColumns,
  type PrefectureRef,
  parsedJson,
  perInquiry,
} from "./inquiry.repository";

// The buyer's inquiry history and the supplier's nominations: one statement per page, prepared
// once per database and list shape (every view of these lists runs one: issue 21's lists).

/** A list's order, applied to the inquiries table inside the page and to the page outside it. */
type Order = Array<[key: "createdAt" | "publishedAt" | "id", dir: "asc" | "desc"]>;
const orderOn = (cols: Record<Order[number][0], AnyColumn | SQL.Aliased>, order: Order) =>
  order.map(([key, dir]) => (dir === "asc" ? asc(cols[key]) : desc(cols[key])));
const NEWEST_FIRST: Order = [
  ["createdAt", "desc"],
  ["id", "desc"],
];

/**
 * One page of inquiries and the total, in one statement: the page is read first (an index in the
 * list's order stops after `limit` rows), then the per-row details, and the total once beside it.
 * `extra` adds a column from each row's buyer company.
 */
function pageQuery(
  db: DbOrTx,
  where: SQL | undefined,
  order: Order,
  limit: number | Placeholder,
  offset: number | Placeholder,
  extra?: ExtraColumn,
) {
  const page = db
    .select({ ...inquiryColumns, buyerCompanyId: inquiries.buyerCompanyId })
    .from(inquiries)
    .where(where)
    .orderBy(...orderOn(inquiries, order))
    .limit(limit)
    .offset(offset)
    .as("page");
  const pageColumns = Object.fromEntries(
    Object.keys(inquiryColumns).map((k) => [k, page[k as InquiryKey]]),
  ) as { [K in InquiryKey]: (typeof page)[K] };
  return (
    db
      .select({
        ...pageColumns,
        categoryName: categories.name,
        ...perInquiry(page.id),
        extra: extra ? extra.column(page.buyerCompanyId) : sql<unknown>`null`,
        total: sql<number>`(select count(*)::int from ${inquiries} where ${where ?? sql`true`})`,
      })
      .from(page)
      // A join also makes Drizzle qualify every column, which the subqueries need.
      .innerJoin(categories, eq(categories.id, page.categoryId))
      .orderBy(...orderOn(page, order))
  );
}

type PageRow = Awaited<ReturnType<typeof pageQuery>>[number];
export type SummaryRow = Omit<PageRow, "extra" | "total" | "prefectures"> & { prefectures: PrefectureRef[] };

/** A list: its conditions (with their values named), order and extra column; `key` names its statement. */
interface ListShape {
  key: string;
  where(p: Param): SQL | undefined;
  values: Record<string, unknown>;
  order: Order;
  extra?: ExtraColumn;
}

const statements = perDatabase(() => new Map<string, ReturnType<ReturnType<typeof pageQuery>["prepare"]>>());

async function listPage(db: Db, shape: ListShape, limit: number, offset: number) {
  const byShape = statements(db);
  const bounds = pageBounds(limit, offset);
  const key = `${shape.key}_${bounds.key}`;
  let statement = byShape.get(key);
  if (!statement) {
    const query = pageQuery(
      db,
      shape.where(placeholderOf),
      shape.order,
      bounds.limit,
      bounds.offset,
      shape.extra,
    );
    statement = withCompiledRows(query.prepare(`inquiry_list_${key}`));
    byShape.set(key, statement);
  }
  const found = await statement.execute({ ...shape.values, ...bounds.values });
  // Past the last page there is no row to carry the total.
  const where = shape.where(givenValue) ?? sql`true`;
  const total =
    found[0]?.total ??
    (offset > 0
      ? ((await db.select({ n: sql<number>`count(*)::int` }).from(inquiries).where(where))[0]?.n ?? 0)
      : 0);
  const rows = found.map(({ total: _, ...r }) => ({ ...r, prefectures: parsedJson(r.prefectures) }));
  return { rows, total: Number(total) };
}

export function listForBuyer(
  db: Db,
  companyId: string,
  f: { type?: "BULK" | "NOMINATION"; status?: InquiryRow["status"]; limit: number; offset: number },
) {
  return listPage(
    db,
    {
      key: `buyer${f.type ? "_type" : ""}${f.status ? "_status" : ""}`,
      where: (p) =>
        and(
          eq(inquiries.buyerCompanyId, p("company", companyId)),
          f.type ? eq(inquiries.type, p("type", f.type)) : undefined,
          f.status ? eq(inquiries.status, p("status", f.status)) : undefined,
        ),
      values: { company: companyId, type: f.type, status: f.status },
      order: NEWEST_FIRST,
    },
    f.limit,
    f.offset,
  );
}

/** The supplier's nominations; `extra` adds a column from each row's buyer company (see ExtraColumn). */
export function listNominations(
  db: Db,
  supplierCompanyId: string,
  f: { status?: InquiryRow["status"]; limit: number; offset: number },
  extra?: ExtraColumn,
) {
  return listPage(
    db,
    {
      key: `nominations${f.status ? "_status" : ""}_${extra?.key ?? "none"}`,
      where: (p) =>
        and(
          eq(inquiries.type, "NOMINATION"),
          eq(inquiries.nominatedCompanyId, p("company", supplierCompanyId)),
          f.status ? eq(inquiries.status, p("status", f.status)) : undefined,
        ),
      values: { company: supplierCompanyId, status: f.status },
      order: NEWEST_FIRST,
      extra,
    },
    f.limit,
    f.offset,
  );
}

/** One inquiry as a list shows it (in a transaction too: not prepared). */
export async function summaryOf(db: DbOrTx, id: string): Promise<SummaryRow | undefined> {
  const [row] = await pageQuery(db, eq(inquiries.id, id), [["id", "asc"]], 1, 0);
  return row ? { ...row, prefectures: parsedJson(row.prefectures) } : undefined;
}
