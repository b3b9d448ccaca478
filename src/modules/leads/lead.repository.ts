import { and, count, desc, eq, gte, ilike, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { likePattern, type Page, totalOf } from "@/server/db/listing";
import { documentDownloadLeads, supportRequests } from "@/server/db/schema";

// The inbox of the public forms (decision 0014): brochure requests and support requests.

export type LeadInsert = typeof documentDownloadLeads.$inferInsert;
export type SupportRow = typeof supportRequests.$inferSelect;
export type SupportStatus = SupportRow["status"];
export type SupportInsert = Omit<typeof supportRequests.$inferInsert, "id" | "status" | "createdAt">;

export async function insertLead(tx: DbOrTx, values: LeadInsert): Promise<string> {
  const [row] = await tx
    .insert(documentDownloadLeads)
    .values(values)
    .returning({ id: documentDownloadLeads.id });
  return row!.id;
}

export async function insertSupportRequest(tx: DbOrTx, values: SupportInsert): Promise<string> {
  const [row] = await tx.insert(supportRequests).values(values).returning({ id: supportRequests.id });
  return row!.id;
}

/** The status of a support request, locked for its change; undefined when there is none. */
export async function supportStatusOf(tx: DbOrTx, id: string, lock = false) {
  const q = tx
    .select({ status: supportRequests.status })
    .from(supportRequests)
    .where(eq(supportRequests.id, id));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

export async function setSupportStatus(tx: DbOrTx, id: string, status: SupportStatus): Promise<SupportRow> {
  const [row] = await tx
    .update(supportRequests)
    .set({ status, statusChangedAt: new Date() })
    .where(eq(supportRequests.id, id))
    .returning();
  return row!;
}

// ---------------------------------------------------------------- the console's lists and counts

export async function listLeads(db: DbOrTx, keyword: string | undefined, page: Page) {
  const p = keyword ? likePattern(keyword) : undefined;
  const l = documentDownloadLeads;
  const where = p ? or(ilike(l.companyName, p), ilike(l.name, p), ilike(l.email, p)) : undefined;
  const rows = await db
    .select()
    .from(l)
    .where(where)
    .orderBy(desc(l.createdAt), desc(l.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: await totalOf(db, sql`${l}`, where) };
}

export async function listSupportRequests(
  db: DbOrTx,
  keyword: string | undefined,
  status: SupportStatus | undefined,
  page: Page,
) {
  const p = keyword ? likePattern(keyword) : undefined;
  const s = supportRequests;
  const where = and(
    p
      ? or(
          ilike(s.companyName, p),
          ilike(s.name, p),
          ilike(s.email, p),
          ilike(s.message, p),
          ilike(s.category, p),
        )
      : undefined,
    status ? eq(s.status, status) : undefined,
  );
  const rows = await db
    .select()
    .from(s)
    .where(where)
    .orderBy(desc(s.createdAt), desc(s.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: await totalOf(db, sql`${s}`, where) };
}

/** Brochure and support requests received since a moment (the console's dashboard). */
export async function countInboxSince(db: DbOrTx, since: Date): Promise<{ leads: number; support: number }> {
  const [[leads], [support]] = await Promise.all([
    db.select({ n: count() }).from(documentDownloadLeads).where(gte(documentDownloadLeads.createdAt, since)),
    db.select({ n: count() }).from(supportRequests).where(gte(supportRequests.createdAt, since)),
  ]);
  return { leads: Number(leads?.n ?? 0), support: Number(support?.n ?? 0) };
}
