import { count, eq, gte, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { companies } from "@/server/db/schema";

// Company figures for the my-page tops and the console (dashboard, audit log): read only.

export async function findPaymentStatus(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({ paymentStatus: companies.paymentStatus })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.paymentStatus ?? null;
}

/** Buyers and suppliers registered since a moment. */
export async function registrationsSince(
  db: DbOrTx,
  since: Date,
): Promise<{ buyers: number; suppliers: number }> {
  const rows = await db
    .select({ type: companies.type, n: count() })
    .from(companies)
    .where(gte(companies.createdAt, since))
    .groupBy(companies.type);
  const of = (type: string) => Number(rows.find((r) => r.type === type)?.n ?? 0);
  return { buyers: of("BUYER"), suppliers: of("SUPPLIER") };
}

/** Company names by id. */
export async function companyNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}
