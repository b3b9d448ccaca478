import { and, asc, count, eq } from "drizzle-orm";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { DbOrTx } from "@/server/db/client";
import { companies, memberships, users } from "@/server/db/schema";

export async function listMemberCompanies(
  db: DbOrTx,
  userId: string,
  opts: { type?: "BUYER" | "SUPPLIER"; limit: number; offset: number },
) {
  const where = and(
    eq(memberships.userId, userId),
    eq(companies.status, "ACTIVE"),
    opts.type ? eq(companies.type, opts.type) : undefined,
  );
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      type: companies.type,
      role: memberships.role,
      paymentStatus: companies.paymentStatus,
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(where)
    .orderBy(asc(memberships.createdAt))
    .limit(opts.limit)
    .offset(opts.offset);
  const [total] = await db
    .select({ n: count() })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The caller's membership of an active company with the profile fields; undefined → 404. */
export async function findMemberProfile({ companyId, userId }: CompanyScope, db: DbOrTx) {
  const [row] = await db
    .select({
      membershipId: memberships.id,
      companyId: companies.id,
      companyName: companies.name,
      name: memberships.name,
      department: memberships.department,
      phone: memberships.phone,
      role: memberships.role,
      email: users.email,
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.userId, userId),
        eq(memberships.companyId, companyId),
        eq(companies.status, "ACTIVE"),
      ),
    )
    .limit(1);
  return row;
}

export async function updateMembershipProfile(
  db: DbOrTx,
  membershipId: string,
  v: { name: string; department: string | null; phone: string | null },
) {
  await db
    .update(memberships)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(memberships.id, membershipId));
}
