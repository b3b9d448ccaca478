import type { CompanyScope } from "@/server/auth/company-scope";
import type { DbOrTx } from "@/server/db/client";
import * as repo from "./company-counts.repository";

// Company figures for the my-page tops and the console (dashboard, audit log): read only.

/** The supplier's plan as the company row holds it; null when the row is gone. */
export function paymentStatusOf(scope: CompanyScope, db: DbOrTx) {
  return repo.findPaymentStatus(db, scope.companyId);
}

/** Buyers and suppliers registered since a moment (the console's dashboard). */
export function registrationsSince(db: DbOrTx, since: Date): Promise<{ buyers: number; suppliers: number }> {
  return repo.registrationsSince(db, since);
}

/** Company names by id (the audit log's snapshots keep ids only). */
export function companyNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  return repo.companyNames(db, ids);
}
