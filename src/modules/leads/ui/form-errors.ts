import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "@/lib/api/client";

export const GENERIC_ERROR = "送信に失敗しました。時間をおいてもう一度お試しください。";

/** Brings a field into view (below any sticky header) and focuses it. */
export function scrollToField(name: string): void {
  const el = document.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
  if (!el) return;
  el.scrollIntoView({ behavior: "smooth", block: "center" });
  el.focus({ preventScroll: true });
}

/**
 * Puts the API's field errors (422 `fields`) on the form's fields, keeping what was typed.
 * Returns the message to show above the form, if any (a non-field error or unknown fields).
 */
export function applyApiError<T extends FieldValues>(
  error: unknown,
  fieldOrder: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string | undefined {
  if (!(error instanceof ApiError)) return GENERIC_ERROR;
  const fields = Object.entries(error.fields ?? {});
  if (!fields.length) return error.message || GENERIC_ERROR;
  const known = new Set<string>(fieldOrder);
  const rest: string[] = [];
  for (const [key, message] of fields) {
    if (known.has(key)) setError(key as Path<T>, { type: "server", message });
    else rest.push(message);
  }
  const first = fieldOrder.find((f) => error.fields[f]);
  if (first) scrollToField(first);
  return rest.length ? rest.join(" ") : "入力内容をご確認ください。";
}
