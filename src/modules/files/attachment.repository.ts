import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/server/db/client";
import {
  companies,
  entries,
  entryAttachments,
  files,
  inquiries,
  inquiryAttachments,
  memberships,
} from "@/server/db/schema";
import { insertFile, type NewFile } from "./files.repository";

export const insertAttachmentFile = (db: DbOrTx, v: NewFile) => insertFile(db, "DOCUMENT", v);

export async function deleteFiles(tx: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length) await tx.delete(files).where(inArray(files.id, [...ids]));
}

/** Bytes the company keeps in stored files of every kind. */
export async function storedBytesOf(db: DbOrTx, companyId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${files.byteSize}), 0)` })
    .from(files)
    .where(eq(files.companyId, companyId));
  return Number(row?.n ?? 0);
}

/**
 * Inserts the file unless the company's stored bytes would pass `quota`; undefined then. The
 * company's advisory lock makes concurrent uploads of one company take their turn at the check.
 */
export async function insertWithinQuota(db: Db, v: NewFile & { companyId: string }, quota: number) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`files-quota:${v.companyId}`}))`);
    if ((await storedBytesOf(tx, v.companyId)) + v.byteSize > quota) return undefined;
    return insertFile(tx, "DOCUMENT", v);
  });
}

export type FileRow = NonNullable<Awaited<ReturnType<typeof findFile>>>;

export async function findFile(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: files.id,
      companyId: files.companyId,
      storageKey: files.storageKey,
      originalName: files.originalName,
      contentType: files.contentType,
      byteSize: files.byteSize,
      sha256: files.sha256,
    })
    .from(files)
    .where(eq(files.id, id))
    .limit(1);
  return row;
}

/** The user's memberships of active companies. */
export function activeCompaniesOf(db: DbOrTx, userId: string) {
  return db
    .select({ companyId: companies.id, type: companies.type, paymentStatus: companies.paymentStatus })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.userId, userId), eq(companies.status, "ACTIVE")));
}

/** The inquiries a file is attached to, with what the visibility policy needs. */
export function inquiriesWithFile(db: DbOrTx, fileId: string) {
  return db
    .select({
      id: inquiries.id,
      type: inquiries.type,
      status: inquiries.status,
      nominatedCompanyId: inquiries.nominatedCompanyId,
      entryDeadline: inquiries.entryDeadline,
    })
    .from(inquiryAttachments)
    .innerJoin(inquiries, eq(inquiries.id, inquiryAttachments.inquiryId))
    .where(eq(inquiryAttachments.fileId, fileId));
}

/** The buyer companies that received a (live) entry carrying the file. */
export async function buyerCompaniesOfEntryFile(db: DbOrTx, fileId: string): Promise<Set<string>> {
  const rows = await db
    .select({ buyerCompanyId: inquiries.buyerCompanyId, status: entries.status })
    .from(entryAttachments)
    .innerJoin(entries, eq(entries.id, entryAttachments.entryId))
    .innerJoin(inquiries, eq(inquiries.id, entries.inquiryId))
    .where(eq(entryAttachments.fileId, fileId));
  return new Set(rows.filter((r) => r.status !== "CANCELLED").map((r) => r.buyerCompanyId));
}
