import { and, eq, gt, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { companies, companyCategories, inquiries, inquiryRecipients } from "@/server/db/schema";

/** Bulk inquiries published since `since` and still taking entries. */
export function bulkPublishedSince(db: DbOrTx, since: Date) {
  return db
    .select({ id: inquiries.id, title: inquiries.title, categoryId: inquiries.categoryId })
    .from(inquiries)
    .where(and(eq(inquiries.type, "BULK"), eq(inquiries.status, "OPEN"), gt(inquiries.publishedAt, since)));
}

/** The suppliers the buyers selected on these inquiries (they were told by their own email). */
export function selectedRecipients(db: DbOrTx, inquiryIds: string[]) {
  return db
    .select({ inquiryId: inquiryRecipients.inquiryId, companyId: inquiryRecipients.supplierCompanyId })
    .from(inquiryRecipients)
    .where(inArray(inquiryRecipients.inquiryId, inquiryIds));
}

/** Active suppliers listing any of these categories: one row per supplier and matching category (a read of the companies' tables). */
export function activeSuppliersInCategories(db: DbOrTx, categoryIds: number[]) {
  return db
    .select({ companyId: companyCategories.companyId, categoryId: companyCategories.categoryId })
    .from(companyCategories)
    .innerJoin(companies, eq(companies.id, companyCategories.companyId))
    .where(
      and(
        inArray(companyCategories.categoryId, categoryIds),
        eq(companies.type, "SUPPLIER"),
        eq(companies.status, "ACTIVE"),
      ),
    );
}
