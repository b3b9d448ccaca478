import { and, count, desc, eq, sql } from "drizzle-orm";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { DbOrTx } from "@/server/db/client";
import { files, supplierCertifications } from "@/server/db/schema";

// The supplier's own certificates (issue 20), always scoped to its company. The operator's queue
// and the expiry job have their own repositories.

const row = {
  id: supplierCertifications.id,
  certificationTypeId: supplierCertifications.certificationTypeId,
  number: supplierCertifications.number,
  issuer: supplierCertifications.issuer,
  expiresOn: supplierCertifications.expiresOn,
  status: supplierCertifications.status,
  rejectionReason: supplierCertifications.rejectionReason,
  expiredAt: supplierCertifications.expiredAt,
  reviewedAt: supplierCertifications.reviewedAt,
  createdAt: supplierCertifications.createdAt,
  documentFileId: supplierCertifications.documentFileId,
  documentName: files.originalName,
  documentContentType: files.contentType,
  documentByteSize: files.byteSize,
};

export type CertificationRow = Awaited<ReturnType<typeof selectCertifications>>[number];

/** The company's certificates with their documents' names, newest first. */
export function selectCertifications({ companyId }: CompanyScope, db: DbOrTx) {
  return db
    .select(row)
    .from(supplierCertifications)
    .innerJoin(files, eq(files.id, supplierCertifications.documentFileId))
    .where(eq(supplierCertifications.companyId, companyId))
    .orderBy(desc(supplierCertifications.createdAt), desc(supplierCertifications.id));
}

/** One certificate of the company; undefined for another company's or an unknown id. */
export async function findCertification({ companyId }: CompanyScope, db: DbOrTx, id: string) {
  const [found] = await db
    .select(row)
    .from(supplierCertifications)
    .innerJoin(files, eq(files.id, supplierCertifications.documentFileId))
    .where(and(eq(supplierCertifications.companyId, companyId), eq(supplierCertifications.id, id)))
    .limit(1);
  return found;
}

export async function countCertifications({ companyId }: CompanyScope, db: DbOrTx): Promise<number> {
  const [n] = await db
    .select({ n: count() })
    .from(supplierCertifications)
    .where(eq(supplierCertifications.companyId, companyId));
  return Number(n?.n ?? 0);
}

/**
 * Serialises the company's certificate writes until the transaction ends, so two uploads at once
 * cannot both pass the count (a lock on a key of our own: no other table's row is held).
 */
export async function lockCompanyCertifications({ companyId }: CompanyScope, tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`certifications:${companyId}`}, 0))`);
}

export async function insertCertification(
  { companyId }: CompanyScope,
  tx: DbOrTx,
  v: {
    certificationTypeId: number;
    number: string;
    issuer: string;
    expiresOn: string | null;
    documentFileId: string;
  },
): Promise<string> {
  const [created] = await tx
    .insert(supplierCertifications)
    .values({ companyId, ...v })
    .returning({ id: supplierCertifications.id });
  return created!.id;
}

/** Deletes one of the company's certificates; false when there is none with that id. */
export async function deleteCertification(
  { companyId }: CompanyScope,
  tx: DbOrTx,
  id: string,
): Promise<boolean> {
  const deleted = await tx
    .delete(supplierCertifications)
    .where(and(eq(supplierCertifications.companyId, companyId), eq(supplierCertifications.id, id)))
    .returning({ id: supplierCertifications.id });
  return deleted.length > 0;
}
