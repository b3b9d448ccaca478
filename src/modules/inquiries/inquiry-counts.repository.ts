import { and, count, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { categories, entries, inquiries, inquiryRecipients } from "@/server/db/schema";

// Counts and latest inquiries for the my-page tops and the console's dashboard (read only).

export type InquiryStatus = (typeof inquiries.$inferSelect)["status"];
export type InquiryType = (typeof inquiries.$inferSelect)["type"];

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

const openNominatedTo = (supplierCompanyId: string) =>
  and(
    eq(inquiries.type, "NOMINATION"),
    eq(inquiries.nominatedCompanyId, supplierCompanyId),
    eq(inquiries.status, "OPEN"),
  );

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
    .where(openNominatedTo(supplierCompanyId))
    .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
    .limit(limit);
}

export async function countOpenNominatedInquiries(db: DbOrTx, supplierCompanyId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(inquiries).where(openNominatedTo(supplierCompanyId));
  return Number(row?.n ?? 0);
}

/** Bulk inquiries of a status: OPEN are the public recruits every supplier sees, REVIEW wait for the operator. */
export async function countBulkInquiries(db: DbOrTx, status: InquiryStatus): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inquiries)
    .where(and(eq(inquiries.type, "BULK"), eq(inquiries.status, status)));
  return Number(row?.n ?? 0);
}
