import { env } from "@/env";
import { ticketBalance } from "@/modules/billing/billing.service";
import { assertUncommonPassword } from "@/server/auth/common-passwords";
import { hashPassword, verifyPassword } from "@/server/auth/password";
import { hashToken, newToken } from "@/server/auth/tokens";
import type { Db, DbOrTx } from "@/server/db/client";
import { enqueueEmail } from "@/server/email/outbox";
import { passwordChangedMail, passwordResetMail, verifyEmailMail } from "@/server/email/templates";
import { AppError, forbidden, invalid, unauthenticated } from "@/server/http/errors";
import { attemptSucceeded, type Backoff, beginAttempt } from "@/server/http/failure-backoff";
import { enforceRateLimits } from "@/server/http/rate-limit";
import { inSteadyTime } from "@/server/http/steady-time";
import * as repo from "./identity.repository";
import type { LoginInput, LoginResult, RegisterInput, SessionUser } from "./identity.schema";

const SESSION_DAYS = 30;
const SLIDE_AFTER_MS = 60 * 60 * 1000; // extend a session at most once an hour
const VERIFY_HOURS = 24;
const RESET_MINUTES = 60;
const DAY_MS = 86_400_000;

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

const WRONG_CREDENTIALS = "メールアドレスまたはパスワードが正しくありません。";

function sessionExpiry(): Date {
  return new Date(Date.now() + SESSION_DAYS * DAY_MS);
}

// ------------------------------------------------------------------ session user

export async function sessionUserOf(
  db: Db,
  userId: string,
  activeCompanyId: string | null,
): Promise<SessionUser> {
  const user = await repo.findUserById(db, userId);
  if (!user) throw unauthenticated();
  const members = await repo.listMemberships(db, userId);
  return sessionUserFrom(
    db,
    { id: user.id, name: user.name, email: user.email, emailVerified: user.emailVerifiedAt !== null },
    members,
    activeCompanyId,
  );
}

/** The session user of a resolved session, from what resolving it loaded (a supplier adds its ticket balance). */
export function sessionUserOfSession(
  db: Db,
  session: Extract<ResolvedSession, { kind: "user" }>,
): Promise<SessionUser> {
  return sessionUserFrom(
    db,
    { id: session.userId, ...session.user },
    session.memberships,
    session.activeCompanyId,
  );
}

async function sessionUserFrom(
  db: Db,
  user: SessionUser["user"],
  members: repo.ActiveMembership[],
  activeCompanyId: string | null,
): Promise<SessionUser> {
  const active = members.find((m) => m.companyId === activeCompanyId) ?? members[0];
  return {
    user,
    companyType: active?.companyType ?? null,
    companyUserProfile: active ? { name: active.profileName, role: active.role } : null,
    companyDetails: active
      ? {
          id: active.companyId,
          name: active.companyName,
          companyWebsite: active.website,
          ticketCount: active.companyType === "SUPPLIER" ? await ticketBalance(db, active.companyId) : 0,
          paymentStatus: active.paymentStatus,
        }
      : null,
    companies: members.map((m) => ({
      id: m.companyId,
      name: m.companyName,
      type: m.companyType,
      role: m.role,
    })),
  };
}

/** A new session's secret and what its row stores of it: the hash, the expiry, the client. */
function newSession(client: ClientInfo) {
  const token = newToken();
  return {
    token,
    row: {
      tokenHash: hashToken(token),
      expiresAt: sessionExpiry(),
      userAgent: client.userAgent?.slice(0, 300),
      ip: client.ip,
    },
  };
}

/** Signs the user in: a new session with the given company active (or their first one). */
export async function startUserSession(
  db: Db,
  userId: string,
  client: ClientInfo,
  activeCompanyId?: string,
): Promise<LoginResult> {
  const session = newSession(client);
  const members = await repo.listMemberships(db, userId);
  const active = members.find((m) => m.companyId === activeCompanyId) ?? members[0];
  await repo.insertUserSession(db, { userId, activeCompanyId: active?.companyId ?? null, ...session.row });
  return {
    token: session.token,
    expiresAt: session.row.expiresAt.toISOString(),
    ...(await sessionUserOf(db, userId, active?.companyId ?? null)),
  };
}

// ------------------------------------------------------------------ login

const TOO_MANY_FAILURES = "ログインの失敗が続いたため、しばらくお待ちください。";

/** Failures slow down the failing address (per account, and over all accounts): never the account elsewhere. */
function loginBackoff(realm: string, client: ClientInfo, email: string): Backoff[] {
  return [
    { key: `${realm}:ip-email:${client.ip}:${email}`, free: 10 },
    { key: `${realm}:ip:${client.ip}`, free: 30 },
  ];
}

/** Above what the lookup and an argon2id verify take here (about 10–15 ms). */
const CREDENTIAL_CHECK_MS = 60;

/** `prefer` picks the company of that type as the active one (the buyer or supplier login page). */
export async function login(
  db: Db,
  input: LoginInput,
  client: ClientInfo,
  prefer?: "BUYER" | "SUPPLIER",
): Promise<LoginResult> {
  const keys = loginBackoff("login", client, input.email);
  await beginAttempt(db, keys, TOO_MANY_FAILURES);
  // An unknown email is verified against a dummy hash, and the check ends at a fixed time after
  // the start, so neither the answer nor its timing tells whether the email exists.
  const { user, ok } = await inSteadyTime(CREDENTIAL_CHECK_MS, async () => {
    const found = await repo.findUserByEmail(db, input.email);
    return { user: found, ok: await verifyPassword(found?.passwordHash, input.password) };
  });
  if (!user || !ok) throw new AppError("UNAUTHENTICATED", WRONG_CREDENTIALS);
  await attemptSucceeded(db, keys[0]!.key, [keys[1]!.key]);
  const preferred = prefer
    ? (await repo.listMemberships(db, user.id)).find((m) => m.companyType === prefer)?.companyId
    : undefined;
  return startUserSession(db, user.id, client, preferred);
}

export async function ownerLogin(db: Db, input: LoginInput, client: ClientInfo) {
  const keys = loginBackoff("owner-login", client, input.email);
  await beginAttempt(db, keys, TOO_MANY_FAILURES);
  const owner = await repo.findOwnerByEmail(db, input.email);
  const ok = await verifyPassword(owner?.passwordHash, input.password);
  if (!owner || !ok || owner.disabledAt) throw new AppError("UNAUTHENTICATED", WRONG_CREDENTIALS);
  await attemptSucceeded(db, keys[0]!.key, [keys[1]!.key]);
  const session = newSession(client);
  await repo.insertOwnerSession(db, { ownerId: owner.id, ...session.row });
  return {
    token: session.token,
    expiresAt: session.row.expiresAt.toISOString(),
    owner: { id: owner.id, name: owner.name, email: owner.email },
  };
}

// ------------------------------------------------------------------ resolving a bearer token

export type ResolvedSession =
  | {
      kind: "user";
      userId: string;
      sessionId: string;
      activeCompanyId: string | null;
      expiresAt: Date;
      user: { name: string; email: string; emailVerified: boolean };
      /** The user's active companies when the request began (a CompanyScope is resolved against them). */
      memberships: repo.ActiveMembership[];
    }
  | { kind: "owner"; ownerId: string; sessionId: string; name: string; email: string };

/** Looks a token up in both realms in one query; sliding expiry, extended at most once an hour. */
export async function resolveToken(db: Db, token: string): Promise<ResolvedSession | undefined> {
  if (token.length < 20 || token.length > 200) return undefined;
  const now = new Date();
  const session = await repo.findLiveSession(db, hashToken(token), now);
  if (!session) return undefined;
  const slide = now.getTime() - session.lastUsedAt.getTime() > SLIDE_AFTER_MS;
  if (session.realm === "owner") {
    if (slide) await repo.touchOwnerSession(db, session.sessionId, sessionExpiry());
    return {
      kind: "owner",
      ownerId: session.ownerId,
      sessionId: session.sessionId,
      name: session.owner.name,
      email: session.owner.email,
    };
  }
  let expiresAt = session.expiresAt;
  if (slide) {
    expiresAt = sessionExpiry();
    await repo.touchUserSession(db, session.sessionId, expiresAt);
  }
  return {
    kind: "user",
    userId: session.userId,
    sessionId: session.sessionId,
    activeCompanyId: session.activeCompanyId,
    expiresAt,
    user: session.user,
    memberships: session.memberships,
  };
}

/** The web pages' session: the session user with its token, or undefined when signed out. */
export async function browserSessionOf(db: Db, token: string) {
  const session = await resolveToken(db, token);
  if (session?.kind !== "user") return undefined;
  const user = await sessionUserOfSession(db, session);
  return { ...user, token, expires: session.expiresAt.toISOString() };
}

/** Client logs are accepted from anyone, so they are rate limited per client. */
export async function recordClientLog(db: Db, client: ClientInfo): Promise<void> {
  await enforceRateLimits(db, [{ key: `client-log:ip:${client.ip}`, max: 60, windowSeconds: 60 }]);
}

export async function logout(db: Db, session: ResolvedSession): Promise<void> {
  if (session.kind === "user") await repo.revokeUserSession(db, session.sessionId);
  else await repo.revokeOwnerSession(db, session.sessionId);
}

// ------------------------------------------------------------------ registration

export const EMAIL_TAKEN =
  "このメールアドレスは既に登録されています。ログインするか、パスワードの再設定を行ってください。";

export async function checkRegistration(db: Db, input: RegisterInput, client: ClientInfo): Promise<void> {
  await enforceRateLimits(db, [{ key: `register-check:ip:${client.ip}`, max: 300, windowSeconds: 15 * 60 }]);
  if (await repo.findUserByEmail(db, input.email)) throw invalid({ email: EMAIL_TAKEN });
  assertUncommonPassword(input.password);
}

/** Sends the link that verifies a new account's address (in the caller's transaction). */
export async function sendVerification(
  tx: Parameters<typeof enqueueEmail>[0],
  user: { id: string; name: string; email: string },
) {
  await sendTokenLink(tx, {
    userId: user.id,
    purpose: "EMAIL_VERIFY",
    validMs: VERIFY_HOURS * 3_600_000,
    to: user.email,
    mail: (token) =>
      verifyEmailMail({ name: user.name, url: `${env().APP_URL}/verify-email?token=${token}` }),
  });
}

/**
 * Writes a one-use link token for the user (it replaces the older ones of its purpose) and queues
 * the mail that carries it, in the caller's transaction.
 */
export async function sendTokenLink(
  tx: DbOrTx,
  link: {
    userId: string;
    purpose: "EMAIL_VERIFY" | "PASSWORD_RESET" | "EMAIL_CHANGE";
    validMs: number;
    newEmail?: string;
    to: string;
    mail: (token: string) => Parameters<typeof enqueueEmail>[2];
  },
): Promise<void> {
  const token = newToken();
  await repo.insertVerificationToken(tx, {
    userId: link.userId,
    purpose: link.purpose,
    tokenHash: hashToken(token),
    ...(link.newEmail === undefined ? {} : { newEmail: link.newEmail }),
    expiresAt: new Date(Date.now() + link.validMs),
  });
  await enqueueEmail(tx, link.to, link.mail(token));
}

export async function resendVerification(db: Db, userId: string, client: ClientInfo): Promise<void> {
  await enforceRateLimits(db, [
    { key: `verify-resend:user:${userId}`, max: 5, windowSeconds: 60 * 60 },
    { key: `verify-resend:ip:${client.ip}`, max: 30, windowSeconds: 60 * 60 },
  ]);
  const user = await repo.findUserById(db, userId);
  if (!user) throw unauthenticated();
  if (user.emailVerifiedAt) throw new AppError("CONFLICT", "メールアドレスは確認済みです。");
  await db.transaction((tx) => sendVerification(tx, user));
}

const LINK_INVALID = "リンクが無効か、有効期限が切れています。お手数ですが、もう一度お手続きください。";

/** Completes a registration check or an email change (the link went to the new address). */
export async function verifyEmail(db: Db, token: string): Promise<{ emailChanged: boolean }> {
  return db.transaction(async (tx) => {
    const hash = hashToken(token);
    const row =
      (await repo.consumeVerificationToken(tx, hash, "EMAIL_VERIFY")) ??
      (await repo.consumeVerificationToken(tx, hash, "EMAIL_CHANGE"));
    if (!row) throw invalid({ token: LINK_INVALID }, LINK_INVALID);
    const now = new Date();
    if (row.purpose === "EMAIL_CHANGE" && row.newEmail) {
      const taken = await repo.findUserByEmail(tx, row.newEmail);
      if (taken && taken.id !== row.userId) {
        throw new AppError("CONFLICT", "このメールアドレスは既に他のアカウントで使われています。");
      }
      await repo.updateUser(tx, row.userId, { email: row.newEmail, emailVerifiedAt: now, updatedAt: now });
      // A reset link sent to the old address must not take the account back.
      await repo.revokeVerificationTokens(tx, row.userId, ["PASSWORD_RESET"]);
      return { emailChanged: true };
    }
    await repo.updateUser(tx, row.userId, { emailVerifiedAt: now, updatedAt: now });
    return { emailChanged: false };
  });
}

// ------------------------------------------------------------------ password reset

/** Always answers the same, whether or not the email is registered. */
export async function requestPasswordReset(db: Db, email: string, client: ClientInfo): Promise<void> {
  await enforceRateLimits(db, [
    { key: `reset:ip-email:${client.ip}:${email}`, max: 5, windowSeconds: 60 * 60 },
    { key: `reset:ip:${client.ip}`, max: 30, windowSeconds: 60 * 60 },
  ]);
  // A known email writes a token and a mail, an unknown one nothing: the answer leaves at the
  // same time after the start either way, so its timing does not tell which (tests/security).
  await inSteadyTime(RESET_ANSWER_MS, async () => {
    const user = await repo.findUserByEmail(db, email);
    if (!user) return;
    await db.transaction((tx) =>
      sendTokenLink(tx, {
        userId: user.id,
        purpose: "PASSWORD_RESET",
        validMs: RESET_MINUTES * 60_000,
        to: user.email,
        mail: (token) =>
          passwordResetMail({ name: user.name, url: `${env().APP_URL}/password-reset?token=${token}` }),
      }),
    );
  });
}

/** Well above what the known-email branch takes, even on a loaded machine. */
const RESET_ANSWER_MS = 120;

export async function resetPassword(
  db: Db,
  token: string,
  password: string,
  client: ClientInfo,
): Promise<void> {
  await enforceRateLimits(db, [{ key: `reset-confirm:ip:${client.ip}`, max: 30, windowSeconds: 15 * 60 }]);
  // Refused before the link is used, so that it still works for a better password.
  assertUncommonPassword(password);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const row = await repo.consumeVerificationToken(tx, hashToken(token), "PASSWORD_RESET");
    if (!row) throw invalid({ token: LINK_INVALID }, LINK_INVALID);
    // Following the emailed link also proves the address.
    const user = await repo.updateUser(tx, row.userId, { passwordHash, emailVerifiedAt: new Date() });
    await repo.revokeUserSessions(tx, row.userId);
    await repo.revokeVerificationTokens(tx, row.userId, ["PASSWORD_RESET", "EMAIL_CHANGE"]);
    await enqueueEmail(tx, user!.email, passwordChangedMail({ name: user!.name }));
  });
}

// ------------------------------------------------------------------ for other modules (they own no user tables)

export const userByEmail = (db: DbOrTx, email: string) => repo.findUserByEmail(db, email);
export const userById = (db: DbOrTx, id: string) => repo.findUserById(db, id);
export const createInvitedUser = repo.insertVerifiedUser;
/** A new account; undefined when the email is taken. */
export const createAccount = repo.insertUser;
/** The user's active companies, oldest membership first. */
export const activeMembershipsOf = repo.listMemberships;
export const openUserSession = repo.insertUserSession;
export const switchActiveCompany = repo.setActiveCompany;
export const revokeUserSessions = repo.revokeUserSessions;
export const revokeVerificationTokens = repo.revokeVerificationTokens;

/** Sets a new password hash (the caller checked the old one). */
export async function setPasswordHash(db: DbOrTx, userId: string, passwordHash: string) {
  await repo.updateUser(db, userId, { passwordHash });
}

/** Refuses (403) an account that has not yet followed the link of its verification email. */
export async function requireVerifiedEmail(db: DbOrTx, userId: string, message: string): Promise<void> {
  const user = await repo.findUserById(db, userId);
  if (!user?.emailVerifiedAt) throw forbidden(message);
}
