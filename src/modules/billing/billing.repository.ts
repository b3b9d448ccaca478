import { type AnyColumn, and, desc, eq, inArray, lt, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { DbOrTx } from "@/server/db/client";
import {
  companies,
  entries,
  inquiries,
  invoices,
  memberships,
  pageViews,
  planContracts,
  ticketPurchases,
  ticketRefunds,
  ticketUsages,
  users,
} from "@/server/db/schema";
import {
  CREDITED_PURCHASE,
  IN_FORCE_PLAN_STATUSES,
  LIVE_PLAN_STATUSES,
  type PlanStatus,
  type PurchaseStatus,
  planStatesAllowing,
} from "./billing.policy";

// Billing's tables (ticket_purchases, ticket_usages, plan_contracts, invoices) are written here only;
// the refund side of the ledger (ticket_refunds) and the usages' refund clock in refund.repository.ts.
// Company-scoped reads of the supplier's own pages take its CompanyScope; the ledger, the lock and the
// contract reads are shared with the operator's use cases and take the company id.

export type PurchaseRow = typeof ticketPurchases.$inferSelect;
export type UsageRow = typeof ticketUsages.$inferSelect;
export type ContractRow = typeof planContracts.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * The ticket ledger, written once: paid purchases credited minus usages not refunded, for the
 * company whose id the expression gives (a value, or a column of an outer query).
 */
export function ticketLedger(companyId: SQL | string): SQL<number> {
  return sql<number>`(
  (select coalesce(sum(${ticketPurchases.quantity}), 0) from ${ticketPurchases}
    where ${ticketPurchases.companyId} = ${companyId} and ${ticketPurchases.status} = ${CREDITED_PURCHASE})
  - (select count(*) from ${ticketUsages}
    where ${ticketUsages.companyId} = ${companyId} and ${ticketUsages.refundedAt} is null))::int`;
}

/** The ticket balance is a ledger: paid purchases credited minus usages not refunded. */
export async function ticketBalance(db: DbOrTx, companyId: string): Promise<number> {
  const [row] = await db
    .execute<{ balance: number }>(sql`select ${ticketLedger(companyId)} as balance`)
    .then((r) => r.rows);
  return Number(row?.balance ?? 0);
}

/** The balances of several companies in one query (lists of suppliers). */
export async function ticketBalances(db: DbOrTx, companyIds: string[]): Promise<Map<string, number>> {
  if (!companyIds.length) return new Map();
  const rows = await db
    .select({ id: companies.id, balance: ticketLedger(sql`${companies.id}`) })
    .from(companies)
    .where(inArray(companies.id, companyIds));
  return new Map(rows.map((r) => [r.id, Number(r.balance)]));
}

/**
 * A ticket spent by this supplier on this inquiry that still opens it: not refunded, or refunded
 * because the buyer stayed silent (a NO_REPLY refund gives the ticket back and keeps the access,
 * docs/trust.md); an operator's refund takes the access away.
 */
export async function hasTicketUsage(db: DbOrTx, companyId: string, inquiryId: string): Promise<boolean> {
  return Boolean(await findGrantingUsage(db, companyId, inquiryId));
}

/** The usages that open the inquiry to the supplier (see hasTicketUsage). */
function grantingUsages(companyId: string | SQLWrapper, inquiryId: string | SQL | AnyColumn): SQL {
  return and(
    eq(ticketUsages.companyId, companyId as string),
    eq(ticketUsages.inquiryId, inquiryId as string),
    sql`(${ticketUsages.refundedAt} is null or exists (select 1 from ${ticketRefunds}
      where ${ticketRefunds.usageId} = ${ticketUsages.id} and ${ticketRefunds.kind} = 'NO_REPLY'))`,
  )!;
}

/** The usage that opens the inquiry to the supplier (see hasTicketUsage); the live one first. */
export async function findGrantingUsage(db: DbOrTx, companyId: string, inquiryId: string) {
  const [row] = await db
    .select()
    .from(ticketUsages)
    .where(grantingUsages(companyId, inquiryId))
    .orderBy(sql`${ticketUsages.refundedAt} desc nulls first`)
    .limit(1);
  return row;
}

/**
 * hasTicketUsage as a boolean SQL expression, for a statement that reads the inquiry (its id
 * column); the company may be a prepared statement's placeholder.
 */
export function ticketUsageExistsSql(
  companyId: string | SQLWrapper,
  inquiryId: SQL | AnyColumn,
): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${ticketUsages} where ${grantingUsages(companyId, inquiryId)})`;
}

/**
 * The operator refunded this supplier's ticket on the inquiry and no ticket opens it now: the access
 * the ticket bought has ended (decision 0019 #2; issue 33 #7). A boolean SQL expression, like the one above.
 */
export function ticketRevokedSql(companyId: string | SQLWrapper, inquiryId: SQL | AnyColumn): SQL<boolean> {
  return sql<boolean>`(exists (select 1 from ${ticketUsages} inner join ${ticketRefunds}
      on ${ticketRefunds.usageId} = ${ticketUsages.id} and ${ticketRefunds.kind} = 'OPERATOR'
    where ${ticketUsages.companyId} = ${companyId} and ${ticketUsages.inquiryId} = ${inquiryId})
    and not ${ticketUsageExistsSql(companyId, inquiryId)})`;
}

export async function isTicketRevoked(db: DbOrTx, companyId: string, inquiryId: string): Promise<boolean> {
  const r = await db.execute<{ revoked: boolean }>(
    sql`select ${ticketRevokedSql(companyId, sql`${inquiryId}::uuid`)} as revoked`,
  );
  return Boolean(r.rows[0]?.revoked);
}

/** Serializes ticket spending of one company across concurrent requests and processes. */
export async function lockCompany(tx: DbOrTx, companyId: string) {
  await tx.execute(sql`select id from companies where id = ${companyId} for update`);
}

/** Purchases waiting for their invoice to be paid. */
export async function pendingPurchases({ companyId }: CompanyScope, db: DbOrTx, statuses: PurchaseStatus[]) {
  return db
    .select()
    .from(ticketPurchases)
    .where(and(eq(ticketPurchases.companyId, companyId), inArray(ticketPurchases.status, statuses)))
    .orderBy(desc(ticketPurchases.createdAt));
}

export async function findPurchaseByKey({ companyId }: CompanyScope, db: DbOrTx, key: string) {
  const [row] = await db
    .select()
    .from(ticketPurchases)
    .where(and(eq(ticketPurchases.companyId, companyId), eq(ticketPurchases.idempotencyKey, key)))
    .limit(1);
  return row;
}

export async function invoiceIdsOfPurchases(db: DbOrTx, purchaseIds: string[]) {
  if (!purchaseIds.length) return new Map<string, string>();
  const rows = await db
    .select({ id: invoices.id, purchaseId: invoices.ticketPurchaseId })
    .from(invoices)
    .where(inArray(invoices.ticketPurchaseId, purchaseIds));
  return new Map(rows.map((r) => [r.purchaseId!, r.id]));
}

/** The company's live contract: waiting, active or ending at month end; else the newest. */
export async function currentContract(db: DbOrTx, companyId: string) {
  const [live] = await db
    .select()
    .from(planContracts)
    .where(and(eq(planContracts.companyId, companyId), inArray(planContracts.status, LIVE_PLAN_STATUSES)))
    .orderBy(desc(planContracts.createdAt))
    .limit(1);
  return live;
}

/** The company's newest contract, whatever its status (a withdrawn application included). */
export async function latestContract(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select()
    .from(planContracts)
    .where(eq(planContracts.companyId, companyId))
    .orderBy(desc(planContracts.createdAt))
    .limit(1);
  return row;
}

/** paymentStatus always follows the contracts: paid while one is in force today (Japan time). */
export async function syncPaymentStatus(tx: DbOrTx, companyId: string, todayJst: string) {
  const [inForce] = await tx
    .select({ id: planContracts.id })
    .from(planContracts)
    .where(
      and(
        eq(planContracts.companyId, companyId),
        inArray(planContracts.status, IN_FORCE_PLAN_STATUSES),
        sql`${planContracts.startsOn} <= ${todayJst}`,
        sql`(${planContracts.endsOn} is null or ${planContracts.endsOn} >= ${todayJst})`,
      ),
    )
    .limit(1);
  await tx
    .update(companies)
    .set({ paymentStatus: inForce ? "OEM_PAID" : "OEM_FREE", updatedAt: new Date() })
    .where(eq(companies.id, companyId));
  return inForce ? "OEM_PAID" : "OEM_FREE";
}

/** Counts of a supplier's month (Japan time): nominations, entries, tickets used, page views. */
export async function monthlyCounts({ companyId }: CompanyScope, db: DbOrTx, from: string, to: string) {
  const start = sql`(${from}::date::timestamp at time zone 'Asia/Tokyo')`;
  const end = sql`(${to}::date::timestamp at time zone 'Asia/Tokyo')`;
  const [row] = await db
    .execute<{ nominations: number; entries: number; tickets: number; views: number }>(sql`
      select
        (select count(*)::int from ${inquiries} where ${inquiries.type} = 'NOMINATION'
          and ${inquiries.nominatedCompanyId} = ${companyId}
          and ${inquiries.createdAt} >= ${start} and ${inquiries.createdAt} < ${end}) as nominations,
        (select count(*)::int from ${entries} where ${entries.supplierCompanyId} = ${companyId}
          and ${entries.createdAt} >= ${start} and ${entries.createdAt} < ${end}) as entries,
        (select count(*)::int from ${ticketUsages} where ${ticketUsages.companyId} = ${companyId}
          and ${ticketUsages.refundedAt} is null
          and ${ticketUsages.createdAt} >= ${start} and ${ticketUsages.createdAt} < ${end}) as tickets,
        (select coalesce(sum(${pageViews.count}), 0)::int from ${pageViews} where ${pageViews.companyId} = ${companyId}
          and ${pageViews.day} >= ${from} and ${pageViews.day} < ${to}) as views`)
    .then((r) => r.rows);
  return {
    nominationsReceived: Number(row?.nominations ?? 0),
    entries: Number(row?.entries ?? 0),
    ticketsUsed: Number(row?.tickets ?? 0),
    pageViews: Number(row?.views ?? 0),
  };
}

export async function endingContracts(db: DbOrTx, todayJst: string) {
  return db
    .select({ id: planContracts.id, companyId: planContracts.companyId })
    .from(planContracts)
    .where(
      and(inArray(planContracts.status, planStatesAllowing("MONTH_END")), lt(planContracts.endsOn, todayJst)),
    );
}

/**
 * Suppliers still free although a contract is in force today: a plan the operator activated to
 * start on a later day (the company turns paid when that day begins, Japan time).
 */
export async function startingContracts(db: DbOrTx, todayJst: string) {
  return db
    .selectDistinct({ companyId: planContracts.companyId })
    .from(planContracts)
    .innerJoin(companies, eq(companies.id, planContracts.companyId))
    .where(
      and(
        inArray(planContracts.status, IN_FORCE_PLAN_STATUSES),
        sql`${planContracts.startsOn} <= ${todayJst}`,
        sql`(${planContracts.endsOn} is null or ${planContracts.endsOn} >= ${todayJst})`,
        sql`${companies.paymentStatus} is distinct from 'OEM_PAID'`,
      ),
    );
}

export async function listInvoices({ companyId }: CompanyScope, db: DbOrTx, limit: number, offset: number) {
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.companyId, companyId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .execute<{ n: number }>(
      sql`select count(*)::int as n from ${invoices} where ${invoices.companyId} = ${companyId}`,
    )
    .then((r) => r.rows);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findInvoiceWithCompany(db: DbOrTx, invoiceId: string) {
  const [row] = await db
    .select({ invoice: invoices, companyName: companies.name })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(eq(invoices.id, invoiceId))
    .limit(1);
  return row;
}

// ---------------------------------------------------------------- company facts billing reads

export async function paymentStatusOf(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({ paymentStatus: companies.paymentStatus })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.paymentStatus ?? null;
}

/** A company the operator bills: its name, kind and status (undefined when there is none). */
export async function billedCompany(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({
      id: companies.id,
      name: companies.name,
      type: companies.type,
      status: companies.status,
      paymentStatus: companies.paymentStatus,
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row;
}

/** Who receives the company's billing mail (invoices, credited tickets, the plan): its members. */
export async function billingRecipients(db: DbOrTx, companyId: string) {
  return db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.companyId, companyId));
}

// ---------------------------------------------------------------- writes

export async function insertPurchase(
  tx: DbOrTx,
  values: Omit<typeof ticketPurchases.$inferInsert, "status"> & { status: PurchaseStatus },
) {
  const [row] = await tx.insert(ticketPurchases).values(values).onConflictDoNothing().returning();
  return row;
}

/** Moves a purchase if it is still in one of `from`; undefined when it is not (the caller answers 409). */
export async function movePurchase(
  tx: DbOrTx,
  id: string,
  from: PurchaseStatus[],
  values: Partial<typeof ticketPurchases.$inferInsert> & { status: PurchaseStatus },
) {
  const [row] = await tx
    .update(ticketPurchases)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(ticketPurchases.id, id), inArray(ticketPurchases.status, from)))
    .returning();
  return row;
}

export async function insertUsage(tx: DbOrTx, values: typeof ticketUsages.$inferInsert) {
  const [row] = await tx.insert(ticketUsages).values(values).returning();
  return row!;
}

export async function insertContract(
  tx: DbOrTx,
  values: Omit<typeof planContracts.$inferInsert, "status"> & { status: PlanStatus },
) {
  const [row] = await tx.insert(planContracts).values(values).returning();
  return row!;
}

/** Moves the contract (by id, or the company's contract) if it is still in one of `from`. */
export async function moveContract(
  tx: DbOrTx,
  which: { id: string } | { companyId: string },
  from: PlanStatus[],
  values: Partial<typeof planContracts.$inferInsert> & { status: PlanStatus },
) {
  const [row] = await tx
    .update(planContracts)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        "id" in which ? eq(planContracts.id, which.id) : eq(planContracts.companyId, which.companyId),
        inArray(planContracts.status, from),
      ),
    )
    .returning();
  return row;
}

/** The operator's note on a contract (a rejected application's reason). */
export async function notePlan(tx: DbOrTx, id: string, note: string) {
  await tx.update(planContracts).set({ note, updatedAt: new Date() }).where(eq(planContracts.id, id));
}

export async function insertInvoice(tx: DbOrTx, values: typeof invoices.$inferInsert) {
  const [row] = await tx.insert(invoices).values(values).returning();
  return row!;
}
