import { type AnyColumn, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { buyerTrackRecords, companies, inquiries, users } from "@/server/db/schema";

// The buyer figures suppliers see (docs/trust.md "Buyer figures"), read from the kept record
// (buyer_track_records, written by buyer-record.repository.ts) in one statement each.

// The outer row of a correlated subquery, qualified by hand (see buyer-record.repository.ts).
const outer = (table: string, column: string) => sql.raw(`"${table}"."${column}"`);
const COMPANY_ID = outer("companies", "id");

/** The buyer has published at least 3 inquiries (a LIMIT 3 on inquiries_buyer_idx, however many it has). */
const established = sql<boolean>`(select count(*) from (select 1 from ${inquiries} p
  where p.buyer_company_id = ${COMPANY_ID} and p.published_at is not null limit 3) three) >= 3`;

const median = sql<number | null>`(select percentile_cont(0.5) within group (order by m)
  from unnest(${outer("buyer_track_records", "first_reply_minutes")}) as m)`;

const rates = {
  established,
  opportunities: sql<number>`coalesce(${buyerTrackRecords.opportunities}, 0)`,
  repliedInTime: sql<number>`coalesce(${buyerTrackRecords.repliedInTime}, 0)`,
  closedInquiries: sql<number>`coalesce(${buyerTrackRecords.closedInquiries}, 0)`,
  decidedInquiries: sql<number>`coalesce(${buyerTrackRecords.decidedInquiries}, 0)`,
};

/**
 * One statement for the inquiry page: the inquiry's buyer company, its record, the inquiry's
 * creator (email verified) and the company's inquiries published since `since` (a scalar
 * subquery on inquiries_buyer_idx).
 */
export async function figuresOfInquiry(db: DbOrTx, inquiryId: string, since: Date) {
  const [row] = await db
    .select({
      ...rates,
      memberSince: companies.createdAt,
      corporateNumber: companies.corporateNumber,
      emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      medianMinutes: median,
      replyCount: sql<number>`coalesce(cardinality(${buyerTrackRecords.firstReplyMinutes}), 0)::int`,
      recentInquiries: sql<number>`(select count(*)::int from ${inquiries} r
        where r.buyer_company_id = ${COMPANY_ID} and r.published_at > ${since.toISOString()}::timestamptz)`,
    })
    .from(inquiries)
    .innerJoin(companies, eq(companies.id, inquiries.buyerCompanyId))
    .innerJoin(users, eq(users.id, inquiries.createdByUserId))
    .leftJoin(buyerTrackRecords, eq(buyerTrackRecords.companyId, inquiries.buyerCompanyId))
    .where(eq(inquiries.id, inquiryId));
  return row;
}

/**
 * The compact figures of the buyer company `buyerCompanyId` (a column of the caller's row) as one
 * JSON column of another list's statement (the recruit list's: one round trip fewer). Null when
 * the buyer has no record yet: its counts are then 0.
 */
export function ratesColumnSql(buyerCompanyId: SQL | SQL.Aliased | AnyColumn): SQL<unknown> {
  return sql`(select json_build_object(
    'established', (select count(*) from (select 1 from ${inquiries} p
      where p.buyer_company_id = ${buyerCompanyId} and p.published_at is not null limit 3) three) >= 3,
    'record', (select json_build_object('opportunities', r.opportunities, 'repliedInTime', r.replied_in_time,
        'closedInquiries', r.closed_inquiries, 'decidedInquiries', r.decided_inquiries)
      from ${buyerTrackRecords} r where r.company_id = ${buyerCompanyId})))`;
}
