import type { z } from "zod";
import { env } from "@/env";
import { offsetOf, type Pagination } from "@/lib/pagination";
import type { LoginResult } from "@/modules/identity/identity.schema";
import {
  type ClientInfo,
  createInvitedUser,
  openUserSession,
  sessionUserOf,
  userByEmail,
} from "@/modules/identity/identity.service";
import { assertUncommonPassword } from "@/server/auth/common-passwords";
import type { CompanyScope } from "@/server/auth/company-scope";
import { hashPassword, verifyPassword } from "@/server/auth/password";
import { hashToken, newToken } from "@/server/auth/tokens";
import type { Db, DbOrTx } from "@/server/db/client";
import { enqueueEmail } from "@/server/email/outbox";
import { invitationMail } from "@/server/email/templates";
import { AppError, invalid, notFound } from "@/server/http/errors";
import { enforceRateLimits } from "@/server/http/rate-limit";
import * as repo from "./member.repository";
import { INVITATION_USED, type InvitationRegisterInput, type inviteInput } from "./member.schema";

// Member management (メンバー管理): ADMIN only (the routes' need). A company keeps at least one ADMIN.

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

export async function invite(scope: CompanyScope, db: Db, input: z.infer<typeof inviteInput>) {
  const { companyId } = scope;
  await enforceRateLimits(db, [{ key: `invite:company:${companyId}`, max: 50, windowSeconds: 60 * 60 }]);
  const existing = await userByEmail(db, input.email);
  if (existing && (await repo.findMember(scope, db, existing.id))) {
    throw invalid({ email: "このメールアドレスの方は既にメンバーです" });
  }
  if (await repo.findPendingInvitationByEmail(scope, db, input.email)) {
    throw invalid({
      email: "このメールアドレスには招待済みです。再送する場合は一覧の「再送」を押してください",
    });
  }
  const token = newToken();
  const inviter = await sessionUserOf(db, scope.userId, companyId);
  const row = await db.transaction(async (tx) => {
    const created = await repo.insertInvitation(scope, tx, {
      email: input.email,
      name: input.name ?? null,
      role: input.role,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS),
    });
    await sendInvitation(tx, {
      companyId,
      companyName: scope.companyName,
      inviterName: inviter.companyUserProfile?.name ?? inviter.user.name,
      inviteeName: input.name ?? null,
      email: input.email,
      token,
    });
    return created;
  });
  return { id: row.id, email: row.email, role: row.role, expiresAt: row.expiresAt.toISOString() };
}

/** Sends the invitation again with a new link, valid 7 days from now; the old link stops working. */
export async function resendInvitation(scope: CompanyScope, db: Db, invitationId: string) {
  const { companyId } = scope;
  const invitation = await repo.findPendingInvitation(scope, db, invitationId);
  if (!invitation) throw notFound(INVITATION_NOT_FOUND);
  await enforceRateLimits(db, [{ key: `invite-resend:${invitationId}`, max: 5, windowSeconds: 60 * 60 }]);
  const token = newToken();
  const inviter = await sessionUserOf(db, scope.userId, companyId);
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * DAY_MS);
  await db.transaction(async (tx) => {
    await repo.renewInvitation(tx, invitationId, hashToken(token), expiresAt);
    await sendInvitation(tx, {
      companyId,
      companyName: scope.companyName,
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

export async function cancelInvitation(scope: CompanyScope, db: Db, invitationId: string) {
  const row = await repo.cancelPendingInvitation(scope, db, invitationId);
  if (!row) throw notFound(INVITATION_NOT_FOUND);
}

export async function changeRole(scope: CompanyScope, db: Db, userId: string, role: "ADMIN" | "GENERAL") {
  await db.transaction(async (tx) => {
    await repo.lockCompany(scope, tx);
    const target = await repo.findMember(scope, tx, userId);
    if (!target) throw notFound(MEMBER_NOT_FOUND);
    if (target.role === "ADMIN" && role === "GENERAL" && (await repo.countAdmins(scope, tx)) <= 1) {
      throw new AppError("CONFLICT", LAST_ADMIN);
    }
    await repo.setRole(tx, target.membershipId, role);
  });
}

export async function removeMember(scope: CompanyScope, db: Db, userId: string) {
  await db.transaction(async (tx) => {
    await repo.lockCompany(scope, tx);
    const target = await repo.findMember(scope, tx, userId);
    if (!target) throw notFound(MEMBER_NOT_FOUND);
    if (target.role === "ADMIN" && (await repo.countAdmins(scope, tx)) <= 1) {
      throw new AppError("CONFLICT", LAST_ADMIN);
    }
    await repo.deleteMembership(tx, target.membershipId);
    await repo.revokeSessionsIn(scope, tx, userId);
  });
}

// ------------------------------------------------------------------ the invitee's side

async function liveInvitation(db: DbOrTx, companyId: string | undefined, token: string) {
  const row = await repo.findInvitationByToken(db, hashToken(token), companyId);
  if (row?.invitation.status === "ACCEPTED" && row.companyStatus === "ACTIVE")
    throw new AppError("CONFLICT", INVITATION_USED);
  if (row?.invitation.status !== "PENDING" || row.companyStatus !== "ACTIVE")
    throw notFound(INVITATION_INVALID);
  if (row.invitation.expiresAt.getTime() < Date.now()) throw new AppError("CONFLICT", INVITATION_EXPIRED);
  return row;
}

export async function checkInvitation(db: Db, companyId: string, token: string, client: ClientInfo) {
  await enforceRateLimits(db, [{ key: `invitation-check:ip:${client.ip}`, max: 60, windowSeconds: 15 * 60 }]);
  return viewLiveInvitation(db, token, companyId);
}

/**
 * What the invitation page shows before the invitee registers or joins; the link must be live
 * (of the company when the link names one).
 */
export async function viewLiveInvitation(db: Db, token: string, companyId?: string) {
  const row = await liveInvitation(db, companyId, token);
  return {
    companyName: row.companyName,
    companyType: row.companyType,
    email: row.invitation.email,
    name: row.invitation.name,
    role: row.invitation.role,
    expiresAt: row.invitation.expiresAt.toISOString(),
    hasAccount: (await userByEmail(db, row.invitation.email)) !== undefined,
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
  const existing = await userByEmail(db, row.invitation.email);
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
  const existing = await userByEmail(db, row.invitation.email);
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
    const claimed = await repo.claimInvitation(tx, row.invitation.id);
    if (!claimed) throw new AppError("CONFLICT", INVITATION_USED);
    let id = existing?.id;
    if (!id) {
      // The link reached the invited address: that proves it.
      const user = await createInvitedUser(tx, {
        email: row.invitation.email,
        name: input.name,
        passwordHash: passwordHash!,
      });
      id = user.id;
    }
    await repo.insertMembership(tx, {
      userId: id,
      companyId,
      role: row.invitation.role,
      name: input.name,
      department: input.department ?? null,
      phone: input.phone ?? null,
    });
    await repo.setAcceptedUser(tx, row.invitation.id, id);
    await openUserSession(tx, {
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
