import type { CompanyScope } from "@/server/auth/company-scope";
import type { DbOrTx } from "@/server/db/client";
import * as repo from "./inquiry-counts.repository";
import { inquiryCountsByStatus } from "./inquiry-operator.repository";

// What the my-page tops and the console's dashboard show of inquiries (read only).

export type { InquiryStatus, InquiryType } from "./inquiry-counts.repository";

/** The buyer's inquiries by status (the same query the console's buyer page uses). */
export async function countBuyerInquiriesByStatus(
  scope: CompanyScope,
  db: DbOrTx,
): Promise<Partial<Record<repo.InquiryStatus, number>>> {
  const rows = await inquiryCountsByStatus(db, scope.companyId);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

export function latestBuyerInquiries(scope: CompanyScope, db: DbOrTx, limit: number) {
  return repo.latestBuyerInquiries(db, scope.companyId, limit);
}

export function latestNominatedInquiries(scope: CompanyScope, db: DbOrTx, limit: number) {
  return repo.latestNominatedInquiries(db, scope.companyId, limit);
}

export function countOpenNominatedInquiries(scope: CompanyScope, db: DbOrTx): Promise<number> {
  return repo.countOpenNominatedInquiries(db, scope.companyId);
}

/** Public recruits every supplier sees: bulk inquiries the operator has opened. */
export function countOpenPublicRecruits(db: DbOrTx): Promise<number> {
  return repo.countBulkInquiries(db, "OPEN");
}

/** Bulk inquiries waiting for the operator's review (the console's dashboard). */
export function countBulkInquiriesInReview(db: DbOrTx): Promise<number> {
  return repo.countBulkInquiries(db, "REVIEW");
}
