import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { companies, memberships } from "@/server/db/schema";
import { forbidden, notFound } from "@/server/http/errors";

export const COMPANY_NOT_FOUND = "企業が見つかりませんでした。";

/** The user's membership of an ACTIVE company; undefined for anyone else (callers answer 404). */
export async function findActiveMembership(db: DbOrTx, userId: string, companyId: string) {
  const [row] = await db
    .select({
      membershipId: memberships.id,
      companyId: companies.id,
      companyType: companies.type,
      companyName: companies.name,
      role: memberships.role,
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

export type Membership = NonNullable<Awaited<ReturnType<typeof findActiveMembership>>>;

/**
 * Every company-scoped call starts here: not a member (or the wrong kind of company) is 404,
 * so another company's data is never revealed; a GENERAL member on an ADMIN-only call is 403.
 */
export async function requireMembership(
  db: DbOrTx,
  userId: string,
  companyId: string,
  need: { type?: "BUYER" | "SUPPLIER"; admin?: boolean } = {},
): Promise<Membership> {
  const m = await findActiveMembership(db, userId, companyId);
  if (!m || (need.type && m.companyType !== need.type)) throw notFound(COMPANY_NOT_FOUND);
  if (need.admin && m.role !== "ADMIN") throw forbidden("この操作は管理者のみ行えます。");
  return m;
}
