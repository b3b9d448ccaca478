import { and, asc, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { likePattern, type Page } from "@/lib/console-listing";
import type { DbOrTx } from "@/server/db/client";
import { totalOf } from "@/server/db/listing";
import {
  categories,
  companies,
  entries,
  inquiries,
  inquiryPrefectures,
  inquiryRecipients,
  memberships,
  prefectures,
  users,
} from "@/server/db/schema";
import { attachmentsOf, type InquiryRow } from "./inquiry.repository";

// The operator console's inquiry queries: every buyer's inquiries, not scoped to a company.

const buyerCo = alias(companies, "buyer_co");
const nominatedCo = alias(companies, "nominated_co");

const liveEntries = sql<number>`(select count(*)::int from ${entries}
  where ${entries.inquiryId} = ${inquiries.id} and ${entries.status} <> 'CANCELLED')`;

export interface InquiryFilter {
  id?: string;
  type?: "BULK" | "NOMINATION";
  status?: (typeof inquiries.$inferSelect)["status"];
  keyword?: string;
  buyerCompanyId?: string;
  supplierCompanyId?: string;
  sort?: "newest" | "oldest" | "deadline";
}

function inquiryWhere(f: InquiryFilter): SQL | undefined {
  const p = f.keyword ? likePattern(f.keyword) : undefined;
  return and(
    f.id ? eq(inquiries.id, f.id) : undefined,
    f.type ? eq(inquiries.type, f.type) : undefined,
    f.status ? eq(inquiries.status, f.status) : undefined,
    f.buyerCompanyId ? eq(inquiries.buyerCompanyId, f.buyerCompanyId) : undefined,
    f.supplierCompanyId
      ? or(
          eq(inquiries.nominatedCompanyId, f.supplierCompanyId),
          sql`exists (select 1 from ${inquiryRecipients} where ${inquiryRecipients.inquiryId} = ${inquiries.id}
            and ${inquiryRecipients.supplierCompanyId} = ${f.supplierCompanyId})`,
        )
      : undefined,
    p ? or(ilike(inquiries.title, p), ilike(inquiries.description, p), ilike(buyerCo.name, p)) : undefined,
  );
}

function inquiryOrder(sort: InquiryFilter["sort"]): SQL[] {
  if (sort === "oldest") return [asc(inquiries.createdAt), asc(inquiries.id)];
  if (sort === "deadline") return [sql`${inquiries.entryDeadline} asc nulls last`, desc(inquiries.createdAt)];
  return [desc(inquiries.createdAt), desc(inquiries.id)];
}

export async function listInquiriesForOperator(db: DbOrTx, f: InquiryFilter, page: Page) {
  const where = inquiryWhere(f);
  const rows = await db
    .select({
      id: inquiries.id,
      type: inquiries.type,
      status: inquiries.status,
      title: inquiries.title,
      categoryId: inquiries.categoryId,
      categoryName: categories.name,
      buyerId: buyerCo.id,
      buyerName: buyerCo.name,
      nominatedId: nominatedCo.id,
      nominatedName: nominatedCo.name,
      entryCount: liveEntries,
      entryDeadline: inquiries.entryDeadline,
      createdAt: inquiries.createdAt,
      publishedAt: inquiries.publishedAt,
      reviewedAt: inquiries.reviewedAt,
    })
    .from(inquiries)
    .innerJoin(categories, eq(categories.id, inquiries.categoryId))
    .innerJoin(buyerCo, eq(buyerCo.id, inquiries.buyerCompanyId))
    .leftJoin(nominatedCo, eq(nominatedCo.id, inquiries.nominatedCompanyId))
    .where(where)
    .orderBy(...inquiryOrder(f.sort))
    .limit(page.limit)
    .offset(page.offset);
  // Every inquiry has its buyer (a required foreign key): only the keyword needs the join to count.
  const total = await totalOf(
    db,
    f.keyword
      ? sql`${inquiries} join ${companies} ${sql.identifier("buyer_co")} on ${buyerCo.id} = ${inquiries.buyerCompanyId}`
      : sql`${inquiries}`,
    where,
  );
  return { rows, total };
}

export type InquiryListRow = Awaited<ReturnType<typeof listInquiriesForOperator>>["rows"][number];

/** What the operator's inquiry page shows beside the row: prefectures, files, recipients, creator. */
export async function inquiryExtras(db: DbOrTx, inquiry: InquiryRow) {
  const [prefs, attachments, recipients, creator] = await Promise.all([
    db
      .select({ id: prefectures.id, name: prefectures.name })
      .from(inquiryPrefectures)
      .innerJoin(prefectures, eq(prefectures.id, inquiryPrefectures.prefectureId))
      .where(eq(inquiryPrefectures.inquiryId, inquiry.id))
      .orderBy(asc(prefectures.id)),
    attachmentsOf(db, inquiry.id),
    db
      .select({
        companyId: companies.id,
        name: companies.name,
        kind: inquiryRecipients.kind,
        notifiedAt: inquiryRecipients.notifiedAt,
        readAt: inquiryRecipients.readAt,
      })
      .from(inquiryRecipients)
      .innerJoin(companies, eq(companies.id, inquiryRecipients.supplierCompanyId))
      .where(eq(inquiryRecipients.inquiryId, inquiry.id))
      .orderBy(asc(companies.name)),
    db
      .select({
        userId: users.id,
        email: users.email,
        userName: users.name,
        memberName: memberships.name,
        phone: memberships.phone,
      })
      .from(users)
      .leftJoin(
        memberships,
        and(eq(memberships.userId, users.id), eq(memberships.companyId, inquiry.buyerCompanyId)),
      )
      .where(eq(users.id, inquiry.createdByUserId))
      .limit(1),
  ]);
  return { prefs, attachments, recipients, creator: creator[0] };
}

/** A buyer company's inquiries counted by status (the console's buyer page). */
export async function inquiryCountsByStatus(db: DbOrTx, buyerCompanyId: string) {
  return db
    .select({ status: inquiries.status, n: sql<number>`count(*)::int` })
    .from(inquiries)
    .where(eq(inquiries.buyerCompanyId, buyerCompanyId))
    .groupBy(inquiries.status);
}
