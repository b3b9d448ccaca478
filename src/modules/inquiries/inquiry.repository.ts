import { type AnyColumn, and, asc, eq, inArray, lt, notLike, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import {
  categories,
  companies,
  entries,
  files,
  inquiries,
  inquiryAttachments,
  inquiryPrefectures,
  inquiryRecipients,
  memberships,
  prefectures,
  users,
} from "@/server/db/schema";

export type InquiryRow = typeof inquiries.$inferSelect;

/** The inquiry row; `lock` takes it FOR UPDATE (an operator change's exact "before"). */
export async function findInquiry(db: DbOrTx, id: string, lock = false) {
  const q = db.select().from(inquiries).where(eq(inquiries.id, id)).limit(1);
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

type InquiryValues = Partial<typeof inquiries.$inferInsert>;

/**
 * Moves one inquiry whose status is one of `from` (the transition's precondition, in SQL so a
 * concurrent move cannot slip in); undefined when it was not in such a status.
 */
export async function moveInquiry(
  tx: DbOrTx,
  id: string,
  from: InquiryRow["status"][],
  values: InquiryValues,
  type?: InquiryRow["type"],
) {
  const [row] = await tx
    .update(inquiries)
    .set(values)
    .where(
      and(eq(inquiries.id, id), type ? eq(inquiries.type, type) : undefined, inArray(inquiries.status, from)),
    )
    .returning();
  return row;
}

/** Moves every inquiry matching `where` whose status is one of `from`; the ids moved. */
export async function moveInquiries(
  tx: DbOrTx,
  where: { buyerCompanyId?: string; nominatedCompanyId?: string; bulkDeadlineBefore?: string },
  from: InquiryRow["status"][],
  values: InquiryValues,
) {
  return tx
    .update(inquiries)
    .set(values)
    .where(
      and(
        where.buyerCompanyId ? eq(inquiries.buyerCompanyId, where.buyerCompanyId) : undefined,
        where.nominatedCompanyId ? eq(inquiries.nominatedCompanyId, where.nominatedCompanyId) : undefined,
        where.bulkDeadlineBefore
          ? and(eq(inquiries.type, "BULK"), lt(inquiries.entryDeadline, where.bulkDeadlineBefore))
          : undefined,
        inArray(inquiries.status, from),
      ),
    )
    .returning({ id: inquiries.id });
}

/** The operator's correction of any field; the row as it is after. */
export async function updateInquiry(tx: DbOrTx, id: string, values: InquiryValues) {
  const [row] = await tx
    .update(inquiries)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(inquiries.id, id))
    .returning();
  return row!;
}

/** A published bulk inquiry's selected suppliers are notified now; who they are. */
export async function markSelectedNotified(tx: DbOrTx, inquiryId: string, now: Date) {
  return tx
    .update(inquiryRecipients)
    .set({ notifiedAt: now })
    .where(and(eq(inquiryRecipients.inquiryId, inquiryId), eq(inquiryRecipients.kind, "SELECTED")))
    .returning({ supplierCompanyId: inquiryRecipients.supplierCompanyId });
}

/** The inquiry's status, shared-locked: a deal write waits for a concurrent withdrawal and is seen by it. */
export async function shareLockInquiryStatus(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({ status: inquiries.status })
    .from(inquiries)
    .where(eq(inquiries.id, id))
    .for("share");
  return row?.status;
}

/** The inquiry's status, its row locked until the transaction ends. */
export async function lockInquiryStatus(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({ status: inquiries.status })
    .from(inquiries)
    .where(eq(inquiries.id, id))
    .for("update");
  return row?.status;
}

/** Active supplier companies among the ids (selected or nominated ones must be). */
export async function activeSupplierIds(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: companies.id, name: companies.name, namePublished: companies.namePublished })
    .from(companies)
    .where(
      and(
        inArray(companies.id, ids),
        eq(companies.type, "SUPPLIER"),
        eq(companies.status, "ACTIVE"),
        // public, as search and its page: a member has verified an email (supplier-directory's isPublicSupplier)
        sql`exists (select 1 from ${memberships} join ${users} on ${users.id} = ${memberships.userId}
          where ${memberships.companyId} = ${companies.id} and ${users.emailVerifiedAt} is not null)`,
      ),
    );
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function categoryExists(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  return Boolean(row);
}

/** Documents or images uploaded by this buyer company, usable as attachments. */
export async function ownFiles(db: DbOrTx, companyId: string, ids: string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await db
    .select({ id: files.id })
    .from(files)
    // Deal-room uploads (storage key deals/…, CAD data included) belong to the deal room only.
    .where(and(eq(files.companyId, companyId), inArray(files.id, ids), notLike(files.storageKey, "deals/%")));
  return new Set(rows.map((r) => r.id));
}

export async function insertInquiry(
  tx: DbOrTx,
  v: typeof inquiries.$inferInsert,
  extra: {
    prefectureIds: number[];
    attachmentIds: string[];
    recipients: Array<{ supplierCompanyId: string; kind: "SELECTED" | "NOMINATED"; notifiedAt: Date | null }>;
  },
) {
  const [row] = await tx.insert(inquiries).values(v).returning();
  const id = row!.id;
  if (extra.prefectureIds.length) {
    await tx
      .insert(inquiryPrefectures)
      .values(extra.prefectureIds.map((prefectureId) => ({ inquiryId: id, prefectureId })));
  }
  if (extra.attachmentIds.length) {
    await tx
      .insert(inquiryAttachments)
      .values(extra.attachmentIds.map((fileId, i) => ({ inquiryId: id, fileId, sortOrder: i })));
  }
  if (extra.recipients.length) {
    await tx.insert(inquiryRecipients).values(extra.recipients.map((r) => ({ inquiryId: id, ...r })));
  }
  return row!;
}

export const summaryColumns = {
  id: inquiries.id,
  type: inquiries.type,
  status: inquiries.status,
  title: inquiries.title,
  categoryId: inquiries.categoryId,
  categoryName: categories.name,
  quantity: inquiries.quantity,
  targetUnitPriceYen: inquiries.targetUnitPriceYen,
  budgetYen: inquiries.budgetYen,
  desiredDeliveryDate: inquiries.desiredDeliveryDate,
  entryDeadline: inquiries.entryDeadline,
  ndaRequired: inquiries.ndaRequired,
  createdAt: inquiries.createdAt,
  publishedAt: inquiries.publishedAt,
};
const { categoryName: _categoryName, ...inquiryColumns } = summaryColumns;

export { inquiryColumns };
export type InquiryKey = keyof typeof inquiryColumns;

/** A column another module adds to each row, from the row's buyer company (see RowExtra). */
export interface ExtraColumn {
  key: string;
  column(buyerCompanyId: AnyColumn | SQL.Aliased): SQL<unknown>;
}

export interface PrefectureRef {
  id: number;
  name: string;
}

/**
 * What each listed inquiry also shows, for the page's rows only: its live entries and its
 * prefectures (subqueries evaluated on the page, so the list stays one round trip).
 */
export function perInquiry(inquiryId: AnyColumn | SQL.Aliased) {
  return {
    entryCount: sql<number>`(select count(*)::int from ${entries}
      where ${entries.inquiryId} = ${inquiryId} and ${entries.status} <> 'CANCELLED')`,
    prefectures: sql<PrefectureRef[] | string>`(select coalesce(json_agg(json_build_object(
        'id', ${prefectures.id}, 'name', ${prefectures.name}) order by ${prefectures.id}), '[]'::json)
      from ${inquiryPrefectures} join ${prefectures} on ${prefectures.id} = ${inquiryPrefectures.prefectureId}
      where ${inquiryPrefectures.inquiryId} = ${inquiryId})`,
  };
}

// PGlite and node-postgres both parse json; the string case is a driver without that parser.
export const parsedJson = <T>(v: T | string): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);

export async function attachmentsOf(db: DbOrTx, inquiryId: string) {
  return db
    .select({
      id: files.id,
      name: files.originalName,
      contentType: files.contentType,
      byteSize: files.byteSize,
    })
    .from(inquiryAttachments)
    .innerJoin(files, eq(files.id, inquiryAttachments.fileId))
    .where(eq(inquiryAttachments.inquiryId, inquiryId))
    .orderBy(asc(inquiryAttachments.sortOrder));
}

/**
 * The selected or nominated suppliers of an inquiry; `nameShown` is false for a hidden name
 * (namePublished off) that the supplier has not itself revealed to this buyer by entering.
 */
export async function selectedCompaniesOf(db: DbOrTx, inquiryId: string, buyerCompanyId: string) {
  const answered = sql<boolean>`exists (
    select 1 from ${entries} inner join ${inquiries} on ${inquiries.id} = ${entries.inquiryId}
    where ${entries.supplierCompanyId} = ${companies.id} and ${inquiries.buyerCompanyId} = ${buyerCompanyId}
  )`;
  return db
    .select({
      id: companies.id,
      name: companies.name,
      kind: inquiryRecipients.kind,
      nameShown: sql<boolean>`(${companies.namePublished} or ${answered})`.mapWith(Boolean),
    })
    .from(inquiryRecipients)
    .innerJoin(companies, eq(companies.id, inquiryRecipients.supplierCompanyId))
    .where(eq(inquiryRecipients.inquiryId, inquiryId));
}

/** Everyone to notify at a company: its members' emails. */
export async function memberEmails(db: DbOrTx, companyId: string) {
  return db
    .select({ email: users.email, name: memberships.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.companyId, companyId));
}

export async function markNominationRead(db: DbOrTx, inquiryId: string, supplierCompanyId: string) {
  await db
    .update(inquiryRecipients)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(inquiryRecipients.inquiryId, inquiryId),
        eq(inquiryRecipients.supplierCompanyId, supplierCompanyId),
        sql`${inquiryRecipients.readAt} is null`,
      ),
    );
}

/** A user's email, name and whether the email is verified (the sender's check, the emails of a move). */
export async function userContactOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row && { email: row.email, name: row.name, emailVerified: row.verifiedAt !== null };
}
