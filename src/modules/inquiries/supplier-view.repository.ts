import { type AnyColumn, and, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { withCompiledRows } from "@/server/db/compiled-rows";
import {
  categories,
  companies,
  entries,
  files,
  inquiries,
  inquiryAttachments,
  inquiryRecipients,
  memberships,
  users,
} from "@/server/db/schema";
import {
  type InquiryKey,
  type InquiryRow,
  inquiryColumns,
  parsedJson,
  perInquiry,
} from "./inquiry.repository";
import type { SummaryRow } from "./inquiry-list.repository";

// One inquiry as a supplier opens it (its page's data, issue 19's hot read): one prepared statement.

interface AttachmentRow {
  id: string;
  name: string;
  contentType: string;
  byteSize: number;
}

/** What the supplier view asks billing: whether a ticket of the company opened the inquiry. */
export type TicketUsedSql = (companyId: SQLWrapper, inquiryId: AnyColumn) => SQL<boolean>;

/**
 * The statement of findForSupplier, built and prepared once per database: it runs on every view of
 * an inquiry's page, and Drizzle's building of the statements took a fifth of that route's CPU in a
 * profile (docs/benchmarks.md); PostgreSQL also keeps its plan per connection.
 */
function supplierView(db: Db, ticketUsed: TicketUsedSql) {
  const companyId = sql.placeholder("companyId");
  return withCompiledRows(
    db
      .select({
        inquiry: inquiries,
        categoryName: categories.name,
        ...perInquiry(inquiries.id),
        entry: entries,
        unread: sql<boolean>`(${inquiryRecipients.inquiryId} is not null and ${inquiryRecipients.readAt} is null)`,
        hasTicket: ticketUsed(companyId, inquiries.id),
        // Read with the rest; the service returns it only where the policy shows it (canSeeBuyerContact).
        buyerContact: sql<
          BuyerContactRow | string | null
        >`(select json_build_object('companyName', ${companies.name},
        'website', ${companies.website}, 'companyPhone', ${companies.phone}, 'personName', ${memberships.name},
        'personPhone', ${memberships.phone}, 'email', ${users.email})
        from ${users} inner join ${companies} on ${companies.id} = ${inquiries.buyerCompanyId}
        left join ${memberships} on ${memberships.userId} = ${users.id} and ${memberships.companyId} = ${inquiries.buyerCompanyId}
        where ${users.id} = ${inquiries.createdByUserId} limit 1)`,
        attachments: sql<
          AttachmentRow[] | string
        >`coalesce((select json_agg(json_build_object('id', ${files.id},
        'name', ${files.originalName}, 'contentType', ${files.contentType}, 'byteSize', ${files.byteSize})
        order by ${inquiryAttachments.sortOrder}) from ${inquiryAttachments}
        inner join ${files} on ${files.id} = ${inquiryAttachments.fileId}
        where ${inquiryAttachments.inquiryId} = ${inquiries.id}), '[]')`,
      })
      .from(inquiries)
      .innerJoin(categories, eq(categories.id, inquiries.categoryId))
      .leftJoin(entries, and(eq(entries.inquiryId, inquiries.id), eq(entries.supplierCompanyId, companyId)))
      .leftJoin(
        inquiryRecipients,
        and(
          eq(inquiryRecipients.inquiryId, inquiries.id),
          eq(inquiryRecipients.supplierCompanyId, companyId),
        ),
      )
      .where(eq(inquiries.id, sql.placeholder("id")))
      .limit(1)
      .prepare("supplier_inquiry_view"),
  );
}
const supplierViews = new WeakMap<Db, ReturnType<typeof supplierView>>();

/**
 * One inquiry as a supplier opens it, with what its view needs in the same statement: its list
 * summary (as summaryOf reads it), the supplier's entry, whether a ticket opened it (billing's rule,
 * handed in as SQL over `inquiries.id`), whether the supplier is a recipient that has not read it
 * yet, the attachments, and the buyer's contact (for the caller to show only where the policy lets).
 */
export async function findForSupplier(
  db: Db,
  id: string,
  supplierCompanyId: string,
  ticketUsed: TicketUsedSql,
) {
  let statement = supplierViews.get(db);
  if (!statement) {
    statement = supplierView(db, ticketUsed);
    supplierViews.set(db, statement);
  }
  const [row] = await statement.execute({ id, companyId: supplierCompanyId });
  if (!row) return undefined;
  const { inquiry, categoryName, entryCount, prefectures: prefs, ...rest } = row;
  const picked = Object.fromEntries(
    Object.keys(inquiryColumns).map((k) => [k, inquiry[k as InquiryKey]]),
  ) as {
    [K in InquiryKey]: InquiryRow[K];
  };
  const summary: SummaryRow = {
    ...picked,
    categoryName: categoryName as string,
    entryCount,
    prefectures: parsedJson(prefs),
  };
  return {
    ...rest,
    inquiry,
    summary,
    unread: Boolean(row.unread),
    hasTicket: Boolean(row.hasTicket),
    attachments: parsedJson(row.attachments),
    buyerContact: row.buyerContact === null ? null : contactFrom(parsedJson(row.buyerContact)),
  };
}

interface BuyerContactRow {
  companyName: string;
  website: string | null;
  companyPhone: string | null;
  personName: string | null;
  personPhone: string | null;
  email: string;
}

function contactFrom(row: BuyerContactRow) {
  return {
    companyName: row.companyName,
    personName: row.personName ?? "",
    email: row.email,
    phone: row.personPhone ?? row.companyPhone,
    website: row.website,
  };
}
