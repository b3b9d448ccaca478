import { forbidden, notFound } from "@/server/http/errors";

// Company scope by construction (decision 0009): every company-scoped call — an API route, a page —
// resolves one CompanyScope from the signed-in user's memberships and the company in the path.
// Company-scoped services and repositories take it as their FIRST argument; a bare company id is
// not a scope, so reading another company's data without having resolved one is a type error.

export const COMPANY_NOT_FOUND = "企業が見つかりませんでした。";
export const ADMIN_ONLY = "この操作は管理者のみ行えます。";

/** A user's membership of an ACTIVE company, as the session resolution reads it (no query of its own). */
export interface Membership {
  membershipId: string;
  companyId: string;
  companyType: "BUYER" | "SUPPLIER";
  companyName: string;
  role: "ADMIN" | "GENERAL";
  /** The company's plan (suppliers); read with the membership, so plan checks cost no query either. */
  paymentStatus: "OEM_FREE" | "OEM_PAID" | null;
}

/** Who asks: the signed-in user and the active companies read with their session. */
export interface ScopedUser {
  userId: string;
  memberships: readonly Membership[];
}

export interface ScopeNeed {
  /** The kind of company the call is for; a member of the other kind gets 404, like a stranger. */
  type?: "BUYER" | "SUPPLIER";
  /** ADMIN-only calls: a GENERAL member gets 403. */
  admin?: boolean;
}

declare const scoped: unique symbol;

/** The company a call acts for, and who acts: made only by `resolveCompanyScope`. */
export type CompanyScope = Readonly<Membership & { userId: string }> & { readonly [scoped]: true };

/**
 * The one guard of company-scoped calls, for the API and for pages: not a member (or the wrong kind
 * of company) is 404, so another company's data is never revealed; a GENERAL member on an
 * ADMIN-only call is 403.
 */
export function resolveCompanyScope(who: ScopedUser, companyId: string, need: ScopeNeed = {}): CompanyScope {
  const m = who.memberships.find((x) => x.companyId === companyId);
  if (!m || (need.type && m.companyType !== need.type)) throw notFound(COMPANY_NOT_FOUND);
  if (need.admin && m.role !== "ADMIN") throw forbidden(ADMIN_ONLY);
  return { ...m, userId: who.userId } as CompanyScope;
}

/** The same scope with a stricter need, for a use case that asks more than its route (e.g. ADMIN). */
export function narrowScope(scope: CompanyScope, need: ScopeNeed): CompanyScope {
  return resolveCompanyScope({ userId: scope.userId, memberships: [scope] }, scope.companyId, need);
}
