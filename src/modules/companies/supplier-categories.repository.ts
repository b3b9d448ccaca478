import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { companies, companyCategories } from "@/server/db/schema";

/** Active suppliers listing any of these categories: one row per supplier and matching category. */
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
