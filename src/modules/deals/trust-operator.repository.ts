import { type SQL, sql } from "drizzle-orm";
import type { Page } from "@/lib/console-listing";
import type { DbOrTx } from "@/server/db/client";
import {
  buyerTrackRecords,
  companies,
  dealMessages,
  dealThreads,
  inquiries,
  ticketRefunds,
  ticketUsages,
} from "@/server/db/schema";
import { sharesMember } from "./shared-member.repository";
import {
  type BuyerSignal,
  LOW_REPLY_MIN_OPPORTUNITIES,
  LOW_REPLY_RATE,
  MANY_DECLINES,
  MANY_NO_REPLY_REFUNDS,
} from "./trust-operator.schema";

// The console's abuse signals over every company (nothing here is scoped). Each page is one
// statement: the flagged rows as a CTE, its count and the page's rows joined laterally, so a page
// past the end still answers its total. Buyers read the incremental track record (reply figures)
// and the refund ledger (ticket_refunds → ticket_usages → inquiries); suppliers their threads.

/**
 * Each flagged buyer with its figures: low reply rate, many no-reply refunds since `since`, or deals
 * with a supplier that has had a member in common with it (self-dealing, issue 33).
 */
function flaggedBuyers(since: Date) {
  return sql`refunds as (
    select i.buyer_company_id as company_id, count(*)::int as n
    from ${ticketRefunds} r
    join ${ticketUsages} u on u.id = r.usage_id
    join ${inquiries} i on i.id = u.inquiry_id
    where r.kind = 'NO_REPLY' and r.created_at >= ${since.toISOString()}::timestamptz
    group by i.buyer_company_id
  ),
  shared as (
    select t.buyer_company_id as company_id, count(*)::int as n
    from ${dealThreads} t
    where ${sharesMember(sql`t.buyer_company_id`, sql`t.supplier_company_id`)}
    group by t.buyer_company_id
  ),
  figures as (
    select c.id, c.name, c.status, c.nominations_suspended_at,
      coalesce(t.opportunities, 0) as opportunities,
      coalesce(t.replied_in_time, 0) as replied_in_time,
      coalesce(t.closed_inquiries, 0) as closed_inquiries,
      coalesce(t.decided_inquiries, 0) as decided_inquiries,
      coalesce(f.n, 0) as refunds,
      coalesce(s.n, 0) as shared_deals
    from ${companies} c
    left join ${buyerTrackRecords} t on t.company_id = c.id
    left join refunds f on f.company_id = c.id
    left join shared s on s.company_id = c.id
    where c.type = 'BUYER' and (t.company_id is not null or f.company_id is not null or s.company_id is not null)
  ),
  flagged as (
    select *,
      (opportunities >= ${LOW_REPLY_MIN_OPPORTUNITIES}
        and replied_in_time < opportunities * ${LOW_REPLY_RATE}::numeric) as low_reply,
      (refunds >= ${MANY_NO_REPLY_REFUNDS}) as many_refunds,
      (shared_deals > 0) as shared_member
    from figures
  )`;
}

function buyerSignalWhere(signal: BuyerSignal | undefined): SQL {
  if (signal === "low-reply") return sql`low_reply`;
  if (signal === "refunds") return sql`many_refunds`;
  if (signal === "shared-member") return sql`shared_member`;
  return sql`(low_reply or many_refunds or shared_member)`;
}

export type BuyerSignalRow = {
  id: string;
  name: string;
  status: "ACTIVE" | "DEACTIVATED";
  nominations_suspended_at: Date | string | null;
  opportunities: number;
  replied_in_time: number;
  closed_inquiries: number;
  decided_inquiries: number;
  refunds: number;
  low_reply: boolean;
  many_refunds: boolean;
  shared_deals: number;
  shared_member: boolean;
};

/** Flagged buyers, most self-dealt threads first, then most refunds, then the lowest reply rate; with the total. */
export async function listFlaggedBuyers(
  db: DbOrTx,
  q: { signal?: BuyerSignal; since: Date },
  page: Page,
): Promise<{ rows: BuyerSignalRow[]; total: number }> {
  const where = buyerSignalWhere(q.signal);
  const { rows } = await db.execute<BuyerSignalRow & { total: number }>(sql`
    with ${flaggedBuyers(q.since)}
    select total.n as total, p.*
    from (select count(*)::int as n from flagged where ${where}) total
    left join lateral (
      select * from flagged where ${where}
      order by shared_deals desc, refunds desc, (replied_in_time::numeric / nullif(opportunities, 0)) asc nulls last, name, id
      limit ${page.limit} offset ${page.offset}
    ) p on true`);
  return { rows: rows.filter((r) => r.id !== null), total: Number(rows[0]?.total ?? 0) };
}

/** Suppliers with many threads declined since `since`. */
function flaggedSuppliers(since: Date) {
  return sql`declines as (
    select supplier_company_id as company_id, count(*)::int as declined
    from ${dealThreads}
    where status = 'DECLINED' and decided_at >= ${since.toISOString()}::timestamptz
    group by supplier_company_id
    having count(*) >= ${MANY_DECLINES}
  )`;
}

export type SupplierSignalRow = {
  id: string;
  name: string;
  status: "ACTIVE" | "DEACTIVATED";
  declined: number;
  quotes_sent: number;
  awards_won: number;
};

/** Flagged suppliers, most declines first, with their quotes and awards over all their threads. */
export async function listFlaggedSuppliers(
  db: DbOrTx,
  since: Date,
  page: Page,
): Promise<{ rows: SupplierSignalRow[]; total: number }> {
  const { rows } = await db.execute<SupplierSignalRow & { total: number }>(sql`
    with ${flaggedSuppliers(since)}
    select total.n as total, p.*
    from (select count(*)::int as n from declines) total
    left join lateral (
      select c.id, c.name, c.status, d.declined,
        (select count(*)::int from ${dealThreads} t
          where t.supplier_company_id = c.id and t.quote_version > 0) as quotes_sent,
        (select count(*)::int from ${dealThreads} t
          where t.supplier_company_id = c.id and t.status = 'AWARDED') as awards_won
      from declines d join ${companies} c on c.id = d.company_id
      order by d.declined desc, c.name, c.id
      limit ${page.limit} offset ${page.offset}
    ) p on true`);
  return { rows: rows.filter((r) => r.id !== null), total: Number(rows[0]?.total ?? 0) };
}

export type SignalCounts = {
  buyers: number;
  suppliers: number;
  open_reports: number;
  suspended_buyers: number;
};

/** The tabs' counts in one statement. */
export async function signalCounts(db: DbOrTx, since: Date): Promise<SignalCounts> {
  const { rows } = await db.execute<SignalCounts>(sql`
    with ${flaggedBuyers(since)}, ${flaggedSuppliers(since)}
    select
      (select count(*)::int from flagged where low_reply or many_refunds or shared_member) as buyers,
      (select count(*)::int from declines) as suppliers,
      (select count(*)::int from ${dealMessages}
        where reported_at is not null and report_resolved_at is null) as open_reports,
      (select count(*)::int from ${companies}
        where type = 'BUYER' and nominations_suspended_at is not null) as suspended_buyers`);
  return rows[0]!;
}
