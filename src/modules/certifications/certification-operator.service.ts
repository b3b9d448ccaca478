import { type Listing, listing, pageOf } from "@/lib/console-listing";
import type { CsvColumn } from "@/lib/csv";
import { todayInJapan } from "@/lib/japan-time";
import { isUuid } from "@/lib/uuid";
import { audited, type OperatorActor } from "@/modules/audit/audit.service";
import { readStoredFile, type StoredAttachment } from "@/modules/files/attachment.service";
import { appNow } from "@/server/clock";
import type { Db, Tx } from "@/server/db/client";
import { enqueueEmail } from "@/server/email/outbox";
import type { RenderedEmail } from "@/server/email/templates";
import { AppError, notFound } from "@/server/http/errors";
import { refreshVerifiedCertifications } from "./certification-badges.service";
import * as repo from "./certification-operator.repository";
import {
  CERTIFICATE_STATUS_LABELS,
  type CertificationDetail,
  type CertificationQueueItem,
  type CertificationQueueQuery,
  EXPIRED_CANNOT_VERIFY,
  type RejectCertificationInput,
} from "./certification-operator.schema";
import { certificationRejectedMail, certificationVerifiedMail } from "./certification-templates";

// The operator's review of supplier certificates (console 「認証の確認」, docs/capabilities.md):
// the queue, one certificate with its document, verify (PENDING → VERIFIED) and reject (PENDING or
// VERIFIED → REJECTED, with a reason). Each review is one transaction through audited(): the
// status, the supplier's badges (refreshVerifiedCertifications), an email to each member of the
// supplier, and the audit row commit together.

export const VERIFY_ACTION = "supplier_certification.verify";
export const REJECT_ACTION = "supplier_certification.reject";
export const AUDIT_TARGET = "supplier_certification";

const NOT_FOUND = "証明書が見つかりませんでした。";
const ALREADY_REVIEWED = "この証明書はすでに確認済みです。最新の状態を確認してください。";
const ALREADY_REJECTED = "この証明書はすでに差し戻し済みです。";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The last valid day has passed in Japan, or the expiry job marked it. */
const isExpired = (r: { expiresOn: string | null; expiredAt: Date | null }, today: string) =>
  r.expiredAt !== null || (r.expiresOn !== null && r.expiresOn < today);

export const documentUrl = (id: string) => `/api/owner/certifications/${id}/document`;

function queueItem(r: repo.QueueRow, today: string): CertificationQueueItem {
  return {
    id: r.id,
    company: { id: r.companyId, name: r.companyName, status: r.companyStatus },
    type: { id: r.typeId, name: r.typeName, kind: r.typeKind },
    number: r.number,
    issuer: r.issuer,
    expiresOn: r.expiresOn,
    status: r.status,
    expired: isExpired(r, today),
    createdAt: r.createdAt.toISOString(),
    reviewedAt: iso(r.reviewedAt),
  };
}

const CSV: Array<CsvColumn<CertificationQueueItem>> = [
  { header: "証明書ID", value: (r) => r.id },
  { header: "企業ID", value: (r) => r.company.id },
  { header: "企業名", value: (r) => r.company.name },
  { header: "認証・許可", value: (r) => r.type.name },
  { header: "種類", value: (r) => (r.type.kind === "LICENSE" ? "許可・登録" : "認証") },
  { header: "登録番号", value: (r) => r.number },
  { header: "発行機関", value: (r) => r.issuer },
  { header: "有効期限", value: (r) => r.expiresOn },
  { header: "状態", value: (r) => CERTIFICATE_STATUS_LABELS[r.status] },
  { header: "期限切れ", value: (r) => r.expired },
  { header: "登録日時", value: (r) => new Date(r.createdAt) },
  { header: "確認日時", value: (r) => (r.reviewedAt ? new Date(r.reviewedAt) : null) },
];

/** GET /api/owner/certifications: a page of one status (確認待ち oldest first). */
export async function listCertifications(
  db: Db,
  q: CertificationQueueQuery,
  now = appNow(),
): Promise<Listing<CertificationQueueItem>> {
  const { rows, total } = await repo.listQueue(db, q, pageOf(q));
  const today = todayInJapan(now);
  return listing(
    q,
    rows.map((r) => queueItem(r, today)),
    total,
    { name: `certifications-${q.status.toLowerCase()}`, columns: CSV },
  );
}

function detailOf(r: repo.CertificationRow, today: string): CertificationDetail {
  return {
    ...queueItem(r, today),
    document: {
      name: r.documentName,
      contentType: r.documentType,
      byteSize: r.documentSize,
      url: documentUrl(r.id),
    },
    reviewedBy: r.reviewerId ? { id: r.reviewerId, name: r.reviewerName ?? "" } : null,
    rejectionReason: r.rejectionReason,
    reminderSentAt: iso(r.reminderSentAt),
    expiredAt: iso(r.expiredAt),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** GET /api/owner/certifications/{id}; 404 for an unknown id. */
export async function getCertification(db: Db, id: string, now = appNow()): Promise<CertificationDetail> {
  const row = isUuid(id) ? await repo.findCertification(db, id) : undefined;
  if (!row) throw notFound(NOT_FOUND);
  return detailOf(row, todayInJapan(now));
}

/** GET …/document: the uploaded file, read through the files module; 404 when it is gone. */
export async function readCertificationDocument(db: Db, id: string): Promise<StoredAttachment> {
  const row = isUuid(id) ? await repo.findCertification(db, id) : undefined;
  const file = row ? await readStoredFile(db, row.documentFileId) : undefined;
  if (!file) throw notFound(NOT_FOUND);
  return file;
}

async function lockedCertification(tx: Tx, id: string): Promise<repo.LockedCertification> {
  const row = await repo.lockCertification(tx, id);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

async function tellMembers(
  tx: Tx,
  cert: repo.LockedCertification,
  mail: (to: { companyName: string; name: string }) => RenderedEmail,
) {
  for (const m of await repo.memberContacts(tx, cert.companyId))
    await enqueueEmail(tx, m.email, mail({ companyName: cert.companyName, name: m.name }));
}

/** The review itself: status and reviewer, then the supplier's badges (under the supplier's lock). */
async function review(
  tx: Tx,
  actor: OperatorActor,
  cert: repo.LockedCertification,
  v: { status: "VERIFIED" | "REJECTED"; at: Date; rejectionReason: string | null },
) {
  await repo.setReview(tx, cert.id, { ...v, ownerId: actor.ownerId });
  await refreshVerifiedCertifications(tx, cert.companyId, v.at);
}

/**
 * POST …/verify: a PENDING certificate becomes VERIFIED and its type a badge of the supplier.
 * 409 when it was reviewed already; 400 when its last valid day has passed (Japan date).
 */
export async function verifyCertification(
  db: Db,
  actor: OperatorActor,
  id: string,
  now = appNow(),
): Promise<CertificationDetail> {
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  await audited(
    db,
    actor,
    VERIFY_ACTION,
    { type: AUDIT_TARGET, id, read: (tx) => lockedCertification(tx, id) },
    async (tx, cert) => {
      if (cert.status !== "PENDING") throw new AppError("CONFLICT", ALREADY_REVIEWED);
      if (isExpired(cert, todayInJapan(now))) throw new AppError("BAD_REQUEST", EXPIRED_CANNOT_VERIFY);
      await review(tx, actor, cert, { status: "VERIFIED", at: now, rejectionReason: null });
      const facts = { typeName: cert.typeName, number: cert.number, expiresOn: cert.expiresOn };
      await tellMembers(tx, cert, (to) => certificationVerifiedMail({ ...to, ...facts }));
    },
  );
  return getCertification(db, id, now);
}

/**
 * POST …/reject: a PENDING certificate is sent back, or a VERIFIED one withdrawn (its badge goes
 * unless another certificate of the type keeps it), with the reason the supplier reads. 409 when
 * it is rejected already.
 */
export async function rejectCertification(
  db: Db,
  actor: OperatorActor,
  id: string,
  input: RejectCertificationInput,
  now = appNow(),
): Promise<CertificationDetail> {
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  await audited(
    db,
    actor,
    REJECT_ACTION,
    { type: AUDIT_TARGET, id, read: (tx) => lockedCertification(tx, id) },
    async (tx, cert) => {
      if (cert.status === "REJECTED") throw new AppError("CONFLICT", ALREADY_REJECTED);
      await review(tx, actor, cert, { status: "REJECTED", at: now, rejectionReason: input.reason });
      const facts = { typeName: cert.typeName, number: cert.number, expiresOn: cert.expiresOn };
      const wasVerified = cert.status === "VERIFIED";
      await tellMembers(tx, cert, (to) =>
        certificationRejectedMail({ ...to, ...facts, reason: input.reason, wasVerified }),
      );
    },
  );
  return getCertification(db, id, now);
}
