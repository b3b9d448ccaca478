"use client";

// Helpers shared by the console's billing, news, mail, audit and system pages.
import { useCallback } from "react";
import { useSWRConfig } from "swr";
import { ApiError } from "@/lib/api/client";
import { messageOf } from "@/lib/form-helpers";

export const linkClass = "font-bold text-brand-700 underline-offset-4 hover:underline";

/**
 * Revalidates every console GET whose path starts with one of the prefixes (a list after a row
 * action, the audit trail after a change), wherever on the page it is shown.
 */
export function useRefreshOwner() {
  const { mutate } = useSWRConfig();
  return useCallback(
    (...prefixes: string[]) =>
      mutate(
        (key) =>
          Array.isArray(key) &&
          key[0] === "owner" &&
          typeof key[1] === "string" &&
          prefixes.some((p) => (key[1] as string).startsWith(p)),
      ),
    [mutate],
  );
}

/** A failed form call: the field errors to show under the fields and the message above the form. */
export function formErrorsOf(e: unknown): { message: string; fields: Record<string, string> } {
  return { message: messageOf(e), fields: e instanceof ApiError ? e.fields : {} };
}

/** The API's message, preferring a field's message when the call failed on that field. */
export function withFieldMessage(e: unknown, field: string): unknown {
  if (e instanceof ApiError && e.fields[field]) {
    return new ApiError(e.status, e.code, e.fields[field]!, e.fields);
  }
  return e;
}
