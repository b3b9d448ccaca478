import { and, asc, eq, gte, isNull, or } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { supplierCertifications } from "@/server/db/schema";

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
