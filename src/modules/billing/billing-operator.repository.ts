import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { likePattern, type Page, totalOf } from "@/server/db/listing";
import {
  companies,
  inquiries,
  invoices,
  planContracts,
  ticketPurchases,
  ticketUsages,
  users,
} from "@/server/db/schema";
import type { PlanStatus, PurchaseStatus } from "./billing.policy";

// The operator's reads of billing across every company (the console's lists and a supplier's
// billing page): nothing here is scoped to a member's company.

export interface PurchaseFilter {
  id?: string;
  status?: PurchaseStatus;
  companyId?: string;
  isGrant?: boolean;
  keyword?: string;
}

export async function listPurchases(db: DbOrTx, f: PurchaseFilter, page: Page) {
  const p = f.keyword ? likePattern(f.keyword) : undefined;
  const where = and(
    f.id ? eq(ticketPurchases.id, f.id) : undefined,
    f.status ? eq(ticketPurchases.status, f.status) : undefined,
    f.companyId ? eq(ticketPurchases.companyId, f.companyId) : undefined,
    f.isGrant !== undefined ? eq(ticketPurchases.isGrant, f.isGrant) : undefined,
    p ? ilike(companies.name, p) : undefined,
  );
  const rows = await db
    .select({
      purchase: ticketPurchases,
      companyName: companies.name,
      userName: users.name,
      userEmail: users.email,
      invoiceId: invoices.id,
      invoiceNumber: invoices.number,
    })
    .from(ticketPurchases)
    .innerJoin(companies, eq(companies.id, ticketPurchases.companyId))
    .leftJoin(users, eq(users.id, ticketPurchases.requestedByUserId))
    .leftJoin(invoices, eq(invoices.ticketPurchaseId, ticketPurchases.id))
    .where(where)
    .orderBy(desc(ticketPurchases.createdAt), desc(ticketPurchases.id))
    .limit(page.limit)
    .offset(page.offset);
  const from = sql`${ticketPurchases} join ${companies} on ${companies.id} = ${ticketPurchases.companyId}`;
  return { rows, total: await totalOf(db, from, where) };
}

export type PurchaseListRow = Awaited<ReturnType<typeof listPurchases>>["rows"][number];

export async function purchaseRow(db: DbOrTx, id: string, lock = false) {
  const q = db.select().from(ticketPurchases).where(eq(ticketPurchases.id, id)).limit(1);
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

export interface UsageFilter {
  id?: string;
  companyId?: string;
  inquiryId?: string;
  refunded?: boolean;
  keyword?: string;
}

export async function listUsages(db: DbOrTx, f: UsageFilter, page: Page) {
  const p = f.keyword ? likePattern(f.keyword) : undefined;
  const where = and(
    f.id ? eq(ticketUsages.id, f.id) : undefined,
    f.companyId ? eq(ticketUsages.companyId, f.companyId) : undefined,
    f.inquiryId ? eq(ticketUsages.inquiryId, f.inquiryId) : undefined,
    f.refunded === true ? isNotNull(ticketUsages.refundedAt) : undefined,
    f.refunded === false ? isNull(ticketUsages.refundedAt) : undefined,
    p ? or(ilike(companies.name, p), ilike(inquiries.title, p)) : undefined,
  );
  const rows = await db
    .select({
      usage: ticketUsages,
      companyName: companies.name,
      inquiryTitle: inquiries.title,
      inquiryType: inquiries.type,
      userName: users.name,
      userEmail: users.email,
    })
    .from(ticketUsages)
    .innerJoin(companies, eq(companies.id, ticketUsages.companyId))
    .innerJoin(inquiries, eq(inquiries.id, ticketUsages.inquiryId))
    .leftJoin(users, eq(users.id, ticketUsages.usedByUserId))
    .where(where)
    .orderBy(desc(ticketUsages.createdAt), desc(ticketUsages.id))
    .limit(page.limit)
    .offset(page.offset);
  const from = sql`${ticketUsages} join ${companies} on ${companies.id} = ${ticketUsages.companyId}
    join ${inquiries} on ${inquiries.id} = ${ticketUsages.inquiryId}`;
  return { rows, total: await totalOf(db, from, where) };
}

export type UsageListRow = Awaited<ReturnType<typeof listUsages>>["rows"][number];

export async function usageRow(db: DbOrTx, id: string, lock = false) {
  const q = db.select().from(ticketUsages).where(eq(ticketUsages.id, id)).limit(1);
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

export async function listPlans(
  db: DbOrTx,
  f: { id?: string; companyId?: string; statuses?: PlanStatus[]; oldestFirst?: boolean },
  page: Page,
) {
  const where = and(
    f.id ? eq(planContracts.id, f.id) : undefined,
    f.companyId ? eq(planContracts.companyId, f.companyId) : undefined,
    f.statuses ? inArray(planContracts.status, f.statuses) : undefined,
  );
  const order = f.oldestFirst
    ? [asc(planContracts.appliedAt), asc(planContracts.id)]
    : [desc(planContracts.appliedAt), desc(planContracts.id)];
  const rows = await db
    .select({
      plan: planContracts,
      companyName: companies.name,
      userName: users.name,
      userEmail: users.email,
    })
    .from(planContracts)
    .innerJoin(companies, eq(companies.id, planContracts.companyId))
    .leftJoin(users, eq(users.id, planContracts.appliedByUserId))
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: await totalOf(db, sql`${planContracts}`, where) };
}

export type PlanListRow = Awaited<ReturnType<typeof listPlans>>["rows"][number];

/** The company's newest contract in one of the statuses, locked when the caller will change it. */
export async function planOf(db: DbOrTx, companyId: string, statuses: PlanStatus[], lock = false) {
  const q = db
    .select()
    .from(planContracts)
    .where(and(eq(planContracts.companyId, companyId), inArray(planContracts.status, statuses)))
    .orderBy(desc(planContracts.appliedAt), desc(planContracts.id))
    .limit(1);
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

export async function planRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(planContracts).where(eq(planContracts.id, id)).limit(1);
  return row;
}

export async function invoicesOf(db: DbOrTx, companyId: string, limit: number) {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.companyId, companyId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.id))
    .limit(limit);
}
