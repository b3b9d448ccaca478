import { db } from "@/server/db/client";
import { news } from "@/server/db/schema";

export type NewsRow = Partial<typeof news.$inferInsert> & { title: string };

/**
 * Operator news written straight to the database, published a minute ago unless the row says
 * otherwise (status DRAFT: no publication date). Returns the ids in the order given.
 */
export async function insertNews(rows: NewsRow[]): Promise<string[]> {
  const inserted = await db()
    .insert(news)
    .values(
      rows.map((r) => ({
        body: "本文",
        audience: "ALL" as const,
        status: "PUBLISHED" as const,
        ...(r.status === "DRAFT" ? {} : { publishedAt: new Date(Date.now() - 60_000) }),
        ...r,
      })),
    )
    .returning({ id: news.id });
  return inserted.map((r) => r.id);
}
