import { and, count, desc, eq, inArray, lte } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { news } from "@/server/db/schema";

export type Reader = "PUBLIC" | "BUYER" | "SUPPLIER";

/** Published news a reader may see: everyone sees ALL; buyers and suppliers also their own. */
function visibleTo(reader: Reader) {
  const audiences: Array<"ALL" | "BUYER" | "SUPPLIER"> = reader === "PUBLIC" ? ["ALL"] : ["ALL", reader];
  return and(
    eq(news.status, "PUBLISHED"),
    lte(news.publishedAt, new Date()),
    inArray(news.audience, audiences),
  );
}

export async function listNews(db: DbOrTx, reader: Reader, limit: number, offset: number) {
  const rows = await db
    .select()
    .from(news)
    .where(visibleTo(reader))
    .orderBy(desc(news.publishedAt), desc(news.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(news).where(visibleTo(reader));
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findNews(db: DbOrTx, reader: Reader, id: string) {
  const [row] = await db
    .select()
    .from(news)
    .where(and(eq(news.id, id), visibleTo(reader)))
    .limit(1);
  return row;
}
