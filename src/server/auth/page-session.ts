import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import { resolveToken, sessionUserOfSession } from "@/modules/identity/identity.service";
import { db } from "@/server/db/client";
import { SESSION_COOKIE } from "./browser-session";

/**
 * The member whose cookie the page is rendered for, as the API resolves a bearer token (session,
 * user, active companies); undefined when signed out. Once per request, however many ask.
 */
export const pageMember = cache(async () => {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  const session = token ? await resolveToken(db(), token) : undefined;
  return session?.kind === "user" ? { session, token: token! } : undefined;
});

/** The signed-in session of the page being rendered, read from the cookie; null when signed out. */
export async function getPageSession() {
  const member = await pageMember();
  if (!member) return null;
  const user = await sessionUserOfSession(db(), member.session);
  return { ...user, token: member.token, expires: member.session.expiresAt.toISOString() };
}

/**
 * What the browser's session provider can start from: null (signed out) when the request has no
 * session cookie, else undefined (it asks /api/auth/session). A signed-out visitor's page then
 * never changes the session after hydration, which would make React hydrate all of it at once.
 */
export async function initialBrowserSession(): Promise<null | undefined> {
  return (await cookies()).has(SESSION_COOKIE) ? undefined : null;
}
