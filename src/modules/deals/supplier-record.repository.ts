import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import type { RatingTotals } from "./rating.policy";
import { visibleRating } from "./rating.repository";
import { sharesMember } from "./shared-member.repository";

// supplier_track_records: recomputed from the deal room from scratch (set-based, one statement for
// every supplier), and read with the visible ratings for any number of suppliers in one query.

/**
 * Recomputes the track record of every supplier (or of `companyId` only) in one INSERT … SELECT …
 * ON CONFLICT DO UPDATE; returns the number of suppliers written. Idempotent: the same deal room
 * gives the same rows.
 *
 * - nominations: published NOMINATION inquiries naming the supplier; answered: the supplier's thread
 *   on it has a supplier message (system events of the supplier included), a quote or a 辞退;
 * - median minutes from a thread's opening to its first quote version (version 1), over threads with one;
 * - quotes sent: threads with a version 1; awards won: AWARDED threads;
 * - none of it from deals with a buyer that ever shared a member with the supplier (issue 33).
 */
export async function recomputeSupplierRecords(db: DbOrTx, now: Date, companyId?: string): Promise<number> {
  const only = (column: SQL) => (companyId ? sql`and ${column} = ${companyId}` : sql``);
  const { rows } = await db.execute<{ n: number }>(sql`
    with nominated as (
      select i.nominated_company_id as company_id, count(*)::int as nominations,
        count(*) filter (where exists (
          select 1 from deal_threads t
          where t.inquiry_id = i.id and t.supplier_company_id = i.nominated_company_id
            and (t.quote_version > 0 or t.status = 'WITHDRAWN' or exists (
              select 1 from deal_messages m where m.thread_id = t.id and m.side = 'SUPPLIER'))
        ))::int as answered
      from inquiries i
      where i.type = 'NOMINATION' and i.published_at is not null and i.nominated_company_id is not null
        and not ${sharesMember(sql`i.buyer_company_id`, sql`i.nominated_company_id`)}
        ${only(sql`i.nominated_company_id`)}
      group by i.nominated_company_id
    ),
    dealt as (
      select t.supplier_company_id as company_id,
        count(v.thread_id)::int as quotes_sent,
        (count(*) filter (where t.status = 'AWARDED'))::int as awards_won,
        -- greatest() skips nulls, so the threads without a quote are filtered out explicitly
        round(percentile_cont(0.5) within group (
          order by greatest(0, extract(epoch from (v.created_at - t.opened_at)) / 60)::float8)
          filter (where v.thread_id is not null))::int as median_minutes
      from deal_threads t
      left join deal_quote_versions v on v.thread_id = t.id and v.version = 1
      where not ${sharesMember(sql`t.buyer_company_id`, sql`t.supplier_company_id`)}
        ${only(sql`t.supplier_company_id`)}
      group by t.supplier_company_id
    ),
    written as (
      insert into supplier_track_records as s (company_id, nominations, nominations_answered,
        median_first_quote_minutes, quotes_sent, awards_won, computed_at)
      select c.id, coalesce(n.nominations, 0), coalesce(n.answered, 0), d.median_minutes,
        coalesce(d.quotes_sent, 0), coalesce(d.awards_won, 0), ${now.toISOString()}::timestamptz
      from companies c
      left join nominated n on n.company_id = c.id
      left join dealt d on d.company_id = c.id
      where c.type = 'SUPPLIER' ${only(sql`c.id`)}
      on conflict (company_id) do update set
        nominations = excluded.nominations,
        nominations_answered = excluded.nominations_answered,
        median_first_quote_minutes = excluded.median_first_quote_minutes,
        quotes_sent = excluded.quotes_sent,
        awards_won = excluded.awards_won,
        computed_at = excluded.computed_at
      returning 1
    )
    select count(*)::int as n from written`);
  return Number(rows[0]?.n ?? 0);
}

export interface SupplierRecordRow {
  companyId: string;
  nominations: number;
  nominationsAnswered: number;
  medianFirstQuoteMinutes: number | null;
  quotesSent: number;
  awardsWon: number;
  computedAt: Date | null;
  ratings: RatingTotals;
}

/**
 * The stored records of `companyIds` with the ratings each received (visible at `now`), in one
 * query whatever their number; a supplier without a stored record yet reads as zeros.
 */
export async function supplierRecordsOf(
  db: DbOrTx,
  companyIds: readonly string[],
  now: Date,
): Promise<SupplierRecordRow[]> {
  if (!companyIds.length) return [];
  const ids = sql.join(
    companyIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const { rows } = await db.execute<{
    company_id: string;
    nominations: number | null;
    nominations_answered: number | null;
    median_first_quote_minutes: number | null;
    quotes_sent: number | null;
    awards_won: number | null;
    computed_at: string | Date | null;
    rating_count: number;
    communication: number | null;
    accuracy: number | null;
    speed: number | null;
  }>(sql`
    select c.id as company_id, s.nominations, s.nominations_answered, s.median_first_quote_minutes,
      s.quotes_sent, s.awards_won, s.computed_at,
      g.rating_count, g.communication, g.accuracy, g.speed
    from unnest(array[${ids}]) as c(id)
    left join supplier_track_records s on s.company_id = c.id
    left join lateral (
      select count(*)::int as rating_count, avg(r.communication)::float8 as communication,
        avg(r.accuracy)::float8 as accuracy, avg(r.speed)::float8 as speed
      from deal_ratings r join deal_threads t on t.id = r.thread_id
      where r.ratee_company_id = c.id and r.rater_side = 'BUYER'
        and ${visibleRating(sql`r`, sql`t`, now)}
    ) g on true`);
  const num = (v: number | null) => (v === null ? null : Number(v));
  return rows.map((r) => ({
    companyId: r.company_id,
    nominations: Number(r.nominations ?? 0),
    nominationsAnswered: Number(r.nominations_answered ?? 0),
    medianFirstQuoteMinutes: num(r.median_first_quote_minutes),
    quotesSent: Number(r.quotes_sent ?? 0),
    awardsWon: Number(r.awards_won ?? 0),
    computedAt: r.computed_at === null ? null : new Date(r.computed_at),
    ratings: {
      count: Number(r.rating_count),
      communication: num(r.communication),
      accuracy: num(r.accuracy),
      speed: num(r.speed),
    },
  }));
}
