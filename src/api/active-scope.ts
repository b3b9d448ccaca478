import type { Context } from "hono";
import { type CompanyScope, resolveCompanyScope, type ScopeNeed } from "@/server/auth/company-scope";
import type { AppEnv } from "./context";
import { userOf } from "./define-route";

/**
 * The CompanyScope of the caller's ACTIVE company (the session's), for the calls that carry no
 * company in their path (uploads): undefined when the session has no active company; 404 when
 * the caller is not (or no longer) an active member of it, like any company-scoped call.
 */
export async function activeCompanyScopeOf(
  c: Context<AppEnv>,
  need: ScopeNeed,
): Promise<CompanyScope | undefined> {
  const user = await userOf(c);
  if (!user.activeCompanyId) return undefined;
  return resolveCompanyScope(user, user.activeCompanyId, need);
}
