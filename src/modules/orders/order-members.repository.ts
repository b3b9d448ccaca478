import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { memberships, users } from "@/server/db/schema";

// Who an order's email goes to: every member of the company (the outbox sends after commit).

export async function memberEmails(db: DbOrTx, companyId: string, role?: "ADMIN"): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), role ? eq(memberships.role, role) : undefined));
  return rows.map((r) => r.email);
}
