import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { type Page, totalOf } from "@/server/db/listing";
import {
  certificationTypes,
  companies,
  files,
  memberships,
  owners,
  supplierCertifications,
  users,
} from "@/server/db/schema";
import type { CertificateStatus } from "./certification-operator.schema";

// The operator's side of supplier_certifications (the certifications module owns the table): the
// queue, one certificate with its company, type, document and reviewer, and the review's writes.

const c = supplierCertifications;

const queueColumns = {
  id: c.id,
  companyId: c.companyId,
  companyName: companies.name,
  companyStatus: companies.status,
  typeId: certificationTypes.id,
  typeName: certificationTypes.name,
  typeKind: certificationTypes.kind,
  number: c.number,
  issuer: c.issuer,
  expiresOn: c.expiresOn,
  status: c.status,
  createdAt: c.createdAt,
  reviewedAt: c.reviewedAt,
  expiredAt: c.expiredAt,
};

/**
 * A page of the queue with its total. PENDING is oldest first, on the partial index
 * supplier_certifications_pending_idx (created_at, id); the reviewed ones newest review first.
 */
export async function listQueue(
  db: DbOrTx,
  q: { status: CertificateStatus; companyId?: string },
  page: Page,
) {
  const where = and(eq(c.status, q.status), q.companyId ? eq(c.companyId, q.companyId) : undefined);
  const order =
    q.status === "PENDING"
      ? [asc(c.createdAt), asc(c.id)]
      : [sql`${c.reviewedAt} desc nulls last`, desc(c.id)];
  const rows = await db
    .select(queueColumns)
    .from(c)
    .innerJoin(companies, eq(companies.id, c.companyId))
    .innerJoin(certificationTypes, eq(certificationTypes.id, c.certificationTypeId))
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: await totalOf(db, sql`${c}`, where as SQL) };
}

export type QueueRow = Awaited<ReturnType<typeof listQueue>>["rows"][number];

/** One certificate with its company, type, document and reviewer; undefined when there is none. */
export async function findCertification(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      ...queueColumns,
      documentFileId: c.documentFileId,
      documentName: files.originalName,
      documentType: files.contentType,
      documentSize: files.byteSize,
      reviewerId: owners.id,
      reviewerName: owners.name,
      rejectionReason: c.rejectionReason,
      reminderSentAt: c.reminderSentAt,
      updatedAt: c.updatedAt,
    })
    .from(c)
    .innerJoin(companies, eq(companies.id, c.companyId))
    .innerJoin(certificationTypes, eq(certificationTypes.id, c.certificationTypeId))
    .innerJoin(files, eq(files.id, c.documentFileId))
    .leftJoin(owners, eq(owners.id, c.reviewedByOwnerId))
    .where(eq(c.id, id));
  return row;
}

export type CertificationRow = NonNullable<Awaited<ReturnType<typeof findCertification>>>;

/** The certificate locked for the review, as its audit snapshot keeps it (company and type named). */
export async function lockCertification(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      id: c.id,
      companyId: c.companyId,
      companyName: companies.name,
      certificationTypeId: c.certificationTypeId,
      typeName: certificationTypes.name,
      number: c.number,
      issuer: c.issuer,
      expiresOn: c.expiresOn,
      status: c.status,
      reviewedAt: c.reviewedAt,
      reviewedByOwnerId: c.reviewedByOwnerId,
      rejectionReason: c.rejectionReason,
      expiredAt: c.expiredAt,
    })
    .from(c)
    .innerJoin(companies, eq(companies.id, c.companyId))
    .innerJoin(certificationTypes, eq(certificationTypes.id, c.certificationTypeId))
    .where(eq(c.id, id))
    .for("update", { of: c });
  return row;
}

export type LockedCertification = NonNullable<Awaited<ReturnType<typeof lockCertification>>>;

export async function setReview(
  tx: DbOrTx,
  id: string,
  v: { status: "VERIFIED" | "REJECTED"; at: Date; ownerId: string; rejectionReason: string | null },
): Promise<void> {
  await tx
    .update(c)
    .set({
      status: v.status,
      reviewedAt: v.at,
      reviewedByOwnerId: v.ownerId,
      rejectionReason: v.rejectionReason,
      updatedAt: v.at,
    })
    .where(eq(c.id, id));
}

/** The supplier's members to tell, with the name they go by in it. */
export function memberContacts(db: DbOrTx, companyId: string) {
  return db
    .select({ email: users.email, name: memberships.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.companyId, companyId));
}
