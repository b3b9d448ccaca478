import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { companies } from "@/server/db/schema";

/** A supplier company's plan as its row holds it (the deal room opens threads for events without a scope). */
export async function supplierPaymentStatus(db: DbOrTx, companyId: string): Promise<string | null> {
  const [row] = await db
    .select({ paymentStatus: companies.paymentStatus })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.paymentStatus ?? null;
}
