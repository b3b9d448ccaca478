import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import type { SessionUser } from "@/lib/session/session-user";
import { BUYER_AREA, SUPPLIER_AREA, type UserType, userTypeOf } from "@/lib/session/user-type";
import { SESSION_COOKIE } from "@/server/auth/browser-session";
import { type CompanyScope, resolveCompanyScope } from "@/server/auth/company-scope";
import { getPageSession, pageMember } from "@/server/auth/page-session";

export type AccountArea = "buyer" | "oem";

/** Set by src/proxy.ts on /account/* requests: the path and query being rendered. */
export const PATHNAME_HEADER = "x-pathname";

/** Where a signed-in user whose companies were all deactivated is sent (logout or a new company). */
export const NO_COMPANY_PATH = "/account/deactivated";

export interface AreaSession {
  session: SessionUser;
  userType: Exclude<UserType, "noLogin">;
  /** The active company; an area is never rendered without one. */
  companyId: string;
  /** The same CompanyScope an API call resolves (src/server/auth/company-scope.ts), for the page's services. */
  scope: CompanyScope;
}

// Layout and page render in parallel and both ask; one session lookup per request.
const pageSession = cache(getPageSession);

/** The area a user type belongs to (spec §4: client → buyer, oem_free / oem_paid → supplier). */
export function areaOf(userType: Exclude<UserType, "noLogin">): AccountArea {
  return userType === "client" ? "buyer" : "oem";
}

/**
 * The signed-in session of an account area. Signed out: to the area's login with the path
 * to come back to. Signed in with a company of the other type: to that company's area.
 */
export async function requireAreaSession(area: AccountArea): Promise<AreaSession> {
  const top = area === "buyer" ? BUYER_AREA : SUPPLIER_AREA;
  const browser = await pageSession();
  if (!browser) {
    const login = area === "buyer" ? "/buyer/login" : "/oem/login";
    const here = (await headers()).get(PATHNAME_HEADER);
    const back =
      here && (here === top || here.startsWith(`${top}/`) || here.startsWith(`${top}?`)) ? here : top;
    // A session cookie that no longer works: the session ended (expired or revoked), say so.
    const ended = (await cookies()).has(SESSION_COOKIE) ? "&reason=session-expired" : "";
    redirect(`${login}?redirect=${encodeURIComponent(back)}${ended}`);
  }
  const { token: _token, expires: _expires, ...session } = browser;
  const userType = userTypeOf(session) as AreaSession["userType"];
  if (areaOf(userType) !== area) redirect(areaOf(userType) === "buyer" ? BUYER_AREA : SUPPLIER_AREA);
  const companyId = session.companyDetails?.id;
  // A user without any company (all of them deactivated) has no area: the page that says so.
  if (!companyId) redirect(NO_COMPANY_PATH);
  const member = (await pageMember())!;
  const scope = resolveCompanyScope(member.session, companyId, {
    type: area === "buyer" ? "BUYER" : "SUPPLIER",
  });
  return { session, userType, companyId, scope };
}
