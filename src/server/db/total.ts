import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "./client";

/** `count(*)` of a FROM clause and its filter, for a list's total beside its page. */
export async function totalOf(db: DbOrTx, from: SQL, where: SQL | undefined): Promise<number> {
  const rows = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${from}${where ? sql` where ${where}` : sql``}`,
  );
  return Number(rows.rows[0]?.n ?? 0);
}
