import type { CompanyScope } from "@/server/auth/company-scope";
import type { DbOrTx } from "@/server/db/client";
import * as repo from "./entry-counts.repository";

// What the supplier's my-page top shows of its entries.

export type { EntryStatus } from "./entry-counts.repository";

export function countSupplierEntriesByStatus(scope: CompanyScope, db: DbOrTx) {
  return repo.countSupplierEntriesByStatus(db, scope.companyId);
}
