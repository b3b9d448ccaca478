import "server-only";
import { cookies } from "next/headers";
import { browserSessionOf } from "@/modules/identity/identity.service";
import { db } from "@/server/db/client";
import { SESSION_COOKIE } from "./browser-session";

/** The signed-in session of the page being rendered, read from the cookie; null when signed out. */
export async function getPageSession() {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token) return null;
  return (await browserSessionOf(db(), token)) ?? null;
}

/**
 * What the browser's session provider can start from: null (signed out) when the request has no
 * session cookie, else undefined (it asks /api/auth/session). A signed-out visitor's page then
 * never changes the session after hydration, which would make React hydrate all of it at once.
 */
export async function initialBrowserSession(): Promise<null | undefined> {
  return (await cookies()).has(SESSION_COOKIE) ? undefined : null;
}
