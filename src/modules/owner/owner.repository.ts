import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import {
  auditLogs,
  caseStudies,
  categories,
  companies,
  companyCategories,
  deactivationReasons,
  deactivationRecords,
  documentDownloadLeads,
  emailOutbox,
  entries,
  inquiries,
  jobRuns,
  memberships,
  news,
  owners,
  planContracts,
  prefectures,
  supplierProfiles,
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

// ---------------------------------------------------------------- companies

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

export async function findCompany(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ company: companies, prefectureName: prefectures.name })
    .from(companies)
    .leftJoin(prefectures, eq(prefectures.id, companies.prefectureId))
    .where(eq(companies.id, id))
    .limit(1);
  return row;
}

export type CompanyWithPrefecture = NonNullable<Awaited<ReturnType<typeof findCompany>>>;

export async function membersOf(db: DbOrTx, companyId: string) {
  return db
    .select({
      userId: users.id,
      name: memberships.name,
      email: users.email,
      role: memberships.role,
      department: memberships.department,
      phone: memberships.phone,
      emailVerifiedAt: users.emailVerifiedAt,
      joinedAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.companyId, companyId))
    .orderBy(asc(memberships.createdAt));
}

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

export async function supplierProfileOf(db: DbOrTx, companyId: string) {
  const [row] = await db.select().from(supplierProfiles).where(eq(supplierProfiles.companyId, companyId));
  return row;
}

export async function categoriesOfCompany(db: DbOrTx, companyId: string) {
  return db
    .select({ id: categories.id, name: categories.name })
    .from(companyCategories)
    .innerJoin(categories, eq(categories.id, companyCategories.categoryId))
    .where(eq(companyCategories.companyId, companyId))
    .orderBy(asc(categories.sortOrder));
}

// ---------------------------------------------------------------- news

export interface NewsFilter {
  status?: "DRAFT" | "PUBLISHED";
  audience?: "ALL" | "BUYER" | "SUPPLIER";
  keyword?: string;
}

export async function listNews(db: DbOrTx, f: NewsFilter, page: Page) {
  const p = f.keyword ? likePattern(f.keyword) : undefined;
  const where = and(
    f.status ? eq(news.status, f.status) : undefined,
    f.audience ? eq(news.audience, f.audience) : undefined,
    p ? or(ilike(news.title, p), ilike(news.body, p)) : undefined,
  );
  const rows = await db
    .select()
    .from(news)
    .where(where)
    .orderBy(sql`${news.publishedAt} desc nulls first`, desc(news.createdAt), desc(news.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: await totalOf(db, sql`${news}`, where) };
}

export type NewsRow = typeof news.$inferSelect;

export async function newsRow(db: DbOrTx, id: string, lock = false) {
  const q = db.select().from(news).where(eq(news.id, id)).limit(1);
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

export async function insertNews(tx: DbOrTx, values: typeof news.$inferInsert) {
  const [row] = await tx.insert(news).values(values).returning();
  return row!;
}

export async function updateNews(tx: DbOrTx, id: string, values: Partial<typeof news.$inferInsert>) {
  const [row] = await tx
    .update(news)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(news.id, id))
    .returning();
  return row!;
}

export async function deleteNews(tx: DbOrTx, id: string) {
  await tx.delete(news).where(eq(news.id, id));
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
