import { type SQL, sql } from "drizzle-orm";
import type { ListTotal } from "@/lib/console-listing";
import type { DbOrTx } from "./client";

// Query helpers of the console's lists, for every repository that answers one.

export { type ListTotal, likePattern, type Page } from "@/lib/console-listing";

/**
 * Above this many rows a console list stops counting (issue 21: the entry list counted 1,000,000
 * rows on every request, p50 2 s). The pager reaches the first COUNT_CAP rows, as the CSV does.
 */
export const COUNT_CAP = 10_000;

/**
 * The total of a console list: rows of `from` matching `where`, exact up to `cap`; above it the
 * count stops at `cap` and the planner's estimate of the whole is added (decision 0023).
 */
export async function totalOf(
  db: DbOrTx,
  from: SQL,
  where: SQL | undefined,
  cap = COUNT_CAP,
): Promise<ListTotal> {
  const matching = sql`select 1 from ${from}${where ? sql` where ${where}` : sql``}`;
  const rows = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (${matching} limit ${cap + 1}) capped`,
  );
  const n = Number(rows.rows[0]?.n ?? 0);
  if (n <= cap) return { total: n };
  return { total: cap, totalCapped: true, totalEstimate: Math.max(cap + 1, await plannedRows(db, matching)) };
}

/** The planner's estimate of the rows a query returns (EXPLAIN, nothing is read). */
async function plannedRows(db: DbOrTx, query: SQL): Promise<number> {
  const rows = await db.execute<Record<string, unknown>>(sql`explain (format json) ${query}`);
  const cell = Object.values(rows.rows[0] ?? {})[0];
  const plan = (typeof cell === "string" ? JSON.parse(cell) : cell) as Array<{
    Plan?: { "Plan Rows"?: number };
  }>;
  return Math.round(Number(plan?.[0]?.Plan?.["Plan Rows"] ?? 0));
}
