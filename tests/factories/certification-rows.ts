import { createHash, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { refreshVerifiedCertifications } from "@/modules/certifications/certification-badges.service";
import { type Db, db as processDb } from "@/server/db/client";
import { certificationTypes, files, supplierCertifications, supplierProfiles } from "@/server/db/schema";
import { getStorage } from "@/server/storage/storage";

// Supplier certificates inserted directly (the document's file row and bytes, then the certificate),
// for the operator's review and the expiry job; the suppliers' upload API has its own tests.

/** A one-page PDF: enough for the document download to answer its bytes. */
export const CERTIFICATE_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

export interface CertificationRow {
  /** A seeded type's slug (master-data.data.ts), e.g. "iso-9001". */
  type?: string;
  number?: string;
  issuer?: string;
  expiresOn?: string | null;
  status?: "PENDING" | "VERIFIED" | "REJECTED";
  createdAt?: Date;
  reviewedAt?: Date | null;
  reminderSentAt?: Date | null;
  expiredAt?: Date | null;
  rejectionReason?: string | null;
  /** Write the document's bytes to the storage (API tests download it; system tests do not). */
  store?: boolean;
}

export async function certificationTypeId(slug: string, db: Db = processDb()): Promise<number> {
  const [row] = await db
    .select({ id: certificationTypes.id })
    .from(certificationTypes)
    .where(eq(certificationTypes.slug, slug));
  if (!row) throw new Error(`no certification type ${slug}`);
  return row.id;
}

/** A certificate of `companyId` with its document; a VERIFIED one also refreshes the supplier's badges. */
export async function insertCertification(
  companyId: string,
  row: CertificationRow = {},
  db: Db = processDb(),
): Promise<{ id: string; fileId: string; typeId: number }> {
  const typeId = await certificationTypeId(row.type ?? "iso-9001", db);
  const fileId = randomUUID();
  const storageKey = `certifications/${fileId}.pdf`;
  if (row.store !== false) await getStorage().put(storageKey, CERTIFICATE_PDF, "application/pdf");
  await db.insert(files).values({
    id: fileId,
    kind: "DOCUMENT",
    companyId,
    storageKey,
    originalName: "登録証.pdf",
    contentType: "application/pdf",
    byteSize: CERTIFICATE_PDF.length,
    sha256: createHash("sha256").update(CERTIFICATE_PDF).digest("hex"),
  });
  const status = row.status ?? "PENDING";
  const [cert] = await db
    .insert(supplierCertifications)
    .values({
      companyId,
      certificationTypeId: typeId,
      number: row.number ?? `JQA-${randomUUID().slice(0, 6).toUpperCase()}`,
      issuer: row.issuer ?? "一般財団法人日本品質保証機構",
      expiresOn: row.expiresOn === undefined ? "2099-12-31" : row.expiresOn,
      documentFileId: fileId,
      status,
      createdAt: row.createdAt ?? new Date(),
      reviewedAt: row.reviewedAt ?? (status === "PENDING" ? null : new Date()),
      rejectionReason: row.rejectionReason ?? (status === "REJECTED" ? "証明書の画像が不鮮明です" : null),
      reminderSentAt: row.reminderSentAt ?? null,
      expiredAt: row.expiredAt ?? null,
    })
    .returning({ id: supplierCertifications.id });
  if (status === "VERIFIED") await refreshVerifiedCertifications(db, companyId, new Date());
  return { id: cert!.id, fileId, typeId };
}

/** The supplier's badges as stored (supplier_profiles.verified_certification_ids). */
export async function verifiedIdsOf(companyId: string, db: Db = processDb()): Promise<number[]> {
  const [row] = await db
    .select({ ids: supplierProfiles.verifiedCertificationIds })
    .from(supplierProfiles)
    .where(eq(supplierProfiles.companyId, companyId));
  return row?.ids ?? [];
}
