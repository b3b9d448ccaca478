import type { Context } from "hono";
import { type CompanyScope, resolveCompanyScope, type ScopeNeed } from "@/server/auth/company-scope";
import { forbidden } from "@/server/http/errors";
import type { AppEnv } from "./context";
import { userOf } from "./define-route";

/**
 * The CompanyScope of a call that acts for the company named in its input, or else for the
 * session's active company (operations whose path has no `{companyId}`): resolved like
 * companyRoute's (404 not a member or the wrong kind of company, 403 a GENERAL member on an
 * ADMIN-only call); with neither company, 403 with the operation's `none` message.
 */
export async function activeCompanyScopeOf(
  c: Context<AppEnv>,
  need: ScopeNeed,
  input: { companyId?: string; none: string },
): Promise<CompanyScope> {
  const user = await userOf(c);
  const companyId = input.companyId ?? user.activeCompanyId;
  if (!companyId) throw forbidden(input.none);
  return resolveCompanyScope(user, companyId, need);
}
