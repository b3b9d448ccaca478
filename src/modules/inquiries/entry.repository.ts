import { and, asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import {
  categories,
  companies,
  entries,
  entryAttachments,
  files,
  inquiries,
  memberships,
  prefectures,
  supplierProfiles,
  users,
} from "@/server/db/schema";
import { type EntryStatus, entryStatesAllowing } from "./entry.policy";
import { parsedJson, perInquiry, summaryColumns } from "./inquiry.repository";

// The entries table: only this file writes it (decision 0011). Entries belong to the inquiry
// aggregate (decision 0012), so the inquiries module's services are its only callers.

export type EntryRow = typeof entries.$inferSelect;

/** The entering person's membership of the supplier company (name and phone as the company knows them). */
const enteringMember = and(
  eq(memberships.userId, entries.userId),
  eq(memberships.companyId, entries.supplierCompanyId),
);

/** The supplier's entries with their inquiries, newest first (one statement, as listPage). */
export async function listSupplierEntries(
  db: DbOrTx,
  supplierCompanyId: string,
  f: { status?: EntryStatus; limit: number; offset: number },
) {
  const where = and(
    eq(entries.supplierCompanyId, supplierCompanyId),
    f.status ? eq(entries.status, f.status) : undefined,
  );
  const found = await db
    .select({
      entryId: entries.id,
      entryStatus: entries.status,
      enteredAt: entries.createdAt,
      message: entries.message,
      ...summaryColumns,
      ...perInquiry(inquiries.id),
      total: sql<number>`(select count(*)::int from ${entries} where ${where})`,
    })
    .from(entries)
    .innerJoin(inquiries, eq(inquiries.id, entries.inquiryId))
    .innerJoin(categories, eq(categories.id, inquiries.categoryId))
    .where(where)
    .orderBy(desc(entries.createdAt), desc(entries.id))
    .limit(f.limit)
    .offset(f.offset);
  const total =
    found[0]?.total ??
    (f.offset > 0 ? ((await db.select({ n: count() }).from(entries).where(where))[0]?.n ?? 0) : 0);
  return {
    rows: found.map(({ total: _, ...r }) => ({ ...r, prefectures: parsedJson(r.prefectures) })),
    total: Number(total),
  };
}

/** Entries of an inquiry with the supplier's profile and the entering person's contact details. */
export async function entriesForBuyer(db: DbOrTx, inquiryId: string) {
  return db
    .select({
      id: entries.id,
      status: entries.status,
      message: entries.message,
      proposedUnitPriceYen: entries.proposedUnitPriceYen,
      leadTime: entries.leadTime,
      createdAt: entries.createdAt,
      companyId: companies.id,
      companyName: companies.name,
      website: companies.website,
      catchphrase: supplierProfiles.catchphrase,
      prefectureName: prefectures.name,
      personName: memberships.name,
      personPhone: memberships.phone,
      email: users.email,
    })
    .from(entries)
    .innerJoin(companies, eq(companies.id, entries.supplierCompanyId))
    .leftJoin(supplierProfiles, eq(supplierProfiles.companyId, companies.id))
    .leftJoin(prefectures, eq(prefectures.id, companies.prefectureId))
    .innerJoin(users, eq(users.id, entries.userId))
    .leftJoin(memberships, enteringMember)
    .where(and(eq(entries.inquiryId, inquiryId), ne(entries.status, "CANCELLED")))
    .orderBy(asc(entries.createdAt));
}

/** The files of each entry, in the supplier's order. */
export async function entryAttachmentsOf(db: DbOrTx, entryIds: string[]) {
  const byEntry = new Map<
    string,
    Array<{ id: string; name: string; contentType: string; byteSize: number }>
  >();
  if (!entryIds.length) return byEntry;
  const rows = await db
    .select({
      entryId: entryAttachments.entryId,
      id: files.id,
      name: files.originalName,
      contentType: files.contentType,
      byteSize: files.byteSize,
    })
    .from(entryAttachments)
    .innerJoin(files, eq(files.id, entryAttachments.fileId))
    .where(inArray(entryAttachments.entryId, entryIds))
    .orderBy(asc(entryAttachments.sortOrder));
  for (const { entryId, ...file } of rows) byEntry.set(entryId, [...(byEntry.get(entryId) ?? []), file]);
  return byEntry;
}

/** An entry's files become exactly `fileIds` (an entry made again after cancelling replaces them). */
export async function setEntryAttachments(tx: DbOrTx, entryId: string, fileIds: string[]) {
  await tx.delete(entryAttachments).where(eq(entryAttachments.entryId, entryId));
  if (fileIds.length) {
    await tx.insert(entryAttachments).values(fileIds.map((fileId, i) => ({ entryId, fileId, sortOrder: i })));
  }
}

export async function findEntry(db: DbOrTx, inquiryId: string, supplierCompanyId: string) {
  const [row] = await db
    .select()
    .from(entries)
    .where(and(eq(entries.inquiryId, inquiryId), eq(entries.supplierCompanyId, supplierCompanyId)))
    .limit(1);
  return row;
}

export async function findEntryById(db: DbOrTx, entryId: string, lock = false) {
  const q = db.select().from(entries).where(eq(entries.id, entryId)).limit(1);
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

/**
 * One entry per supplier and inquiry: a new one is inserted, a cancelled one comes back (the
 * statuses ENTER may start from), a live one is left alone and nothing is returned.
 */
export async function enterEntry(
  tx: DbOrTx,
  key: { inquiryId: string; supplierCompanyId: string },
  values: Omit<typeof entries.$inferInsert, "inquiryId" | "supplierCompanyId">,
) {
  const [row] = await tx
    .insert(entries)
    .values({ ...key, ...values })
    .onConflictDoUpdate({
      target: [entries.inquiryId, entries.supplierCompanyId],
      set: values,
      setWhere: inArray(entries.status, entryStatesAllowing("ENTER")),
    })
    .returning();
  return row;
}

/** Sets an entry's status where it may move from (`from`); undefined when no such entry. */
export async function moveEntry(
  tx: DbOrTx,
  where: { id?: string; inquiryId: string; supplierCompanyId?: string },
  from: EntryStatus[],
  values: Partial<typeof entries.$inferInsert>,
) {
  const [row] = await tx
    .update(entries)
    .set({ ...values, updatedAt: values.updatedAt ?? new Date() })
    .where(
      and(
        where.id ? eq(entries.id, where.id) : undefined,
        eq(entries.inquiryId, where.inquiryId),
        where.supplierCompanyId ? eq(entries.supplierCompanyId, where.supplierCompanyId) : undefined,
        inArray(entries.status, from),
      ),
    )
    .returning();
  return row;
}

/** Every entry of a supplier company in one of `from` (company deactivation). */
export async function moveEntriesOfSupplier(
  tx: DbOrTx,
  supplierCompanyId: string,
  from: EntryStatus[],
  values: Partial<typeof entries.$inferInsert>,
) {
  await tx
    .update(entries)
    .set(values)
    .where(and(eq(entries.supplierCompanyId, supplierCompanyId), inArray(entries.status, from)));
}

/** The operator's correction: the row as it is after. */
export async function updateEntry(tx: DbOrTx, id: string, values: Partial<typeof entries.$inferInsert>) {
  const [row] = await tx
    .update(entries)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(entries.id, id))
    .returning();
  return row!;
}
