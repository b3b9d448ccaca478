import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
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
