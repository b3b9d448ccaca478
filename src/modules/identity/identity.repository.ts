import { and, asc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/server/db/client";
import { withCompiledRows } from "@/server/db/compiled-rows";
import { perDatabase } from "@/server/db/per-database";
import {
  companies,
  memberships,
  ownerSessions,
  owners,
  userSessions,
  users,
  verificationTokens,
} from "@/server/db/schema";

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findOwnerByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(owners).where(eq(owners.email, email)).limit(1);
  return row;
}

/** Active companies the user belongs to, oldest membership first. */
export async function listMemberships(db: DbOrTx, userId: string) {
  return db
    .select({
      membershipId: memberships.id,
      companyId: companies.id,
      companyName: companies.name,
      companyType: companies.type,
      website: companies.website,
      paymentStatus: companies.paymentStatus,
      role: memberships.role,
      profileName: memberships.name,
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.userId, userId), eq(companies.status, "ACTIVE")))
    .orderBy(asc(memberships.createdAt), asc(memberships.id));
}

export type ActiveMembership = Awaited<ReturnType<typeof listMemberships>>[number];

export type LiveSession =
  | {
      realm: "user";
      sessionId: string;
      userId: string;
      activeCompanyId: string | null;
      expiresAt: Date;
      lastUsedAt: Date;
      user: { name: string; email: string; emailVerified: boolean };
      /** Active companies of the user, oldest membership first (as listMemberships). */
      memberships: ActiveMembership[];
    }
  | {
      realm: "owner";
      sessionId: string;
      ownerId: string;
      expiresAt: Date;
      lastUsedAt: Date;
      owner: { name: string; email: string };
    };

/** The user's active companies as the session carries them (listMemberships' order and fields). */
const activeMembershipsJson = sql<ActiveMembership[] | string>`(select coalesce(json_agg(json_build_object(
    'membershipId', m.id, 'companyId', c.id, 'companyName', c.name, 'companyType', c.type,
    'website', c.website, 'paymentStatus', c.payment_status, 'role', m.role, 'profileName', m.name)
    order by m.created_at, m.id), '[]'::json)
  from ${memberships} m join ${companies} c on c.id = m.company_id
  where m.user_id = ${userSessions.userId} and c.status = 'ACTIVE')`;

/**
 * The user-session lookup, prepared once per database: it runs on every signed-in request, so
 * PostgreSQL plans it once per connection and Drizzle builds it once per process.
 */
function liveUserSession(db: Db) {
  return withCompiledRows(
    db
      .select({
        sessionId: userSessions.id,
        userId: userSessions.userId,
        activeCompanyId: userSessions.activeCompanyId,
        expiresAt: userSessions.expiresAt,
        lastUsedAt: userSessions.lastUsedAt,
        name: users.name,
        email: users.email,
        emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
        memberships: activeMembershipsJson,
      })
      .from(userSessions)
      .innerJoin(users, eq(users.id, userSessions.userId))
      .where(
        and(
          eq(userSessions.tokenHash, sql.placeholder("tokenHash")),
          isNull(userSessions.revokedAt),
          sql`${userSessions.expiresAt} > ${sql.placeholder("now")}::timestamptz`,
        ),
      )
      .prepare("live_user_session"),
  );
}
const liveUserSessions = perDatabase(liveUserSession);

/**
 * A live session with everything a request needs about its holder: the user, their active
 * companies and roles, in one round trip (it runs on every signed-in call). Operators' tokens,
 * which are rare, are looked up next only when no user session has the token.
 */
export async function findLiveSession(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<LiveSession | undefined> {
  const [row] = await liveUserSessions(db).execute({ tokenHash, now: now.toISOString() });
  if (row) {
    const { sessionId, userId, activeCompanyId, expiresAt, lastUsedAt, name, email, emailVerified } = row;
    return {
      realm: "user",
      sessionId,
      userId,
      activeCompanyId,
      expiresAt,
      lastUsedAt,
      user: { name, email, emailVerified: Boolean(emailVerified) },
      memberships: typeof row.memberships === "string" ? JSON.parse(row.memberships) : row.memberships,
    };
  }
  const [owner] = await db
    .select({ session: ownerSessions, owner: owners })
    .from(ownerSessions)
    .innerJoin(owners, eq(owners.id, ownerSessions.ownerId))
    .where(
      and(
        eq(ownerSessions.tokenHash, tokenHash),
        isNull(ownerSessions.revokedAt),
        gt(ownerSessions.expiresAt, now),
        isNull(owners.disabledAt),
      ),
    )
    .limit(1);
  if (!owner) return undefined;
  return {
    realm: "owner",
    sessionId: owner.session.id,
    ownerId: owner.owner.id,
    expiresAt: owner.session.expiresAt,
    lastUsedAt: owner.session.lastUsedAt,
    owner: { name: owner.owner.name, email: owner.owner.email },
  };
}

export async function insertUserSession(
  db: DbOrTx,
  v: {
    userId: string;
    tokenHash: string;
    activeCompanyId: string | null;
    expiresAt: Date;
    userAgent?: string;
    ip?: string;
  },
) {
  await db.insert(userSessions).values(v);
}

export async function touchUserSession(db: DbOrTx, id: string, expiresAt: Date) {
  await db.update(userSessions).set({ lastUsedAt: new Date(), expiresAt }).where(eq(userSessions.id, id));
}

export async function revokeUserSessions(db: DbOrTx, userId: string, exceptSessionId?: string) {
  await db
    .update(userSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(userSessions.userId, userId),
        isNull(userSessions.revokedAt),
        exceptSessionId ? ne(userSessions.id, exceptSessionId) : undefined,
      ),
    );
}

export async function revokeUserSession(db: DbOrTx, id: string) {
  await db.update(userSessions).set({ revokedAt: new Date() }).where(eq(userSessions.id, id));
}

export async function insertOwnerSession(
  db: DbOrTx,
  v: { ownerId: string; tokenHash: string; expiresAt: Date; userAgent?: string; ip?: string },
) {
  await db.insert(ownerSessions).values(v);
}

export async function touchOwnerSession(db: DbOrTx, id: string, expiresAt: Date) {
  await db.update(ownerSessions).set({ lastUsedAt: new Date(), expiresAt }).where(eq(ownerSessions.id, id));
}

export async function revokeOwnerSession(db: DbOrTx, id: string) {
  await db.update(ownerSessions).set({ revokedAt: new Date() }).where(eq(ownerSessions.id, id));
}

type Purpose = "EMAIL_VERIFY" | "PASSWORD_RESET" | "EMAIL_CHANGE";

export async function insertVerificationToken(
  db: DbOrTx,
  v: { userId: string; purpose: Purpose; tokenHash: string; expiresAt: Date; newEmail?: string },
) {
  // A new link replaces the older ones of the same purpose.
  await db
    .update(verificationTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(verificationTokens.userId, v.userId),
        eq(verificationTokens.purpose, v.purpose),
        isNull(verificationTokens.usedAt),
      ),
    );
  await db.insert(verificationTokens).values(v);
}

/** Ends the user's live links of these purposes (the credentials they were sent for changed). */
export async function revokeVerificationTokens(db: DbOrTx, userId: string, purposes: Purpose[]) {
  await db
    .update(verificationTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(verificationTokens.userId, userId),
        inArray(verificationTokens.purpose, purposes),
        isNull(verificationTokens.usedAt),
      ),
    );
}

/** Marks a live token used and returns it; undefined when unknown, used or expired. */
export async function consumeVerificationToken(db: DbOrTx, tokenHash: string, purpose: Purpose) {
  const [row] = await db
    .update(verificationTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(verificationTokens.tokenHash, tokenHash),
        eq(verificationTokens.purpose, purpose),
        isNull(verificationTokens.usedAt),
        gt(verificationTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  return row;
}

/** A new account; undefined when the email is taken (the unique index decides, not a read before). */
export async function insertUser(db: DbOrTx, v: { email: string; name: string; passwordHash: string }) {
  const [row] = await db.insert(users).values(v).onConflictDoNothing({ target: users.email }).returning();
  return row;
}

/** An invited account: the link reached the invited address, which proves it. */
export async function insertVerifiedUser(
  db: DbOrTx,
  v: { email: string; name: string; passwordHash: string },
) {
  const [row] = await db
    .insert(users)
    .values({ ...v, emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  return row!;
}

export async function updateUser(db: DbOrTx, id: string, v: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set({ ...v, updatedAt: v.updatedAt ?? new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function setActiveCompany(db: DbOrTx, sessionId: string, companyId: string) {
  await db.update(userSessions).set({ activeCompanyId: companyId }).where(eq(userSessions.id, sessionId));
}
