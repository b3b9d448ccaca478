// Read queries of the my-page tops, always scoped to the actor's active company.
import { and, count, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import {
  categories,
  companies,
  entries,
  inquiries,
  inquiryRecipients,
  news,
  planContracts,
} from "@/server/db/schema";

export type InquiryStatus = (typeof inquiries.$inferSelect)["status"];
export type InquiryType = (typeof inquiries.$inferSelect)["type"];
export type EntryStatus = (typeof entries.$inferSelect)["status"];
export type PlanStatus = (typeof planContracts.$inferSelect)["status"];

export async function countBuyerInquiriesByStatus(
  db: DbOrTx,
  buyerCompanyId: string,
): Promise<Partial<Record<InquiryStatus, number>>> {
  const rows = await db
    .select({ status: inquiries.status, n: count() })
    .from(inquiries)
    .where(eq(inquiries.buyerCompanyId, buyerCompanyId))
    .groupBy(inquiries.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** The buyer's newest inquiries with the number of live entries (cancelled ones not counted). */
export async function latestBuyerInquiries(db: DbOrTx, buyerCompanyId: string, limit: number) {
  return db
    .select({
      id: inquiries.id,
      title: inquiries.title,
      type: inquiries.type,
      status: inquiries.status,
      categoryName: categories.name,
      entryDeadline: inquiries.entryDeadline,
      createdAt: inquiries.createdAt,
      entryCount: sql<number>`(select count(*)::int from ${entries} where ${entries.inquiryId} = ${inquiries.id} and ${entries.status} <> 'CANCELLED')`,
    })
    .from(inquiries)
    .innerJoin(categories, eq(categories.id, inquiries.categoryId))
    .where(eq(inquiries.buyerCompanyId, buyerCompanyId))
    .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
    .limit(limit);
}

/** Open nominated inquiries addressed to the supplier, newest first, with read and entry state. */
export async function latestNominatedInquiries(db: DbOrTx, supplierCompanyId: string, limit: number) {
  return db
    .select({
      id: inquiries.id,
      title: inquiries.title,
      categoryName: categories.name,
      desiredDeliveryDate: inquiries.desiredDeliveryDate,
      createdAt: inquiries.createdAt,
      readAt: inquiryRecipients.readAt,
      entered: sql<boolean>`exists (select 1 from ${entries} where ${entries.inquiryId} = ${inquiries.id} and ${entries.supplierCompanyId} = ${supplierCompanyId} and ${entries.status} <> 'CANCELLED')`,
    })
    .from(inquiries)
    .innerJoin(categories, eq(categories.id, inquiries.categoryId))
    .leftJoin(
      inquiryRecipients,
      and(
        eq(inquiryRecipients.inquiryId, inquiries.id),
        eq(inquiryRecipients.supplierCompanyId, supplierCompanyId),
      ),
    )
    .where(
      and(
        eq(inquiries.type, "NOMINATION"),
        eq(inquiries.nominatedCompanyId, supplierCompanyId),
        eq(inquiries.status, "OPEN"),
      ),
    )
    .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
    .limit(limit);
}

export async function countOpenNominatedInquiries(db: DbOrTx, supplierCompanyId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inquiries)
    .where(
      and(
        eq(inquiries.type, "NOMINATION"),
        eq(inquiries.nominatedCompanyId, supplierCompanyId),
        eq(inquiries.status, "OPEN"),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Public recruits every supplier sees: bulk inquiries the operator has opened. */
export async function countOpenPublicRecruits(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inquiries)
    .where(and(eq(inquiries.type, "BULK"), eq(inquiries.status, "OPEN")));
  return Number(row?.n ?? 0);
}

export async function countSupplierEntriesByStatus(
  db: DbOrTx,
  supplierCompanyId: string,
): Promise<Partial<Record<EntryStatus, number>>> {
  const rows = await db
    .select({ status: entries.status, n: count() })
    .from(entries)
    .where(eq(entries.supplierCompanyId, supplierCompanyId))
    .groupBy(entries.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

export async function findPaymentStatus(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({ paymentStatus: companies.paymentStatus })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.paymentStatus ?? null;
}

/** The plan contract that matters now: applied, active or ending; the newest one. */
export async function findCurrentPlanContract(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({
      status: planContracts.status,
      appliedAt: planContracts.appliedAt,
      startsOn: planContracts.startsOn,
      endsOn: planContracts.endsOn,
    })
    .from(planContracts)
    .where(
      and(
        eq(planContracts.companyId, companyId),
        inArray(planContracts.status, ["WAITING", "ACTIVE", "CANCEL_SCHEDULED"]),
      ),
    )
    .orderBy(desc(planContracts.createdAt))
    .limit(1);
  return row ?? null;
}

/** Published news for an audience (its own and ALL), newest first, none from the future. */
export async function latestNews(db: DbOrTx, audience: "BUYER" | "SUPPLIER", limit: number, now: Date) {
  return db
    .select({ id: news.id, title: news.title, publishedAt: news.publishedAt })
    .from(news)
    .where(
      and(
        eq(news.status, "PUBLISHED"),
        inArray(news.audience, ["ALL", audience]),
        lte(news.publishedAt, now),
      ),
    )
    .orderBy(desc(news.publishedAt), desc(news.id))
    .limit(limit);
}
