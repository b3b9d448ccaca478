import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { companies, memberships, owners, users } from "@/server/db/schema";

// The nomination stop's columns of companies (nominations_suspended_at / _reason / _by_owner_id).

const suspensionColumns = {
  companyId: companies.id,
  type: companies.type,
  name: companies.name,
  nominationsSuspendedAt: companies.nominationsSuspendedAt,
  nominationsSuspendedReason: companies.nominationsSuspendedReason,
  nominationsSuspendedByOwnerId: companies.nominationsSuspendedByOwnerId,
};

/** A company's stop, locked for the operator's change (the audit's before and after). */
export async function lockSuspension(tx: DbOrTx, companyId: string) {
  const [row] = await tx
    .select(suspensionColumns)
    .from(companies)
    .where(eq(companies.id, companyId))
    .for("update");
  return row;
}

export async function setSuspension(
  tx: DbOrTx,
  companyId: string,
  v: { at: Date; reason: string; ownerId: string } | null,
): Promise<void> {
  await tx
    .update(companies)
    .set({
      nominationsSuspendedAt: v?.at ?? null,
      nominationsSuspendedReason: v?.reason ?? null,
      nominationsSuspendedByOwnerId: v?.ownerId ?? null,
    })
    .where(eq(companies.id, companyId));
}

/** The stop with the operator's name, for the console's company page. */
export async function findSuspension(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({
      at: companies.nominationsSuspendedAt,
      reason: companies.nominationsSuspendedReason,
      ownerId: owners.id,
      ownerName: owners.name,
    })
    .from(companies)
    .leftJoin(owners, eq(owners.id, companies.nominationsSuspendedByOwnerId))
    .where(eq(companies.id, companyId));
  return row;
}

/** Only whether nominations are stopped: the nomination flow's check (primary key lookup). */
export async function suspendedAt(db: DbOrTx, companyId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: companies.nominationsSuspendedAt })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.at ?? null;
}

/** The company's members to tell, with the name they go by in it. */
export async function memberContacts(db: DbOrTx, companyId: string) {
  return db
    .select({ email: users.email, name: memberships.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.companyId, companyId));
}
