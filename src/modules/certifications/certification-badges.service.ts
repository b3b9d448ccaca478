import { todayInJapan } from "@/lib/japan-time";
import { setVerifiedCertificationIds } from "@/modules/companies/company.service";
import type { DbOrTx } from "@/server/db/client";
import { lockBadges, selectVerifiedTypeIds } from "./certification-badges.repository";

/**
 * Recomputes `supplier_profiles.verified_certification_ids` (the badges, the search filter and the
 * fit) from the supplier's certificates: VERIFIED, not marked expired, and valid on `now`'s Japan
 * date. Every write that changes a certificate's standing calls it in the same transaction. It locks
 * the supplier's profile row first (held to the commit): concurrent changes of one supplier queue up,
 * and each computes the list after the previous one committed.
 */
export async function refreshVerifiedCertifications(
  tx: DbOrTx,
  companyId: string,
  now: Date,
): Promise<number[]> {
  await lockBadges(tx, companyId);
  const ids = await selectVerifiedTypeIds(tx, companyId, todayInJapan(now));
  await setVerifiedCertificationIds(tx, companyId, ids);
  return ids;
}
