import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import type { OwnerContext } from "@/modules/audit/audit.service";
import { type CompanyScope, resolveCompanyScope, type ScopeNeed } from "@/server/auth/company-scope";
import { type AppEnv, requireOwner, requireUser } from "./context";
import { bearer, ownerBearer } from "./openapi";

// Routes are declared with their caller (decision 0010): the factory sets the operation's OpenAPI
// `security`, and newRouter() puts the matching caller check ahead of the validators, so who may call
// and what the document says come from one declaration. Handlers read the caller with userOf,
// operatorOf or scopeOf; a company-scoped service cannot be called without the scope.

type Config = Omit<RouteConfig, "security">;
type Security = NonNullable<RouteConfig["security"]>;

/** `security` goes where the declarations always had it (before request/responses): the document is unchanged. */
function declare<const R extends Config>(config: R, security: Security, middleware?: MiddlewareHandler) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config)) {
    if ((key === "request" || key === "responses") && !("security" in out)) out.security = security;
    out[key] = value;
  }
  if (middleware) out.middleware = [middleware, ...(config.middleware ? [config.middleware].flat() : [])];
  return createRoute(out as R & { security: Security });
}

/** Anyone, signed in or not. */
export function publicRoute<const R extends Config>(config: R) {
  return declare(config, []);
}

/** A signed-in member (user token); 401 signed out, 403 for an operator token. */
export function userRoute<const R extends Config>(config: R) {
  return declare(config, bearer);
}

/** An operator of the console (/api/owner/*); 401 signed out, 403 for a member. */
export function ownerRoute<const R extends Config>(config: R) {
  return declare(config, ownerBearer);
}

/** Signed in or not, the handler tells them apart (e.g. the session check and logout). */
export function optionalCallerRoute<const R extends Config>(config: R, security: Security) {
  return declare(config, security);
}

/**
 * A member acting for the company in the path's `{companyId}`: the handler gets its CompanyScope
 * from scopeOf(c), resolved once after the input is validated (404 not a member or the wrong kind
 * of company, 403 a GENERAL member on an ADMIN-only call).
 */
export function companyRoute<const R extends Config>(config: R, need: ScopeNeed) {
  const declareNeed: MiddlewareHandler<AppEnv> = async (c, next) => {
    c.set("scopeNeed", need);
    await next();
  };
  return declare(config, bearer, declareNeed as MiddlewareHandler);
}

/** The signed-in member of a userRoute or companyRoute. */
export const userOf = requireUser;

/** The operator of an ownerRoute, as audited writes take it. */
export async function operatorOf(c: Context<AppEnv>): Promise<OwnerContext> {
  const owner = await requireOwner(c);
  return { ownerId: owner.ownerId, requestId: c.get("requestId") };
}

/** The CompanyScope of a companyRoute's call (the path's company, the caller's membership of it). */
export async function scopeOf(c: Context<AppEnv>): Promise<CompanyScope> {
  const known = c.get("scope");
  if (known) return known;
  const need = c.get("scopeNeed");
  const companyId = c.req.param("companyId");
  if (!need || !companyId) throw new Error(`scopeOf: ${c.req.path} is not declared with companyRoute`);
  const scope = resolveCompanyScope(await requireUser(c), companyId, need);
  c.set("scope", scope);
  return scope;
}
