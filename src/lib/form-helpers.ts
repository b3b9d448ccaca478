import { ApiError } from "@/lib/api/client";

export const GENERIC_ERROR = "通信に失敗しました。時間をおいてもう一度お試しください。";

/** The Japanese message of a failed call, whatever was thrown. */
export function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : GENERIC_ERROR;
}

/** The first value of a search param. */
export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Brings a field into view (below any sticky header) and focuses it. */
export function scrollToField(name: string): void {
  const el = document.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
  if (!el) return;
  el.scrollIntoView({ behavior: "smooth", block: "center" });
  el.focus({ preventScroll: true });
}

export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: "smooth" });
}

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;
