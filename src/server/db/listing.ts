import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "./client";

// Query helpers of the console's lists, for every repository that answers one.

export type { Page } from "@/lib/console-listing";

/** `%word%` for ILIKE, with the pattern characters of the word taken literally. */
export function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Rows of `from` matching `where`, for a list's total. */
export async function totalOf(db: DbOrTx, from: SQL, where: SQL | undefined): Promise<number> {
  const rows = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${from}${where ? sql` where ${where}` : sql``}`,
  );
  return Number(rows.rows[0]?.n ?? 0);
}
