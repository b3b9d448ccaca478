import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { env } from "@/env";
import { safeRedirect } from "@/lib/safe-redirect";
import { AppError } from "@/server/http/errors";
import { resolveClient } from "@/server/http/forwarded";
import { newToken, safeEqual } from "./tokens";

// The web pages keep the bearer token in an httpOnly cookie (the spec's sign-in mechanism).
export const SESSION_COOKIE = "oem_session";
export const CSRF_COOKIE = "oem_csrf";
const THIRTY_DAYS = 30 * 86_400;

/** The origin browsers send from our pages (APP_URL's), whatever Host a proxy passes on. */
export function appOrigin(): string {
  return new URL(env().APP_URL).origin;
}

/**
 * Whether our cookies are Secure: when the public origin is https, and also when this request
 * came over TLS as a trusted proxy tells (X-Forwarded-Proto, TRUST_PROXY): a proxy ending TLS in
 * front of an http APP_URL still gets Secure cookies. A direct client's header does not count.
 */
export function secureCookie(c: Context): boolean {
  if (env().APP_URL.startsWith("https://")) return true;
  let peer: string;
  try {
    peer = getConnInfo(c).remote.address ?? "unknown";
  } catch {
    peer = c.req.header("x-test-client-ip") ?? "127.0.0.1"; // app.request() in tests has no socket
  }
  const headers = {
    forwardedFor: c.req.header("x-forwarded-for"),
    forwardedProto: c.req.header("x-forwarded-proto"),
  };
  return resolveClient(peer, headers, env().TRUST_PROXY).protocol === "https";
}

export function setSessionCookie(c: Context, token: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: secureCookie(c),
    path: "/",
    maxAge: THIRTY_DAYS,
  });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: secureCookie(c) });
}

/** Double-submit token: the cookie and the body must match, and the request must be same-origin. */
export function issueCsrfToken(c: Context): string {
  const existing = getCookie(c, CSRF_COOKIE);
  if (existing && existing.length >= 32) return existing;
  const token = newToken();
  setCookie(c, CSRF_COOKIE, token, { httpOnly: true, sameSite: "Lax", secure: secureCookie(c), path: "/" });
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
