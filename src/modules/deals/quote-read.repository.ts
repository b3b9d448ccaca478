import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { dealQuoteVersions } from "@/server/db/schema";

// Reading one quote version (the thread page embeds the current one; the purchase order the awarded one).

export type QuoteVersionRow = typeof dealQuoteVersions.$inferSelect;

export async function findQuoteVersion(
  db: DbOrTx,
  threadId: string,
  version: number,
): Promise<QuoteVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(dealQuoteVersions)
    .where(and(eq(dealQuoteVersions.threadId, threadId), eq(dealQuoteVersions.version, version)));
  return row;
}
