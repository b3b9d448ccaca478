import { asc, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { dealRatings } from "@/server/db/schema";
import { type RatingTotals, revealCutoff } from "./rating.policy";
import { sharesMember } from "./shared-member.repository";
import type { DealSide } from "./thread.repository";

// deal_ratings: one row per thread and rating side, never changed (the operator does not edit them).

export type RatingRow = typeof dealRatings.$inferSelect;

/** A thread's ratings (at most one per side), oldest first. */
export function ratingsOfThread(db: DbOrTx, threadId: string): Promise<RatingRow[]> {
  return db
    .select()
    .from(dealRatings)
    .where(eq(dealRatings.threadId, threadId))
    .orderBy(asc(dealRatings.createdAt));
}

/** Stores the side's rating unless it already rated this thread (the unique index decides); undefined then. */
export async function insertRatingOnce(
  db: DbOrTx,
  r: {
    threadId: string;
    raterSide: DealSide;
    raterCompanyId: string;
    rateeCompanyId: string;
    communication: number;
    accuracy: number;
    speed: number;
    comment: string | null;
    createdAt: Date;
  },
): Promise<RatingRow | undefined> {
  const [row] = await db.insert(dealRatings).values(r).onConflictDoNothing().returning();
  return row;
}

/**
 * The SQL condition "rating `r` (a deal_ratings alias) of thread `t` (its deal_threads alias) counts
 * at `now`": the thread is AWARDED (ratings count only from awarded threads, whatever a row says),
 * its two companies never shared a member (self-dealing counts nowhere, issue 33), and the other
 * side rated it too or 14 days passed since the award. Shared by every aggregate so
 * that they all count the same ratings.
 */
export function visibleRating(r: SQL, t: SQL, now: Date): SQL {
  const cutoff = revealCutoff(now).toISOString();
  return sql`(${t}.status = 'AWARDED'
    and not ${sharesMember(sql`${t}.buyer_company_id`, sql`${t}.supplier_company_id`)}
    and (${t}.decided_at <= ${cutoff}::timestamptz or exists (
      select 1 from ${dealRatings} o where o.thread_id = ${r}.thread_id and o.rater_side <> ${r}.rater_side)))`;
}

/**
 * The visible ratings each company received, one query for any number of companies (a buyer's
 * ratings from suppliers, a supplier's from buyers): count and raw averages; the policy rounds them
 * and hides them below 3 ratings.
 */
export async function ratingTotalsOf(
  db: DbOrTx,
  companyIds: readonly string[],
  now: Date,
): Promise<Map<string, RatingTotals>> {
  const out = new Map<string, RatingTotals>();
  if (!companyIds.length) return out;
  const ids = sql.join(
    companyIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const { rows } = await db.execute<{
    company_id: string;
    count: number;
    communication: number | null;
    accuracy: number | null;
    speed: number | null;
  }>(sql`
    select r.ratee_company_id as company_id, count(*)::int as count,
      avg(r.communication)::float8 as communication, avg(r.accuracy)::float8 as accuracy,
      avg(r.speed)::float8 as speed
    from deal_ratings r join deal_threads t on t.id = r.thread_id
    where r.ratee_company_id in (${ids}) and ${visibleRating(sql`r`, sql`t`, now)}
    group by r.ratee_company_id`);
  for (const r of rows) {
    out.set(r.company_id, {
      count: Number(r.count),
      communication: r.communication === null ? null : Number(r.communication),
      accuracy: r.accuracy === null ? null : Number(r.accuracy),
      speed: r.speed === null ? null : Number(r.speed),
    });
  }
  return out;
}
