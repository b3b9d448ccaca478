import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import {
  auditLogs,
  companies,
  documentDownloadLeads,
  emailOutbox,
  inquiries,
  invoices,
  jobRuns,
  owners,
  planContracts,
  supportRequests,
  systemChecks,
  ticketPurchases,
  ticketUsages,
  users,
} from "@/server/db/schema";

// The owner console reads across every company: nothing here is scoped to a member's company.

export interface Page {
  limit: number;
  offset: number;
}

/** `%word%` for ILIKE, with the pattern characters of the word taken literally. */
export function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

async function totalOf(db: DbOrTx, from: SQL, where: SQL | undefined): Promise<number> {
  const rows = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${from}${where ? sql` where ${where}` : sql``}`,
  );
  return Number(rows.rows[0]?.n ?? 0);
}

// ---------------------------------------------------------------- billing records

export interface PurchaseFilter {
  id?: string;
  status?: "PENDING" | "PAID" | "CANCELLED";
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

type PlanStatus = (typeof planContracts.$inferSelect)["status"];

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

export async function updatePlan(tx: DbOrTx, id: string, values: Partial<typeof planContracts.$inferInsert>) {
  const [row] = await tx
    .update(planContracts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(planContracts.id, id))
    .returning();
  return row!;
}

export async function invoicesOf(db: DbOrTx, companyId: string, limit: number) {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.companyId, companyId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.id))
    .limit(limit);
}

export async function paymentStatusOf(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({ paymentStatus: companies.paymentStatus })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.paymentStatus ?? null;
}

// ---------------------------------------------------------------- operations

export async function dashboardCounts(db: DbOrTx, sinceDate: Date) {
  const n = (q: SQL) => sql<number>`(${q})::int`;
  const since = sql`${sinceDate.toISOString()}::timestamptz`;
  const [row] = await db
    .execute<Record<string, number>>(sql`select
    ${n(sql`select count(*) from ${companies} where ${companies.type} = 'BUYER' and ${companies.createdAt} >= ${since}`)} as buyers,
    ${n(sql`select count(*) from ${companies} where ${companies.type} = 'SUPPLIER' and ${companies.createdAt} >= ${since}`)} as suppliers,
    ${n(sql`select count(*) from ${inquiries} where ${inquiries.type} = 'BULK' and ${inquiries.status} = 'REVIEW'`)} as review,
    ${n(sql`select count(*) from ${ticketPurchases} where ${ticketPurchases.status} = 'PENDING'`)} as pending_purchases,
    ${n(sql`select count(*) from ${planContracts} where ${planContracts.status} = 'WAITING'`)} as waiting_plans,
    ${n(sql`select count(*) from ${emailOutbox} where ${emailOutbox.status} in ('PENDING', 'SENDING')`)} as outbox_pending,
    ${n(sql`select count(*) from ${emailOutbox} where ${emailOutbox.status} = 'FAILED'`)} as outbox_failed,
    ${n(sql`select count(*) from ${documentDownloadLeads} where ${documentDownloadLeads.createdAt} >= ${since}`)} as leads,
    ${n(sql`select count(*) from ${supportRequests} where ${supportRequests.createdAt} >= ${since}`)} as support`)
    .then((r) => r.rows);
  return row as {
    buyers: number;
    suppliers: number;
    review: number;
    pending_purchases: number;
    waiting_plans: number;
    outbox_pending: number;
    outbox_failed: number;
    leads: number;
    support: number;
  };
}

export async function listOutbox(
  db: DbOrTx,
  f: { status?: "PENDING" | "SENDING" | "SENT" | "FAILED"; keyword?: string },
  page: Page,
) {
  const p = f.keyword ? likePattern(f.keyword) : undefined;
  const where = and(
    f.status ? eq(emailOutbox.status, f.status) : undefined,
    p
      ? or(ilike(emailOutbox.toAddress, p), ilike(emailOutbox.subject, p), ilike(emailOutbox.template, p))
      : undefined,
  );
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(where)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: await totalOf(db, sql`${emailOutbox}`, where) };
}

export type OutboxRow = typeof emailOutbox.$inferSelect;

export async function outboxRow(db: DbOrTx, id: string, lock = false) {
  const q = db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

/** Back to the relay's queue as a fresh email: due now, no attempts, no error. */
export async function requeueOutbox(tx: DbOrTx, id: string) {
  const [row] = await tx
    .update(emailOutbox)
    .set({
      status: "PENDING",
      attempts: 0,
      nextAttemptAt: sql`now()`,
      lockedUntil: null,
      lastError: null,
      sentAt: null,
    })
    .where(eq(emailOutbox.id, id))
    .returning();
  return row!;
}

/** `stuck`: mails past their sending time by more than `stuckAfterSeconds` (due and unsent, or a dead sender's claim). */
export async function outboxHealth(db: DbOrTx, maxAttempts: number, stuckAfterSeconds: number) {
  const rows = await db.execute<{
    pending: number;
    oldest_seconds: number | null;
    failed: number;
    stuck: number;
  }>(sql`select
    (select count(*)::int from ${emailOutbox} where ${emailOutbox.attempts} < ${maxAttempts} and (
      (${emailOutbox.status} in ('PENDING', 'FAILED')
        and ${emailOutbox.nextAttemptAt} < now() - make_interval(secs => ${stuckAfterSeconds}))
      or (${emailOutbox.status} = 'SENDING'
        and ${emailOutbox.lockedUntil} < now() - make_interval(secs => ${stuckAfterSeconds})))) as stuck,
    (select count(*)::int from ${emailOutbox} where ${emailOutbox.status} in ('PENDING', 'SENDING')) as pending,
    (select extract(epoch from now() - min(${emailOutbox.createdAt}))::int from ${emailOutbox}
      where ${emailOutbox.status} in ('PENDING', 'SENDING')) as oldest_seconds,
    (select count(*)::int from ${emailOutbox} where ${emailOutbox.status} = 'FAILED'
      and ${emailOutbox.attempts} >= ${maxAttempts}) as failed`);
  const row = rows.rows[0]!;
  return {
    pending: Number(row.pending),
    oldestSeconds: row.oldest_seconds === null ? null : Number(row.oldest_seconds),
    failed: Number(row.failed),
    stuck: Number(row.stuck),
  };
}

/** Company names by id, for the audit log (its snapshots keep ids only). */
export async function companyNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function listAudit(
  db: DbOrTx,
  f: { targetType?: string; targetId?: string; action?: string; ownerId?: string },
  page: Page,
) {
  const where = and(
    f.targetType ? eq(auditLogs.targetType, f.targetType) : undefined,
    f.targetId ? eq(auditLogs.targetId, f.targetId) : undefined,
    f.action ? eq(auditLogs.action, f.action) : undefined,
    f.ownerId ? eq(auditLogs.ownerId, f.ownerId) : undefined,
  );
  const rows = await db
    .select({ log: auditLogs, ownerName: owners.name, ownerEmail: owners.email })
    .from(auditLogs)
    .leftJoin(owners, eq(owners.id, auditLogs.ownerId))
    .where(where)
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: await totalOf(db, sql`${auditLogs}`, where) };
}

export type AuditListRow = Awaited<ReturnType<typeof listAudit>>["rows"][number];

export async function listLeads(db: DbOrTx, keyword: string | undefined, page: Page) {
  const p = keyword ? likePattern(keyword) : undefined;
  const l = documentDownloadLeads;
  const where = p ? or(ilike(l.companyName, p), ilike(l.name, p), ilike(l.email, p)) : undefined;
  const rows = await db
    .select()
    .from(l)
    .where(where)
    .orderBy(desc(l.createdAt), desc(l.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: await totalOf(db, sql`${l}`, where) };
}

type SupportStatus = (typeof supportRequests.$inferSelect)["status"];

export async function listSupportRequests(
  db: DbOrTx,
  keyword: string | undefined,
  status: SupportStatus | undefined,
  page: Page,
) {
  const p = keyword ? likePattern(keyword) : undefined;
  const s = supportRequests;
  const where = and(
    p
      ? or(
          ilike(s.companyName, p),
          ilike(s.name, p),
          ilike(s.email, p),
          ilike(s.message, p),
          ilike(s.category, p),
        )
      : undefined,
    status ? eq(s.status, status) : undefined,
  );
  const rows = await db
    .select()
    .from(s)
    .where(where)
    .orderBy(desc(s.createdAt), desc(s.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: await totalOf(db, sql`${s}`, where) };
}

export async function jobRunRows(db: DbOrTx) {
  return db.select().from(jobRuns).orderBy(asc(jobRuns.name));
}

export async function insertSystemCheck(db: DbOrTx, values: typeof systemChecks.$inferInsert) {
  const [row] = await db.insert(systemChecks).values(values).returning();
  return row!;
}

export async function listSystemChecks(db: DbOrTx, page: Page) {
  const rows = await db
    .select()
    .from(systemChecks)
    .orderBy(desc(systemChecks.createdAt), desc(systemChecks.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(systemChecks);
  return { rows, total: Number(total?.n ?? 0) };
}
