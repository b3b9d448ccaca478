import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { companies, memberships, pageViews, pageViewVisitors } from "@/server/db/schema";

/** A view of a company's public page noted by a process, waiting to be written. */
export interface PendingView {
  companyId: string;
  /** Japan date, YYYY-MM-DD. */
  day: string;
  /** Keyed hash of day, company, ip and browser (never the ip itself). */
  visitorHash: string;
  /** The signed-in viewer, to leave out the company's own members. */
  userId: string | null;
}

/**
 * Counts a batch of views in one statement: each visitor's first view of the day is recorded in
 * page_view_visitors (concurrent flushes of several processes agree through its key), members of
 * the company are skipped, and each company's day adds the number of new visitors. Returns it.
 */
export async function addPageViews(db: DbOrTx, views: PendingView[]): Promise<number> {
  if (!views.length) return 0;
  const col = <K extends keyof PendingView>(k: K) =>
    `{${views.map((v) => JSON.stringify(v[k] ?? "")).join(",")}}`;
  const result = await db.execute<{ n: number }>(sql`
    with input as (
      select company_id, day, visitor_hash, nullif(user_id, '')::uuid as user_id
      from unnest(${col("companyId")}::uuid[], ${col("day")}::date[], ${col("visitorHash")}::text[], ${col("userId")}::text[])
        as t(company_id, day, visitor_hash, user_id)
    ), first_visits as (
      insert into ${pageViewVisitors} (company_id, day, visitor_hash)
      select i.company_id, i.day, i.visitor_hash from input i
      -- a company deleted since the view was noted is skipped, not a failed batch
      where exists (select 1 from ${companies} c where c.id = i.company_id)
        and (i.user_id is null or not exists (
          select 1 from ${memberships} m where m.user_id = i.user_id and m.company_id = i.company_id))
      on conflict do nothing
      returning company_id, day
    ), added as (
      insert into ${pageViews} (company_id, day, count)
      select company_id, day, count(*)::int from first_visits group by company_id, day
      on conflict (company_id, day) do update set count = ${pageViews}.count + excluded.count
      returning 1
    )
    select count(*)::int as n from first_visits`);
  return Number(result.rows[0]?.n ?? 0);
}
