import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { env } from "@/env";
import type { UserActor } from "@/lib/actor";
import { offsetOf, type Pagination } from "@/lib/pagination";
import { requireMembership } from "@/modules/companies/company-access";
import { findUserByEmail, insertUserSession } from "@/modules/identity/identity.repository";
import type { LoginResult } from "@/modules/identity/identity.schema";
import { type ClientInfo, sessionUserOf } from "@/modules/identity/identity.service";
import { assertUncommonPassword } from "@/server/auth/common-passwords";
import type { CompanyScope } from "@/server/auth/company-scope";
import { hashPassword, verifyPassword } from "@/server/auth/password";
import { hashToken, newToken } from "@/server/auth/tokens";
import type { Db, DbOrTx } from "@/server/db/client";
import { invitations, memberships, users } from "@/server/db/schema";
import { enqueueEmail } from "@/server/email/outbox";
import { invitationMail } from "@/server/email/templates";
import { AppError, invalid, notFound } from "@/server/http/errors";
import { enforceRateLimits } from "@/server/http/rate-limit";
import * as repo from "./member.repository";
import { INVITATION_USED, type InvitationRegisterInput, type inviteInput } from "./member.schema";

// Member management (メンバー管理): ADMIN only. A company keeps at least one ADMIN.
const INVITATION_DAYS = 7;
const DAY_MS = 86_400_000;
const MEMBER_NOT_FOUND = "メンバーが見つかりませんでした。";
const INVITATION_NOT_FOUND = "招待が見つかりませんでした。";
const LAST_ADMIN = "管理者が1人以上必要です。先に他のメンバーを管理者にしてください。";
const INVITATION_INVALID = "招待リンクが無効です。招待したご担当者さまに再送を依頼してください。";
const INVITATION_EXPIRED =
  "招待の有効期限（7日間）が切れています。招待したご担当者さまに再送を依頼してください。";

export async function listMembers(scope: CompanyScope, db: Db, q: Pagination) {
  const [members, pending] = await Promise.all([
    repo.listMembers(scope, db),
    repo.listPendingInvitations(scope, db),
  ]);
  const now = Date.now();
  // A company has tens of members: both lists are read whole and paged together.
  const all = [
    ...pending.map((i) => ({
      kind: "INVITATION" as const,
      id: i.id,
      name: i.name,
      email: i.email,
      role: i.role,
      department: null,
      isMe: false,
      invitedAt: i.lastSentAt.toISOString(),
      expiresAt: i.expiresAt.toISOString(),
      isExpired: i.expiresAt.getTime() < now,
      joinedAt: null,
    })),
    ...members.map((m) => ({
      kind: "MEMBER" as const,
      id: m.userId,
      name: m.name,
      email: m.email,
      role: m.role,
      department: m.department,
      isMe: m.userId === scope.userId,
      invitedAt: null,
      expiresAt: null,
      isExpired: false,
      joinedAt: m.joinedAt.toISOString(),
    })),
  ];
  const start = offsetOf(q);
  return { items: all.slice(start, start + q.perPage), page: q.page, perPage: q.perPage, total: all.length };
}

async function sendInvitation(
  tx: DbOrTx,
  p: {
    companyId: string;
    companyName: string;
    inviterName: string;
    inviteeName: string | null;
    email: string;
    token: string;
  },
) {
  const url = `${env().APP_URL}/invitation?companyId=${p.companyId}&token=${p.token}`;
  await enqueueEmail(
    tx,
    p.email,
    invitationMail({
      companyName: p.companyName,
      inviterName: p.inviterName,
      inviteeName: p.inviteeName,
      url,
    }),
  );
}

export async function invite(
  db: Db,
  actor: UserActor,
  companyId: string,
  input: z.infer<typeof inviteInput>,
) {
  const m = await requireMembership(db, actor, companyId, { type: "SUPPLIER", admin: true });
  await enforceRateLimits(db, [{ key: `invite:company:${companyId}`, max: 50, windowSeconds: 60 * 60 }]);
  const existing = await findUserByEmail(db, input.email);
  if (existing && (await repo.findMember(db, companyId, existing.id))) {
    throw invalid({ email: "このメールアドレスの方は既にメンバーです" });
  }
  if (await repo.findPendingInvitationByEmail(db, companyId, input.email)) {
    throw invalid({
      email: "このメールアドレスには招待済みです。再送する場合は一覧の「再送」を押してください",
    });
  }
  const token = newToken();
  const inviter = await sessionUserOf(db, actor.userId, companyId);
  const [row] = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(invitations)
      .values({
        companyId,
        email: input.email,
        name: input.name ?? null,
        role: input.role,
        tokenHash: hashToken(token),
        invitedByUserId: actor.userId,
        expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS),
      })
      .returning();
    await sendInvitation(tx, {
      companyId,
      companyName: m.companyName,
      inviterName: inviter.companyUserProfile?.name ?? inviter.user.name,
      inviteeName: input.name ?? null,
      email: input.email,
      token,
    });
    return rows;
  });
  return { id: row!.id, email: row!.email, role: row!.role, expiresAt: row!.expiresAt.toISOString() };
}

/** Sends the invitation again with a new link, valid 7 days from now; the old link stops working. */
export async function resendInvitation(db: Db, actor: UserActor, companyId: string, invitationId: string) {
  const m = await requireMembership(db, actor, companyId, { type: "SUPPLIER", admin: true });
  const invitation = await repo.findPendingInvitation(db, companyId, invitationId);
  if (!invitation) throw notFound(INVITATION_NOT_FOUND);
  await enforceRateLimits(db, [{ key: `invite-resend:${invitationId}`, max: 5, windowSeconds: 60 * 60 }]);
  const token = newToken();
  const inviter = await sessionUserOf(db, actor.userId, companyId);
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * DAY_MS);
  await db.transaction(async (tx) => {
    await tx
      .update(invitations)
      .set({ tokenHash: hashToken(token), expiresAt, lastSentAt: new Date() })
      .where(eq(invitations.id, invitationId));
    await sendInvitation(tx, {
      companyId,
      companyName: m.companyName,
      inviterName: inviter.companyUserProfile?.name ?? inviter.user.name,
      inviteeName: invitation.name,
      email: invitation.email,
      token,
    });
  });
  return {
    id: invitationId,
    email: invitation.email,
    role: invitation.role,
    expiresAt: expiresAt.toISOString(),
  };
}

export async function cancelInvitation(db: Db, actor: UserActor, companyId: string, invitationId: string) {
  await requireMembership(db, actor, companyId, { type: "SUPPLIER", admin: true });
  const [row] = await db
    .update(invitations)
    .set({ status: "CANCELLED", cancelledAt: new Date() })
    .where(
      and(
        eq(invitations.id, invitationId),
        eq(invitations.companyId, companyId),
        eq(invitations.status, "PENDING"),
      ),
    )
    .returning({ id: invitations.id });
  if (!row) throw notFound(INVITATION_NOT_FOUND);
}

export async function changeRole(
  db: Db,
  actor: UserActor,
  companyId: string,
  userId: string,
  role: "ADMIN" | "GENERAL",
) {
  await requireMembership(db, actor, companyId, { type: "SUPPLIER", admin: true });
  await db.transaction(async (tx) => {
    await repo.lockCompany(tx, companyId);
    const target = await repo.findMember(tx, companyId, userId);
    if (!target) throw notFound(MEMBER_NOT_FOUND);
    if (target.role === "ADMIN" && role === "GENERAL" && (await repo.countAdmins(tx, companyId)) <= 1) {
      throw new AppError("CONFLICT", LAST_ADMIN);
    }
    await tx
      .update(memberships)
      .set({ role, updatedAt: new Date() })
      .where(eq(memberships.id, target.membershipId));
  });
}

export async function removeMember(db: Db, actor: UserActor, companyId: string, userId: string) {
  await requireMembership(db, actor, companyId, { type: "SUPPLIER", admin: true });
  await db.transaction(async (tx) => {
    await repo.lockCompany(tx, companyId);
    const target = await repo.findMember(tx, companyId, userId);
    if (!target) throw notFound(MEMBER_NOT_FOUND);
    if (target.role === "ADMIN" && (await repo.countAdmins(tx, companyId)) <= 1) {
      throw new AppError("CONFLICT", LAST_ADMIN);
    }
    await tx.delete(memberships).where(eq(memberships.id, target.membershipId));
    await repo.revokeSessionsIn(tx, userId, companyId);
  });
}

// ------------------------------------------------------------------ the invitee's side

async function liveInvitation(db: DbOrTx, companyId: string, token: string) {
  const row = await repo.findInvitationByToken(db, companyId, hashToken(token));
  if (row?.invitation.status === "ACCEPTED" && row.companyStatus === "ACTIVE")
    throw new AppError("CONFLICT", INVITATION_USED);
  if (row?.invitation.status !== "PENDING" || row.companyStatus !== "ACTIVE")
    throw notFound(INVITATION_INVALID);
  if (row.invitation.expiresAt.getTime() < Date.now()) throw new AppError("CONFLICT", INVITATION_EXPIRED);
  return row;
}

export async function checkInvitation(db: Db, companyId: string, token: string, client: ClientInfo) {
  await enforceRateLimits(db, [{ key: `invitation-check:ip:${client.ip}`, max: 60, windowSeconds: 15 * 60 }]);
  const row = await liveInvitation(db, companyId, token);
  return {
    companyName: row.companyName,
    companyType: row.companyType,
    email: row.invitation.email,
    name: row.invitation.name,
    role: row.invitation.role,
    expiresAt: row.invitation.expiresAt.toISOString(),
    hasAccount: (await findUserByEmail(db, row.invitation.email)) !== undefined,
  };
}

/** Same checks as register, nothing stored. */
export async function dryRunRegister(
  db: Db,
  companyId: string,
  input: InvitationRegisterInput,
  client: ClientInfo,
) {
  await enforceRateLimits(db, [{ key: `invitation-check:ip:${client.ip}`, max: 60, windowSeconds: 15 * 60 }]);
  const row = await liveInvitation(db, companyId, input.token);
  const existing = await findUserByEmail(db, row.invitation.email);
  if (existing && !(await verifyPassword(existing.passwordHash, input.password))) {
    throw invalid({ password: "このメールアドレスのアカウントのパスワードを入力してください" });
  }
  // A new account sets its password here; an existing one only proves the one it has.
  if (!existing) assertUncommonPassword(input.password);
}

/**
 * Accepts an invitation: a new account for the invited address, or the existing account
 * (proved by its password) joins the company. Signs in with the company active.
 */
export async function registerFromInvitation(
  db: Db,
  companyId: string,
  input: InvitationRegisterInput,
  client: ClientInfo,
): Promise<LoginResult> {
  await enforceRateLimits(db, [
    { key: `invitation-register:ip:${client.ip}`, max: 20, windowSeconds: 15 * 60 },
  ]);
  const row = await liveInvitation(db, companyId, input.token);
  const existing = await findUserByEmail(db, row.invitation.email);
  if (existing && !(await verifyPassword(existing.passwordHash, input.password))) {
    throw invalid({ password: "このメールアドレスのアカウントのパスワードを入力してください" });
  }
  // A new account sets its password here; an existing one only proves the one it has.
  if (!existing) assertUncommonPassword(input.password);
  const passwordHash = existing ? undefined : await hashPassword(input.password);
  const token = newToken();
  const expiresAt = new Date(Date.now() + 30 * DAY_MS);
  const userId = await db.transaction(async (tx) => {
    // Claim the invitation first: a second use of the same link finds it accepted.
    const [claimed] = await tx
      .update(invitations)
      .set({ status: "ACCEPTED", acceptedAt: new Date() })
      .where(and(eq(invitations.id, row.invitation.id), eq(invitations.status, "PENDING")))
      .returning({ id: invitations.id });
    if (!claimed) throw new AppError("CONFLICT", INVITATION_USED);
    let id = existing?.id;
    if (!id) {
      const [user] = await tx
        .insert(users)
        // The link reached the invited address: that proves it.
        .values({
          email: row.invitation.email,
          name: input.name,
          passwordHash: passwordHash!,
          emailVerifiedAt: new Date(),
        })
        .returning({ id: users.id });
      id = user!.id;
    }
    await tx
      .insert(memberships)
      .values({
        userId: id,
        companyId,
        role: row.invitation.role,
        name: input.name,
        department: input.department ?? null,
        phone: input.phone ?? null,
      })
      .onConflictDoNothing();
    await tx.update(invitations).set({ acceptedUserId: id }).where(eq(invitations.id, row.invitation.id));
    await insertUserSession(tx, {
      userId: id,
      tokenHash: hashToken(token),
      activeCompanyId: companyId,
      expiresAt,
      userAgent: client.userAgent?.slice(0, 300),
      ip: client.ip,
    });
    return id;
  });
  return { token, expiresAt: expiresAt.toISOString(), ...(await sessionUserOf(db, userId, companyId)) };
}
