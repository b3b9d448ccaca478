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
