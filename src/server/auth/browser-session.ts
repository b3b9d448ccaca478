import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { env } from "@/env";
import { safeRedirect } from "@/lib/safe-redirect";
import { AppError } from "@/server/http/errors";
import { newToken, safeEqual } from "./tokens";

// The web pages keep the bearer token in an httpOnly cookie (the spec's sign-in mechanism).
export const SESSION_COOKIE = "oem_session";
export const CSRF_COOKIE = "oem_csrf";
const THIRTY_DAYS = 30 * 86_400;

/** The origin browsers send from our pages (APP_URL's), whatever Host a proxy passes on. */
export function appOrigin(): string {
  return new URL(env().APP_URL).origin;
}

function secure(): boolean {
  return env().APP_URL.startsWith("https://");
}

export function setSessionCookie(c: Context, token: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: secure(),
    path: "/",
    maxAge: THIRTY_DAYS,
  });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: secure() });
}

/** Double-submit token: the cookie and the body must match, and the request must be same-origin. */
export function issueCsrfToken(c: Context): string {
  const existing = getCookie(c, CSRF_COOKIE);
  if (existing && existing.length >= 32) return existing;
  const token = newToken();
  setCookie(c, CSRF_COOKIE, token, { httpOnly: true, sameSite: "Lax", secure: secure(), path: "/" });
  return token;
}

export function assertCsrf(c: Context, bodyToken: string | undefined): void {
  const cookie = getCookie(c, CSRF_COOKIE);
  const origin = c.req.header("origin");
  const sameOrigin = !origin || origin === appOrigin();
  if (!cookie || !bodyToken || !safeEqual(cookie, bodyToken) || !sameOrigin) {
    throw new AppError(
      "FORBIDDEN",
      "セキュリティ確認に失敗しました。ページを再読み込みしてからもう一度お試しください。",
    );
  }
}

/** Only this site may be the redirect target after sign-in (src/lib/safe-redirect.ts). */
export function safeCallbackUrl(url: string | undefined, fallback: string): string {
  return safeRedirect(url, env().APP_URL) ?? fallback;
}
