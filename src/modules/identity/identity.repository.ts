import { and, asc, eq, gt, isNull, ne } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
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
    .orderBy(asc(memberships.createdAt));
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

export async function findLiveUserSession(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select()
    .from(userSessions)
    .where(
      and(
        eq(userSessions.tokenHash, tokenHash),
        isNull(userSessions.revokedAt),
        gt(userSessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
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

export async function findLiveOwnerSession(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ session: ownerSessions, owner: owners })
    .from(ownerSessions)
    .innerJoin(owners, eq(owners.id, ownerSessions.ownerId))
    .where(
      and(
        eq(ownerSessions.tokenHash, tokenHash),
        isNull(ownerSessions.revokedAt),
        gt(ownerSessions.expiresAt, new Date()),
        isNull(owners.disabledAt),
      ),
    )
    .limit(1);
  return row;
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
