import { createHmac } from "node:crypto";
import type { Context } from "hono";
import { setCookie } from "hono/cookie";
import { env } from "@/env";
import { secureCookie } from "./browser-session";
import { safeEqual } from "./tokens";

// A completion page (資料請求・お問い合わせ・退会) shows only after its action succeeded: the
// successful POST leaves a short-lived signed cookie, scoped to that page's path, which the
// page checks on the server; without it the page sends the visitor to the start of the flow.

export const COMPLETION_PAGES = {
  brochure: { path: "/lp/document-download/complete", start: "/lp#document-download" },
  support: { path: "/support/complete", start: "/support" },
  "buyer-deactivated": {
    path: "/account/buyer/account/delete/complete",
    start: "/account/buyer/account/delete",
  },
  "supplier-deactivated": {
    path: "/account/oem/company/delete/complete",
    start: "/account/oem/company/delete",
  },
} as const;

export type CompletionFlow = keyof typeof COMPLETION_PAGES;

/** Long enough to reload the page or come back to it shortly, not to bookmark it. */
export const RECEIPT_SECONDS = 30 * 60;

export const receiptCookieName = (flow: CompletionFlow) => `oem_done_${flow.replace(/-/g, "_")}`;

const mac = (flow: CompletionFlow, expires: number) =>
  createHmac("sha256", env().AUTH_SECRET).update(`completion:${flow}:${expires}`).digest("base64url");

export function receiptValue(flow: CompletionFlow, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + RECEIPT_SECONDS;
  return `${expires}.${mac(flow, expires)}`;
}

/** True when `value` is a receipt of this flow that has not expired. */
export function isValidReceipt(flow: CompletionFlow, value: string | undefined, now = Date.now()): boolean {
  const m = value ? /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!m) return false;
  const expires = Number(m[1]);
  if (expires * 1000 <= now || expires * 1000 > now + RECEIPT_SECONDS * 1000) return false;
  return safeEqual(m[2]!, mac(flow, expires));
}

/** Leaves the receipt on the answer of the action that succeeded. */
export function setCompletionReceipt(c: Context, flow: CompletionFlow): void {
  setCookie(c, receiptCookieName(flow), receiptValue(flow), {
    httpOnly: true,
    sameSite: "Lax",
    secure: secureCookie(c),
    path: COMPLETION_PAGES[flow].path,
    maxAge: RECEIPT_SECONDS,
  });
}
