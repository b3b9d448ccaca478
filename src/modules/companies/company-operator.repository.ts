import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { likePattern, type Page } from "@/lib/console-listing";
import type { DbOrTx } from "@/server/db/client";
import { totalOf } from "@/server/db/listing";
import {
  caseStudies,
  companies,
  deactivationReasons,
  deactivationRecords,
  entries,
  inquiries,
  memberships,
  prefectures,
  supplierProfiles,
  ticketPurchases,
  ticketUsages,
  users,
} from "@/server/db/schema";

// The console's reads of companies: across every company, deactivated ones too (nothing here is scoped).
// The lists carry per-row figures of other domains (members, inquiries, tickets, cases, entries) as
// subqueries over one page, so a page costs the same few queries whatever its size.

const memberCount = sql<number>`(select count(*)::int from ${memberships} where ${memberships.companyId} = ${companies.id})`;
const firstAdmin = (column: SQL) =>
  sql<
    string | null
  >`(select ${column} from ${memberships} join ${users} on ${users.id} = ${memberships.userId}
    where ${memberships.companyId} = ${companies.id} and ${memberships.role} = 'ADMIN'
    order by ${memberships.createdAt} limit 1)`;
const inquiryCount = sql<number>`(select count(*)::int from ${inquiries} where ${inquiries.buyerCompanyId} = ${companies.id})`;
const ticketBalanceOfCompany = sql<number>`(
  (select coalesce(sum(${ticketPurchases.quantity}), 0) from ${ticketPurchases}
    where ${ticketPurchases.companyId} = ${companies.id} and ${ticketPurchases.status} = 'PAID')
  - (select count(*) from ${ticketUsages}
    where ${ticketUsages.companyId} = ${companies.id} and ${ticketUsages.refundedAt} is null))::int`;
const caseCount = sql<number>`(select count(*)::int from ${caseStudies} where ${caseStudies.companyId} = ${companies.id})`;
const entryCount = sql<number>`(select count(*)::int from ${entries} where ${entries.supplierCompanyId} = ${companies.id})`;

const companyListColumns = {
  id: companies.id,
  name: companies.name,
  nameKana: companies.nameKana,
  status: companies.status,
  prefectureName: prefectures.name,
  phone: companies.phone,
  memberCount,
  adminName: firstAdmin(sql`${memberships.name}`),
  adminEmail: firstAdmin(sql`${users.email}`),
  createdAt: companies.createdAt,
  deactivatedAt: companies.deactivatedAt,
};

export interface CompanyFilter {
  keyword?: string;
  status?: "ACTIVE" | "DEACTIVATED";
  paymentStatus?: "OEM_FREE" | "OEM_PAID";
  sort: "newest" | "oldest" | "name";
}

function companyWhere(type: "BUYER" | "SUPPLIER", f: CompanyFilter): SQL | undefined {
  const p = f.keyword ? likePattern(f.keyword) : undefined;
  return and(
    eq(companies.type, type),
    f.status ? eq(companies.status, f.status) : undefined,
    f.paymentStatus ? eq(companies.paymentStatus, f.paymentStatus) : undefined,
    p
      ? or(
          ilike(companies.name, p),
          ilike(companies.nameKana, p),
          sql`exists (select 1 from ${memberships} join ${users} on ${users.id} = ${memberships.userId}
            where ${memberships.companyId} = ${companies.id}
            and (${users.email} ilike ${p} or ${memberships.name} ilike ${p}))`,
        )
      : undefined,
  );
}

function companyOrder(sort: CompanyFilter["sort"]): SQL[] {
  if (sort === "oldest") return [asc(companies.createdAt), asc(companies.id)];
  if (sort === "name") return [sql`coalesce(${companies.nameKana}, ${companies.name})`, asc(companies.id)];
  return [desc(companies.createdAt), desc(companies.id)];
}

/**
 * The ids of one page of companies. The lists select their per-row figures (subqueries) over this
 * page only: in one select with the sort and the limit, PostgreSQL evaluates a subquery it deems
 * cheap for every company before sorting (the case count ran 10,001 times for 20 suppliers).
 */
function companyPage(db: DbOrTx, type: "BUYER" | "SUPPLIER", f: CompanyFilter, page: Page) {
  return db
    .select({ pageId: companies.id })
    .from(companies)
    .where(companyWhere(type, f))
    .orderBy(...companyOrder(f.sort))
    .limit(page.limit)
    .offset(page.offset)
    .as("page");
}

export async function listBuyers(db: DbOrTx, f: CompanyFilter, page: Page) {
  const where = companyWhere("BUYER", f);
  const onPage = companyPage(db, "BUYER", f, page);
  const rows = await db
    .select({ ...companyListColumns, inquiryCount })
    .from(onPage)
    .innerJoin(companies, eq(companies.id, onPage.pageId))
    .leftJoin(prefectures, eq(prefectures.id, companies.prefectureId))
    .orderBy(...companyOrder(f.sort));
  return { rows, total: await totalOf(db, sql`${companies}`, where) };
}

export type BuyerRow = Awaited<ReturnType<typeof listBuyers>>["rows"][number];

export async function listSuppliers(db: DbOrTx, f: CompanyFilter, page: Page) {
  const where = companyWhere("SUPPLIER", f);
  const onPage = companyPage(db, "SUPPLIER", f, page);
  const rows = await db
    .select({
      ...companyListColumns,
      paymentStatus: companies.paymentStatus,
      namePublished: companies.namePublished,
      ticketBalance: ticketBalanceOfCompany,
      caseCount,
      entryCount,
      profileCompleteness: supplierProfiles.profileCompleteness,
    })
    .from(onPage)
    .innerJoin(companies, eq(companies.id, onPage.pageId))
    .leftJoin(prefectures, eq(prefectures.id, companies.prefectureId))
    .leftJoin(supplierProfiles, eq(supplierProfiles.companyId, companies.id))
    .orderBy(...companyOrder(f.sort));
  return { rows, total: await totalOf(db, sql`${companies}`, where) };
}

export type SupplierRow = Awaited<ReturnType<typeof listSuppliers>>["rows"][number];

export async function deactivationsOf(db: DbOrTx, companyId: string) {
  const records = await db
    .select({
      id: deactivationRecords.id,
      reasonIds: deactivationRecords.reasonIds,
      comment: deactivationRecords.comment,
      userName: users.name,
      userEmail: users.email,
      createdAt: deactivationRecords.createdAt,
    })
    .from(deactivationRecords)
    .leftJoin(users, eq(users.id, deactivationRecords.userId))
    .where(eq(deactivationRecords.companyId, companyId))
    .orderBy(desc(deactivationRecords.createdAt));
  const ids = [...new Set(records.flatMap((r) => r.reasonIds))];
  const labels = ids.length
    ? await db
        .select({ id: deactivationReasons.id, label: deactivationReasons.label })
        .from(deactivationReasons)
        .where(inArray(deactivationReasons.id, ids))
    : [];
  const labelOf = new Map(labels.map((l) => [l.id, l.label]));
  return records.map((r) => ({
    ...r,
    reasons: r.reasonIds.map((id) => ({ id, label: labelOf.get(id) ?? `理由 #${id}` })),
  }));
}

export async function supplierFigures(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({
      caseCount,
      entryCount,
      ticketBalance: ticketBalanceOfCompany,
      nominationCount: sql<number>`(select count(*)::int from ${inquiries}
        where ${inquiries.nominatedCompanyId} = ${companies.id})`,
    })
    .from(companies)
    // Drizzle leaves the columns of a one-table select unqualified ("id"), which inside the
    // correlated subqueries above would mean the subquery's own id (all figures 0); a join
    // makes it write "companies"."id".
    .leftJoin(supplierProfiles, eq(supplierProfiles.companyId, companies.id))
    .where(eq(companies.id, companyId))
    .limit(1);
  return row!;
}
