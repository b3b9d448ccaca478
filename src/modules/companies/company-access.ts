import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { companies, memberships } from "@/server/db/schema";
import { forbidden, notFound } from "@/server/http/errors";

export const COMPANY_NOT_FOUND = "企業が見つかりませんでした。";

export interface Membership {
  membershipId: string;
  companyId: string;
  companyType: "BUYER" | "SUPPLIER";
  companyName: string;
  role: "ADMIN" | "GENERAL";
  /** The company's plan (suppliers); read with the membership, so plan checks cost no query either. */
  paymentStatus: "OEM_FREE" | "OEM_PAID" | null;
}

/**
 * Who asks: a user id, or a signed-in actor. An API actor carries the user's active companies,
 * read with its session at the start of the request, so checking them costs no query.
 */
export type Member = string | { userId: string; memberships?: readonly Membership[] };

/** The user's membership of an ACTIVE company; undefined for anyone else (callers answer 404). */
export async function findActiveMembership(
  db: DbOrTx,
  who: Member,
  companyId: string,
): Promise<Membership | undefined> {
  if (typeof who !== "string" && who.memberships) {
    return who.memberships.find((m) => m.companyId === companyId);
  }
  const userId = typeof who === "string" ? who : who.userId;
  const [row] = await db
    .select({
      membershipId: memberships.id,
      companyId: companies.id,
      companyType: companies.type,
      companyName: companies.name,
      role: memberships.role,
      paymentStatus: companies.paymentStatus,
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
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

/**
 * Every company-scoped call starts here: not a member (or the wrong kind of company) is 404,
 * so another company's data is never revealed; a GENERAL member on an ADMIN-only call is 403.
 */
export async function requireMembership(
  db: DbOrTx,
  who: Member,
  companyId: string,
  need: { type?: "BUYER" | "SUPPLIER"; admin?: boolean } = {},
): Promise<Membership> {
  const m = await findActiveMembership(db, who, companyId);
  if (!m || (need.type && m.companyType !== need.type)) throw notFound(COMPANY_NOT_FOUND);
  if (need.admin && m.role !== "ADMIN") throw forbidden("この操作は管理者のみ行えます。");
  return m;
}
