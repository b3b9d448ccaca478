import { and, eq } from "drizzle-orm";
import {
  COMPANY_NOT_FOUND,
  type CompanyScope,
  type Membership,
  resolveCompanyScope,
  type ScopeNeed,
} from "@/server/auth/company-scope";
import type { DbOrTx } from "@/server/db/client";
import { companies, memberships } from "@/server/db/schema";
import { notFound } from "@/server/http/errors";

export { COMPANY_NOT_FOUND, type Membership };

/**
 * Who asks: a user id, or a signed-in actor. An API actor carries the user's active companies,
 * read with its session at the start of the request, so checking them costs no query.
 * @deprecated step 3 moves every caller to a CompanyScope resolved by the route or page.
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
 * @deprecated the route resolves the scope (companyRoute) and passes it; kept only while services move.
 */
export async function requireMembership(
  db: DbOrTx,
  who: Member,
  companyId: string,
  need: ScopeNeed = {},
): Promise<CompanyScope> {
  const m = await findActiveMembership(db, who, companyId);
  if (!m) throw notFound(COMPANY_NOT_FOUND);
  const userId = typeof who === "string" ? who : who.userId;
  return resolveCompanyScope({ userId, memberships: [m] }, companyId, need);
}
