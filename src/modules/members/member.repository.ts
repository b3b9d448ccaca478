import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { DbOrTx } from "@/server/db/client";
import { companies, invitations, memberships, userSessions, users } from "@/server/db/schema";
import { invitationOutcome, invitationStatesAllowing } from "./invitation.policy";

export async function listMembers({ companyId }: CompanyScope, db: DbOrTx) {
  return membersOfCompany(db, companyId);
}

/** A company's members, oldest first; the console reads any company's (deactivated ones too). */
export async function membersOfCompany(db: DbOrTx, companyId: string) {
  return db
    .select({
      userId: users.id,
      name: memberships.name,
      email: users.email,
      role: memberships.role,
      department: memberships.department,
      phone: memberships.phone,
      emailVerifiedAt: users.emailVerifiedAt,
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

export async function findMember({ companyId }: CompanyScope, db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ membershipId: memberships.id, role: memberships.role, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)))
    .limit(1);
  return row;
}

export async function findPendingInvitation({ companyId }: CompanyScope, db: DbOrTx, invitationId: string) {
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

export async function findPendingInvitationByEmail({ companyId }: CompanyScope, db: DbOrTx, email: string) {
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

/** The invitation of a link (of the company when the link names one) with its company. */
export async function findInvitationByToken(db: DbOrTx, tokenHash: string, companyId?: string) {
  const [row] = await db
    .select({
      invitation: invitations,
      companyName: companies.name,
      companyType: companies.type,
      companyStatus: companies.status,
    })
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .where(
      and(
        eq(invitations.tokenHash, tokenHash),
        companyId === undefined ? undefined : eq(invitations.companyId, companyId),
      ),
    )
    .limit(1);
  return row;
}

/** Serializes changes of a company's members (the last-ADMIN rule) across concurrent requests. */
export async function lockCompany({ companyId }: CompanyScope, tx: DbOrTx) {
  await tx.execute(sql`select id from companies where id = ${companyId} for update`);
}

export async function countAdmins({ companyId }: CompanyScope, db: DbOrTx) {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.role, "ADMIN")));
  return Number(row?.n ?? 0);
}

/** A removed member's sessions working in this company end at once. */
export async function revokeSessionsIn({ companyId }: CompanyScope, db: DbOrTx, userId: string) {
  await db
    .update(userSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(userSessions.userId, userId), eq(userSessions.activeCompanyId, companyId)));
}

export async function insertInvitation(
  { companyId, userId }: CompanyScope,
  tx: DbOrTx,
  v: { email: string; name: string | null; role: "ADMIN" | "GENERAL"; tokenHash: string; expiresAt: Date },
) {
  const [row] = await tx
    .insert(invitations)
    .values({ companyId, invitedByUserId: userId, ...v })
    .returning();
  return row!;
}

export async function renewInvitation(tx: DbOrTx, invitationId: string, tokenHash: string, expiresAt: Date) {
  await tx
    .update(invitations)
    .set({ tokenHash, expiresAt, lastSentAt: new Date() })
    .where(eq(invitations.id, invitationId));
}

/** Cancels a pending invitation of the company; undefined when there is none. */
export async function cancelPendingInvitation({ companyId }: CompanyScope, db: DbOrTx, invitationId: string) {
  const [row] = await db
    .update(invitations)
    .set({ status: invitationOutcome("CANCEL"), cancelledAt: new Date() })
    .where(
      and(
        eq(invitations.id, invitationId),
        eq(invitations.companyId, companyId),
        inArray(invitations.status, invitationStatesAllowing("CANCEL")),
      ),
    )
    .returning({ id: invitations.id });
  return row;
}

export async function setRole(tx: DbOrTx, membershipId: string, role: "ADMIN" | "GENERAL") {
  await tx.update(memberships).set({ role, updatedAt: new Date() }).where(eq(memberships.id, membershipId));
}

export async function deleteMembership(tx: DbOrTx, membershipId: string) {
  await tx.delete(memberships).where(eq(memberships.id, membershipId));
}

/** Claims a pending invitation (a second use of the same link finds it accepted); undefined when already used. */
export async function claimInvitation(tx: DbOrTx, invitationId: string) {
  const [row] = await tx
    .update(invitations)
    .set({ status: invitationOutcome("ACCEPT"), acceptedAt: new Date() })
    .where(
      and(eq(invitations.id, invitationId), inArray(invitations.status, invitationStatesAllowing("ACCEPT"))),
    )
    .returning({ id: invitations.id });
  return row;
}

export async function setAcceptedUser(tx: DbOrTx, invitationId: string, userId: string) {
  await tx.update(invitations).set({ acceptedUserId: userId }).where(eq(invitations.id, invitationId));
}

export async function insertMembership(
  tx: DbOrTx,
  v: {
    userId: string;
    companyId: string;
    role: "ADMIN" | "GENERAL";
    name: string;
    department: string | null;
    phone: string | null;
  },
) {
  await tx.insert(memberships).values(v).onConflictDoNothing();
}
