import { and, count, desc, eq, ilike, inArray, lte, or, sql } from "drizzle-orm";
import { likePattern, type Page } from "@/lib/console-listing";
import type { DbOrTx } from "@/server/db/client";
import { totalOf } from "@/server/db/listing";
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

// ---------------------------------------------------------------- the operator's (drafts included)

export interface NewsFilter {
  status?: "DRAFT" | "PUBLISHED";
  audience?: "ALL" | "BUYER" | "SUPPLIER";
  keyword?: string;
}

export async function listForOperator(db: DbOrTx, f: NewsFilter, page: Page) {
  const p = f.keyword ? likePattern(f.keyword) : undefined;
  const where = and(
    f.status ? eq(news.status, f.status) : undefined,
    f.audience ? eq(news.audience, f.audience) : undefined,
    p ? or(ilike(news.title, p), ilike(news.body, p)) : undefined,
  );
  const rows = await db
    .select()
    .from(news)
    .where(where)
    .orderBy(sql`${news.publishedAt} desc nulls first`, desc(news.createdAt), desc(news.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: await totalOf(db, sql`${news}`, where) };
}

export type NewsRow = typeof news.$inferSelect;

export async function newsRow(db: DbOrTx, id: string, lock = false) {
  const q = db.select().from(news).where(eq(news.id, id)).limit(1);
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

export async function insertNews(tx: DbOrTx, values: typeof news.$inferInsert) {
  const [row] = await tx.insert(news).values(values).returning();
  return row!;
}

export async function updateNews(tx: DbOrTx, id: string, values: Partial<typeof news.$inferInsert>) {
  const [row] = await tx
    .update(news)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(news.id, id))
    .returning();
  return row!;
}

export async function deleteNews(tx: DbOrTx, id: string) {
  await tx.delete(news).where(eq(news.id, id));
}
