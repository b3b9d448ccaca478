import type { z } from "zod";
import { env } from "@/env";
import type { SessionUserActor as UserActor } from "@/lib/actor";
import { offsetOf } from "@/lib/pagination";
import type { SessionUser } from "@/modules/identity/identity.schema";
import {
  revokeUserSessions,
  revokeVerificationTokens,
  sendTokenLink,
  sessionUserOf,
  setPasswordHash,
  switchActiveCompany,
  userByEmail,
  userById,
} from "@/modules/identity/identity.service";
import { viewLiveInvitation } from "@/modules/members/member.service";
import { assertUncommonPassword } from "@/server/auth/common-passwords";
import type { CompanyScope } from "@/server/auth/company-scope";
import { hashPassword, verifyPassword } from "@/server/auth/password";
import type { Db } from "@/server/db/client";
import { enqueueEmail } from "@/server/email/outbox";
import { emailChangeMail, emailChangeNoticeMail, passwordChangedMail } from "@/server/email/templates";
import { invalid, notFound, unauthenticated } from "@/server/http/errors";
import { enforceRateLimits } from "@/server/http/rate-limit";
import * as repo from "./account.repository";
import type { companiesQuery, profileUpdateInput } from "./account.schema";

const EMAIL_CHANGE_HOURS = 24;
/** The account pages' 404 for a company the user is not an active member of. */
export const COMPANY_NOT_FOUND = "会社が見つかりませんでした。";

export async function listCompanies(db: Db, actor: UserActor, q: z.infer<typeof companiesQuery>) {
  const { rows, total } = await repo.listMemberCompanies(db, actor.userId, {
    type: q.type,
    limit: q.perPage,
    offset: offsetOf(q),
  });
  const active = (await sessionUserOf(db, actor.userId, actor.activeCompanyId)).companyDetails?.id;
  return {
    items: rows.map((r) => ({ ...r, isActive: r.id === active })),
    page: q.page,
    perPage: q.perPage,
    total,
  };
}

/** Makes another of the user's companies (the scope's) the active one of this session. */
export async function switchCompany(scope: CompanyScope, db: Db, sessionId: string): Promise<SessionUser> {
  const membership = await repo.findMemberProfile(scope, db);
  if (!membership) throw notFound(COMPANY_NOT_FOUND);
  await switchActiveCompany(db, sessionId, scope.companyId);
  return sessionUserOf(db, scope.userId, scope.companyId);
}

/** Sends a confirmation link to the new address; the email changes when it is followed. */
export async function requestEmailChange(
  db: Db,
  actor: UserActor,
  input: { newEmail: string; password: string },
) {
  await enforceRateLimits(db, [{ key: `email-change:user:${actor.userId}`, max: 5, windowSeconds: 60 * 60 }]);
  const user = await userById(db, actor.userId);
  if (!user) throw unauthenticated();
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw invalid({ password: "パスワードが正しくありません" });
  }
  if (input.newEmail === user.email) throw invalid({ newEmail: "現在のメールアドレスと同じです" });
  if (await userByEmail(db, input.newEmail)) {
    throw invalid({ newEmail: "このメールアドレスは既に他のアカウントで使われています" });
  }
  await db.transaction(async (tx) => {
    await sendTokenLink(tx, {
      userId: user.id,
      purpose: "EMAIL_CHANGE",
      validMs: EMAIL_CHANGE_HOURS * 3_600_000,
      newEmail: input.newEmail,
      to: input.newEmail,
      mail: (token) =>
        emailChangeMail({ name: user.name, url: `${env().APP_URL}/verify-email?token=${token}` }),
    });
    await enqueueEmail(tx, user.email, emailChangeNoticeMail({ name: user.name, newEmail: input.newEmail }));
  });
}

/** Changes the password with the current one; every other session of the user ends. */
export async function changePassword(
  db: Db,
  actor: UserActor,
  input: { currentPassword: string; newPassword: string },
) {
  await enforceRateLimits(db, [
    { key: `password-change:user:${actor.userId}`, max: 10, windowSeconds: 15 * 60 },
  ]);
  const user = await userById(db, actor.userId);
  if (!user) throw unauthenticated();
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw invalid({ currentPassword: "現在のパスワードが正しくありません" });
  }
  assertUncommonPassword(input.newPassword, "newPassword");
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash);
    await revokeUserSessions(tx, user.id, actor.sessionId);
    // Links sent before the change (reset, email change) end with the old password.
    await revokeVerificationTokens(tx, user.id, ["PASSWORD_RESET", "EMAIL_CHANGE"]);
    await enqueueEmail(tx, user.email, passwordChangedMail({ name: user.name }));
  });
}

export async function getProfile(scope: CompanyScope, db: Db) {
  const m = await repo.findMemberProfile(scope, db);
  if (!m) throw notFound(COMPANY_NOT_FOUND);
  return {
    companyId: m.companyId,
    companyName: m.companyName,
    name: m.name,
    department: m.department,
    phone: m.phone,
    role: m.role,
    email: m.email,
  };
}

export async function updateProfile(scope: CompanyScope, db: Db, input: z.infer<typeof profileUpdateInput>) {
  const m = await repo.findMemberProfile(scope, db);
  if (!m) throw notFound(COMPANY_NOT_FOUND);
  await repo.updateMembershipProfile(db, m.membershipId, {
    name: input.name,
    department: input.department ?? null,
    phone: input.phone ?? null,
  });
  return getProfile(scope, db);
}

/** What the invitation page shows before the invitee registers or joins. */
export const viewInvitation = (db: Db, token: string) => viewLiveInvitation(db, token);
