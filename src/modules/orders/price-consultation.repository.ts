import { and, asc, eq, inArray, isNull, lt } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { files } from "@/server/db/schema";
import { orders, priceConsultations } from "@/server/db/schema-orders";

// The only writer of price_consultations (価格協議).

export type ConsultationRow = typeof priceConsultations.$inferSelect;

/** An order's consultations, oldest first, with their evidence files' names: two queries. */
export async function consultationsOf(db: DbOrTx, orderId: string) {
  const rows = await db
    .select()
    .from(priceConsultations)
    .where(eq(priceConsultations.orderId, orderId))
    .orderBy(asc(priceConsultations.requestedAt));
  const ids = [...new Set(rows.flatMap((r) => r.evidenceFileIds))];
  const names = ids.length
    ? new Map(
        (
          await db
            .select({ id: files.id, name: files.originalName })
            .from(files)
            .where(inArray(files.id, ids))
        ).map((f) => [f.id, f.name ?? "資料"]),
      )
    : new Map<string, string>();
  return rows.map((r) => ({
    ...r,
    evidence: r.evidenceFileIds.map((id) => ({ id, name: names.get(id) ?? "資料" })),
  }));
}

export async function insertConsultation(
  tx: DbOrTx,
  v: typeof priceConsultations.$inferInsert,
): Promise<ConsultationRow> {
  const [row] = await tx.insert(priceConsultations).values(v).returning();
  return row!;
}

export async function lockConsultation(tx: DbOrTx, orderId: string, id: string) {
  const [row] = await tx
    .select()
    .from(priceConsultations)
    .where(and(eq(priceConsultations.orderId, orderId), eq(priceConsultations.id, id)))
    .for("update")
    .limit(1);
  return row;
}

export async function updateConsultation(
  tx: DbOrTx,
  id: string,
  v: Partial<typeof priceConsultations.$inferInsert>,
) {
  await tx.update(priceConsultations).set(v).where(eq(priceConsultations.id, id));
}

/** Open consultations past their answer date and not yet alerted, with their order (the overdue job). */
export function overdueConsultations(db: DbOrTx, today: string, limit = 200) {
  return db
    .select({
      id: priceConsultations.id,
      orderId: priceConsultations.orderId,
      dueOn: priceConsultations.dueOn,
      number: orders.number,
      title: orders.title,
      buyerCompanyId: orders.buyerCompanyId,
    })
    .from(priceConsultations)
    .innerJoin(orders, eq(orders.id, priceConsultations.orderId))
    .where(
      and(
        eq(priceConsultations.status, "OPEN"),
        lt(priceConsultations.dueOn, today),
        isNull(priceConsultations.overdueAlertedAt), // alerted once
      ),
    )
    .limit(limit);
}

/** Marks an overdue consultation alerted, once (concurrent job runs alert it one time). */
export async function claimOverdue(tx: DbOrTx, id: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(priceConsultations)
    .set({ overdueAlertedAt: at })
    .where(and(eq(priceConsultations.id, id), isNull(priceConsultations.overdueAlertedAt)))
    .returning({ id: priceConsultations.id });
  return rows.length > 0;
}

/** Of `ids`, the files the company uploaded (evidence must be the supplier's own). */
export async function ownFileIds(
  db: DbOrTx,
  companyId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.companyId, companyId), inArray(files.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}
