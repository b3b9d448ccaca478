import "server-only";
import { notFound } from "next/navigation";
import { AppError } from "@/server/http/errors";
import { pageMember } from "./page-session";

// A page whose record is missing answers HTTP 404 with the 404 screen and title: it asks the
// same service as the API before rendering, so the status is known before streaming starts.

/** The signed-in member of the page being rendered, as the services take it (one lookup per request). */
export async function pageActor() {
  return (await pageMember())?.session;
}

/** Runs the lookup; a NOT_FOUND from the service renders the 404 screen (HTTP 404). */
export async function foundOr404<T>(lookup: () => Promise<T>): Promise<T> {
  try {
    return await lookup();
  } catch (e) {
    if (e instanceof AppError && e.status === 404) notFound();
    throw e;
  }
}
