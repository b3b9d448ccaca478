import "server-only";
import { notFound } from "next/navigation";
import { AppError } from "@/server/http/errors";

// A page whose record is missing answers HTTP 404 with the 404 screen and title: it asks the
// same service as the API before rendering, so the status is known before streaming starts.

/** Runs the lookup; a NOT_FOUND from the service renders the 404 screen (HTTP 404). */
export async function foundOr404<T>(lookup: () => Promise<T>): Promise<T> {
  try {
    return await lookup();
  } catch (e) {
    if (e instanceof AppError && e.status === 404) notFound();
    throw e;
  }
}
