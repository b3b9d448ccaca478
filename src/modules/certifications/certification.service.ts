import { addDays, todayInJapan } from "@/lib/japan-time";
import { isUuid } from "@/lib/uuid";
import {
  readStoredFile,
  type StoredAttachment,
  uploadCertificateDocument,
} from "@/modules/files/attachment.service";
import type { CertificationType } from "@/modules/master-data/master-data.schema";
import { forgetCapabilityLists, listCertificationTypes } from "@/modules/master-data/master-data.service";
import type { CompanyScope } from "@/server/auth/company-scope";
import { appNow } from "@/server/clock";
import type { Db, DbOrTx } from "@/server/db/client";
import { AppError, invalid, notFound } from "@/server/http/errors";
import * as repo from "./certification.repository";
import {
  type Certification,
  type CertificationList,
  type CertificationStanding,
  type CertificationUpload,
  MAX_CERTIFICATIONS,
  MAX_EXPIRY_YEARS,
  STANDING_LABELS,
} from "./certification.schema";
import { refreshVerifiedCertifications } from "./certification-badges.service";

// The supplier's certificates and licences (issue 20): it uploads one with its document, the
// operator verifies or rejects it, and a verified one that has not expired is the badge. The
// supplier may delete any of its own; the badge is recomputed in the same transaction.

const NOT_FOUND = "証明書が見つかりませんでした。";
const TOO_MANY = `登録できる証明書は${MAX_CERTIFICATIONS}件までです。期限切れや不要な証明書を削除してから登録してください。`;

export const documentUrl = (companyId: string, id: string) =>
  `/api/oem/company/${companyId}/certifications/${id}/document`;

/** Whether a certificate is past its last valid day (Japan date) or was marked expired. */
export function isExpired(c: { expiresOn: string | null; expiredAt: Date | null }, today: string): boolean {
  return c.expiredAt !== null || (c.expiresOn !== null && c.expiresOn < today);
}

/** What the supplier reads: a rejection stays a rejection; otherwise an expired one is 「期限切れ」. */
export function standingOf(
  c: { status: "PENDING" | "VERIFIED" | "REJECTED"; expiresOn: string | null; expiredAt: Date | null },
  today: string,
): CertificationStanding {
  if (c.status === "REJECTED") return "REJECTED";
  return isExpired(c, today) ? "EXPIRED" : c.status;
}

/** The certification types by id; a type the operator just added is found after one reload. */
async function typesById(db: DbOrTx, ids: number[]): Promise<Map<number, CertificationType>> {
  let types = await listCertificationTypes(db);
  if (ids.some((id) => !types.some((t) => t.id === id))) {
    forgetCapabilityLists(db);
    types = await listCertificationTypes(db);
  }
  return new Map(types.map((t) => [t.id, t]));
}

function toCertification(
  scope: CompanyScope,
  r: repo.CertificationRow,
  types: Map<number, CertificationType>,
  today: string,
): Certification {
  const type = types.get(r.certificationTypeId);
  const standing = standingOf(r, today);
  return {
    id: r.id,
    certificationTypeId: r.certificationTypeId,
    certificationTypeName: type?.name ?? "（削除された種類）",
    kind: type?.kind ?? "CERTIFICATION",
    number: r.number,
    issuer: r.issuer,
    expiresOn: r.expiresOn,
    status: r.status,
    rejectionReason: r.status === "REJECTED" ? r.rejectionReason : null,
    isExpired: isExpired(r, today),
    standing,
    standingLabel: STANDING_LABELS[standing],
    document: {
      name: r.documentName,
      contentType: r.documentContentType,
      byteSize: r.documentByteSize,
      url: documentUrl(scope.companyId, r.id),
    },
    createdAt: r.createdAt.toISOString(),
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
  };
}

/** GET …/certifications: every certificate of the scope's company, newest first. */
export async function listCertifications(scope: CompanyScope, db: Db): Promise<CertificationList> {
  const rows = await repo.selectCertifications(scope, db);
  const types = await typesById(db, [...new Set(rows.map((r) => r.certificationTypeId))]);
  const today = todayInJapan(appNow());
  const items = rows.map((r) => toCertification(scope, r, types, today));
  return { items, total: items.length, max: MAX_CERTIFICATIONS };
}

/**
 * POST …/certifications: stores the document (PDF, JPEG or PNG, 10 MB), then the certificate as
 * PENDING for the operator. 422 for an unknown type or a past expiry, 409 past the limit.
 */
export async function uploadCertification(
  scope: CompanyScope,
  db: Db,
  input: CertificationUpload,
): Promise<Certification> {
  const types = await typesById(db, [input.certificationTypeId]);
  const today = todayInJapan(appNow());
  const fields: Record<string, string> = {};
  if (!types.has(input.certificationTypeId))
    fields.certificationTypeId = "認証・許可の種類を一覧から選択してください";
  if (input.expiresOn !== null && input.expiresOn < today)
    fields.expiresOn = "有効期限が過ぎています。有効期限内の証明書を登録してください";
  else if (input.expiresOn !== null && input.expiresOn > addDays(today, MAX_EXPIRY_YEARS * 366))
    fields.expiresOn = `有効期限は${MAX_EXPIRY_YEARS}年以内の日付を入力してください`;
  if (Object.keys(fields).length) throw invalid(fields);
  // Checked before the file is stored; checked again under the lock below.
  if ((await repo.countCertifications(scope, db)) >= MAX_CERTIFICATIONS)
    throw new AppError("CONFLICT", TOO_MANY);

  const document = await uploadCertificateDocument(scope, db, input.file);
  const id = await db.transaction(async (tx) => {
    await repo.lockCompanyCertifications(scope, tx);
    if ((await repo.countCertifications(scope, tx)) >= MAX_CERTIFICATIONS)
      throw new AppError("CONFLICT", TOO_MANY);
    return repo.insertCertification(scope, tx, {
      certificationTypeId: input.certificationTypeId,
      number: input.number,
      issuer: input.issuer,
      expiresOn: input.expiresOn,
      documentFileId: document.id,
    });
  });
  const created = await repo.findCertification(scope, db, id);
  return toCertification(scope, created!, types, today);
}

/** POST …/certifications/{id}/delete: removes the certificate; its badge goes in the same transaction. */
export async function deleteCertification(scope: CompanyScope, db: Db, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  await db.transaction(async (tx) => {
    await repo.lockCompanyCertifications(scope, tx);
    if (!(await repo.deleteCertification(scope, tx, id))) throw notFound(NOT_FOUND);
    await refreshVerifiedCertifications(tx, scope.companyId, appNow());
  });
}

/** GET …/certifications/{id}/document: the document of one of the scope's certificates. */
export async function readCertificationDocument(
  scope: CompanyScope,
  db: Db,
  id: string,
): Promise<StoredAttachment> {
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  const found = await repo.findCertification(scope, db, id);
  const file = found && (await readStoredFile(db, found.documentFileId));
  if (!file) throw notFound(NOT_FOUND);
  return file;
}
