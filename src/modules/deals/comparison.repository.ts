import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { companies, dealMessages, dealQuoteVersions, dealThreads } from "@/server/db/schema";

// The comparison table's one query: every thread of an inquiry with its supplier and current version.

export function threadsWithCurrentVersion(db: DbOrTx, inquiryId: string) {
  return db
    .select({
      threadId: dealThreads.id,
      status: dealThreads.status,
      quoteVersion: dealThreads.quoteVersion,
      reasonCode: dealThreads.reasonCode,
      supplierCompanyId: dealThreads.supplierCompanyId,
      supplierName: companies.name,
      namePublished: companies.namePublished,
      supplierWrote: sql<boolean>`exists (select 1 from ${dealMessages} m
        where m.thread_id = ${dealThreads.id} and m.side = 'SUPPLIER')`,
      version: getTableColumns(dealQuoteVersions),
    })
    .from(dealThreads)
    .innerJoin(companies, eq(companies.id, dealThreads.supplierCompanyId))
    .leftJoin(
      dealQuoteVersions,
      and(
        eq(dealQuoteVersions.threadId, dealThreads.id),
        eq(dealQuoteVersions.version, dealThreads.quoteVersion),
      ),
    )
    .where(eq(dealThreads.inquiryId, inquiryId))
    .orderBy(asc(dealThreads.openedAt), asc(dealThreads.id));
}
