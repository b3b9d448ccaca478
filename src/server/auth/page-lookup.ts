import "server-only";
import { cookies } from "next/headers";
import { notFound } from "next/navigation";
import { cache } from "react";
import { resolveToken } from "@/modules/identity/identity.service";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { SESSION_COOKIE } from "./browser-session";

// A page whose record is missing answers HTTP 404 with the 404 screen and title: it asks the
// same service as the API before rendering, so the status is known before streaming starts.

/** The signed-in member of the page being rendered, as the services take it (one lookup per request). */
export const pageActor = cache(async () => {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  const session = token ? await resolveToken(db(), token) : undefined;
  return session?.kind === "user" ? session : undefined;
});

/** Runs the lookup; a NOT_FOUND from the service renders the 404 screen (HTTP 404). */
export async function foundOr404<T>(lookup: () => Promise<T>): Promise<T> {
  try {
    return await lookup();
  } catch (e) {
    if (e instanceof AppError && e.status === 404) notFound();
    throw e;
  }
}
