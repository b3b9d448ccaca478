import { and, desc, eq, inArray, lte } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { news } from "@/server/db/schema";

// Headlines for the my-page tops (read only).

/** Published news for an audience (its own and ALL), newest first, none from the future. */
export async function latestHeadlines(db: DbOrTx, audience: "BUYER" | "SUPPLIER", limit: number, now: Date) {
  return db
    .select({ id: news.id, title: news.title, publishedAt: news.publishedAt })
    .from(news)
    .where(
      and(
        eq(news.status, "PUBLISHED"),
        inArray(news.audience, ["ALL", audience]),
        lte(news.publishedAt, now),
      ),
    )
    .orderBy(desc(news.publishedAt), desc(news.id))
    .limit(limit);
}
