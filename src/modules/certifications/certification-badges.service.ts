import { todayInJapan } from "@/lib/japan-time";
import { setVerifiedCertificationIds } from "@/modules/companies/company.service";
import type { DbOrTx } from "@/server/db/client";
import { selectVerifiedTypeIds } from "./certification-badges.repository";

/**
 * Recomputes `supplier_profiles.verified_certification_ids` (the badges, the search filter and the
 * fit) from the supplier's certificates: VERIFIED, not marked expired, and valid on `now`'s Japan
 * date. Every write that changes a certificate's standing calls it in the same transaction.
 */
export async function refreshVerifiedCertifications(
  tx: DbOrTx,
  companyId: string,
  now: Date,
): Promise<number[]> {
  const ids = await selectVerifiedTypeIds(tx, companyId, todayInJapan(now));
  await setVerifiedCertificationIds(tx, companyId, ids);
  return ids;
}
