import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import {
  certificationTypes,
  companies,
  dealQuoteVersions,
  dealThreads,
  supplierProfiles,
} from "@/server/db/schema";
import { supplierNameShown } from "./thread-list.repository";

// The comparison table's one query: every thread of an inquiry with its supplier, the supplier's
// verified certifications (認証確認済み: the types in supplier_profiles.verified_certification_ids,
// kept by the certifications module, named in the master list's order) and its current version.

export function threadsWithCurrentVersion(db: DbOrTx, inquiryId: string) {
  return db
    .select({
      threadId: dealThreads.id,
      status: dealThreads.status,
      quoteVersion: dealThreads.quoteVersion,
      reasonCode: dealThreads.reasonCode,
      supplierCompanyId: dealThreads.supplierCompanyId,
      supplierName: companies.name,
      // The thread's own rule (written or quoted to this buyer, or entered one of its inquiries).
      nameShown: supplierNameShown(),
      certifications: sql<Array<{ id: number; name: string }>>`coalesce((
        select json_agg(json_build_object('id', ct.id, 'name', ct.name) order by ct.sort_order, ct.id)
        from ${supplierProfiles} sp join ${certificationTypes} ct on ct.id = any(sp.verified_certification_ids)
        where sp.company_id = ${dealThreads.supplierCompanyId}), '[]'::json)`,
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
