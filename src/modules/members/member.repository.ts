import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { DbOrTx } from "@/server/db/client";
import { companies, invitations, memberships, userSessions, users } from "@/server/db/schema";

export async function listMembers({ companyId }: CompanyScope, db: DbOrTx) {
  return db
    .select({
      userId: users.id,
      name: memberships.name,
      email: users.email,
      role: memberships.role,
      department: memberships.department,
      joinedAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.companyId, companyId))
    .orderBy(asc(memberships.createdAt));
}

export async function listPendingInvitations({ companyId }: CompanyScope, db: DbOrTx) {
  return db
    .select()
    .from(invitations)
    .where(and(eq(invitations.companyId, companyId), eq(invitations.status, "PENDING")))
    .orderBy(desc(invitations.createdAt));
}

export async function findMember(db: DbOrTx, companyId: string, userId: string) {
  const [row] = await db
    .select({ membershipId: memberships.id, role: memberships.role, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)))
    .limit(1);
  return row;
}

export async function findPendingInvitation(db: DbOrTx, companyId: string, invitationId: string) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.id, invitationId),
        eq(invitations.companyId, companyId),
        eq(invitations.status, "PENDING"),
      ),
    )
    .limit(1);
  return row;
}

export async function findPendingInvitationByEmail(db: DbOrTx, companyId: string, email: string) {
  const [row] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.companyId, companyId),
        eq(invitations.email, email),
        eq(invitations.status, "PENDING"),
      ),
    )
    .limit(1);
  return row;
}

export async function findInvitationByToken(db: DbOrTx, companyId: string, tokenHash: string) {
  const [row] = await db
    .select({
      invitation: invitations,
      companyName: companies.name,
      companyType: companies.type,
      companyStatus: companies.status,
    })
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .where(and(eq(invitations.tokenHash, tokenHash), eq(invitations.companyId, companyId)))
    .limit(1);
  return row;
}

/** Serializes changes of a company's members (the last-ADMIN rule) across concurrent requests. */
export async function lockCompany(tx: DbOrTx, companyId: string) {
  await tx.execute(sql`select id from companies where id = ${companyId} for update`);
}

export async function countAdmins(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.role, "ADMIN")));
  return Number(row?.n ?? 0);
}

/** A removed member's sessions working in this company end at once. */
export async function revokeSessionsIn(db: DbOrTx, userId: string, companyId: string) {
  await db
    .update(userSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(userSessions.userId, userId), eq(userSessions.activeCompanyId, companyId)));
}
