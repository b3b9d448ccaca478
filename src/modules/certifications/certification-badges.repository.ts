import { and, asc, eq, gte, isNull, or } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { supplierCertifications, supplierProfiles } from "@/server/db/schema";

/**
 * Locks the supplier's profile row for the rest of the transaction: the badges are recomputed under
 * it, so two changes of one supplier's certificates (two processes) never write a list computed
 * before the other committed (tests/system/certification-expiry.test.ts shows the lost update).
 */
export async function lockBadges(tx: DbOrTx, companyId: string): Promise<void> {
  await tx
    .select({ companyId: supplierProfiles.companyId })
    .from(supplierProfiles)
    .where(eq(supplierProfiles.companyId, companyId))
    .for("update");
}

/** The certification types of the company's VERIFIED certificates still valid on `today` (Japan date). */
export async function selectVerifiedTypeIds(tx: DbOrTx, companyId: string, today: string): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ typeId: supplierCertifications.certificationTypeId })
    .from(supplierCertifications)
    .where(
      and(
        eq(supplierCertifications.companyId, companyId),
        eq(supplierCertifications.status, "VERIFIED"),
        isNull(supplierCertifications.expiredAt),
        or(isNull(supplierCertifications.expiresOn), gte(supplierCertifications.expiresOn, today)),
      ),
    )
    .orderBy(asc(supplierCertifications.certificationTypeId));
  return rows.map((r) => r.typeId);
}
