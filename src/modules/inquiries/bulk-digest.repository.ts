import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import {
  companies,
  companyCategories,
  inquiries,
  inquiryRecipients,
  supplierProfiles,
} from "@/server/db/schema";
import { fitsSql, inquiryNeeds } from "./fit-sql.repository";

/** Bulk inquiries published since `since` and still taking entries. */
export function bulkPublishedSince(db: DbOrTx, since: Date) {
  return db
    .select({ id: inquiries.id, title: inquiries.title, categoryId: inquiries.categoryId })
    .from(inquiries)
    .where(and(eq(inquiries.type, "BULK"), eq(inquiries.status, "OPEN"), gt(inquiries.publishedAt, since)))
    .orderBy(inquiries.publishedAt, inquiries.id);
}

/** The suppliers the buyers selected on these inquiries (they were told by their own email). */
export function selectedRecipients(db: DbOrTx, inquiryIds: string[]) {
  return db
    .select({ inquiryId: inquiryRecipients.inquiryId, companyId: inquiryRecipients.supplierCompanyId })
    .from(inquiryRecipients)
    .where(inArray(inquiryRecipients.inquiryId, inquiryIds));
}

/**
 * Every active supplier listing an inquiry's category, one row per inquiry and supplier, with
 * whether it fits the inquiry's hard rules (fitOf's `fits`: verified certifications, lot, monthly
 * quantity) read from its profile: one statement (a read of the companies' tables).
 */
export function suppliersOfInquiries(db: DbOrTx, inquiryIds: string[]) {
  const profile = {
    verifiedCertificationIds: sql`coalesce(${supplierProfiles.verifiedCertificationIds}, '{}'::int[])`,
    quantityUnit: supplierProfiles.quantityUnit,
    moqMin: supplierProfiles.moqMin,
    monthlyCapacity: supplierProfiles.monthlyCapacity,
    smallLotAccepted: supplierProfiles.smallLotAccepted,
    smallLotMin: supplierProfiles.smallLotMin,
  };
  return db
    .select({
      inquiryId: inquiries.id,
      companyId: companyCategories.companyId,
      fits: fitsSql(inquiryNeeds(), profile),
    })
    .from(inquiries)
    .innerJoin(companyCategories, eq(companyCategories.categoryId, inquiries.categoryId))
    .innerJoin(companies, eq(companies.id, companyCategories.companyId))
    .leftJoin(supplierProfiles, eq(supplierProfiles.companyId, companies.id))
    .where(
      and(inArray(inquiries.id, inquiryIds), eq(companies.type, "SUPPLIER"), eq(companies.status, "ACTIVE")),
    );
}
