import { and, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import {
  companies,
  entries,
  inquiries,
  invoices,
  pageViews,
  planContracts,
  ticketPurchases,
  ticketUsages,
} from "@/server/db/schema";

/** The ticket balance is a ledger: paid purchases credited minus usages not refunded. */
export async function ticketBalance(db: DbOrTx, companyId: string): Promise<number> {
  const [row] = await db
    .execute<{ balance: number }>(sql`
    select
      (select coalesce(sum(${ticketPurchases.quantity}), 0) from ${ticketPurchases}
        where ${ticketPurchases.companyId} = ${companyId} and ${ticketPurchases.status} = 'PAID')
      -
      (select count(*) from ${ticketUsages}
        where ${ticketUsages.companyId} = ${companyId} and ${ticketUsages.refundedAt} is null)
      as balance`)
    .then((r) => r.rows);
  return Number(row?.balance ?? 0);
}

/** A ticket spent by this supplier on this inquiry and not refunded. */
export async function hasTicketUsage(db: DbOrTx, companyId: string, inquiryId: string): Promise<boolean> {
  return Boolean(await findLiveUsage(db, companyId, inquiryId));
}

export async function findLiveUsage(db: DbOrTx, companyId: string, inquiryId: string) {
  const [row] = await db
    .select()
    .from(ticketUsages)
    .where(
      and(
        eq(ticketUsages.companyId, companyId),
        eq(ticketUsages.inquiryId, inquiryId),
        isNull(ticketUsages.refundedAt),
      ),
    )
    .limit(1);
  return row;
}

/** Serializes ticket spending of one company across concurrent requests and processes. */
export async function lockCompany(tx: DbOrTx, companyId: string) {
  await tx.execute(sql`select id from companies where id = ${companyId} for update`);
}

export async function pendingPurchases(db: DbOrTx, companyId: string) {
  return db
    .select()
    .from(ticketPurchases)
    .where(and(eq(ticketPurchases.companyId, companyId), eq(ticketPurchases.status, "PENDING")))
    .orderBy(desc(ticketPurchases.createdAt));
}

export async function findPurchaseByKey(db: DbOrTx, companyId: string, key: string) {
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
    .where(
      and(
        eq(planContracts.companyId, companyId),
        inArray(planContracts.status, ["WAITING", "ACTIVE", "CANCEL_SCHEDULED"]),
      ),
    )
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
        inArray(planContracts.status, ["ACTIVE", "CANCEL_SCHEDULED"]),
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
export async function monthlyCounts(db: DbOrTx, companyId: string, from: string, to: string) {
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
    .where(and(eq(planContracts.status, "CANCEL_SCHEDULED"), lt(planContracts.endsOn, todayJst)));
}

export async function listInvoices(db: DbOrTx, companyId: string, limit: number, offset: number) {
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
