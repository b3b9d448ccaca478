import { and, desc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { dealQuoteVersions } from "@/server/db/schema";

// Reading a thread's quote versions (the quotes helper writes them; both read them from here).

export type QuoteVersionRow = typeof dealQuoteVersions.$inferSelect;

/** One version of a thread's quote, or undefined. */
export async function findQuoteVersion(
  db: DbOrTx,
  threadId: string,
  version: number,
): Promise<QuoteVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(dealQuoteVersions)
    .where(and(eq(dealQuoteVersions.threadId, threadId), eq(dealQuoteVersions.version, version)))
    .limit(1);
  return row;
}

/** A version and the one before it (for "what changed"), newest first: one query. */
export async function findQuoteVersionWithPrevious(
  db: DbOrTx,
  threadId: string,
  version: number,
): Promise<{ current?: QuoteVersionRow; previous?: QuoteVersionRow }> {
  const rows = await db
    .select()
    .from(dealQuoteVersions)
    .where(
      and(
        eq(dealQuoteVersions.threadId, threadId),
        inArray(dealQuoteVersions.version, [version, version - 1]),
      ),
    )
    .orderBy(desc(dealQuoteVersions.version));
  return {
    current: rows.find((r) => r.version === version),
    previous: rows.find((r) => r.version === version - 1),
  };
}
