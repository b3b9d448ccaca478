import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { env } from "@/env";
import { type ClientInfo, type ResolvedSession, resolveToken } from "@/modules/identity/identity.service";
import { appOrigin, SESSION_COOKIE } from "@/server/auth/browser-session";
import type { CompanyScope, ScopeNeed } from "@/server/auth/company-scope";
import { db } from "@/server/db/client";
import { AppError, forbidden, unauthenticated } from "@/server/http/errors";
import { resolveClient } from "@/server/http/forwarded";

/** A user actor also carries the user and their active companies, read with the session in one query. */
export type Actor = { kind: "anonymous" } | ResolvedSession;

export type AppEnv = {
  Variables: {
    requestId: string;
    actor?: Actor;
    session?: ResolvedSession;
    /** What a companyRoute asks of the caller's membership of the company in its path. */
    scopeNeed?: ScopeNeed;
    scope?: CompanyScope;
  };
};

function bearerOf(c: Context): { token: string; fromCookie: boolean } | undefined {
  const header = c.req.header("authorization");
  if (header) {
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    return m ? { token: m[1]!, fromCookie: false } : undefined;
  }
  const cookie = getCookie(c, SESSION_COOKIE);
  return cookie ? { token: cookie, fromCookie: true } : undefined;
}

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/** Resolved once per request, lazily: public routes never touch the session tables. */
export async function actorOf(c: Context<AppEnv>): Promise<Actor> {
  const known = c.get("actor");
  if (known) return known;
  let actor: Actor = { kind: "anonymous" };
  const bearer = bearerOf(c);
  if (bearer) {
    // A cookie rides along on cross-site requests: writes must prove they come from our pages.
    if (bearer.fromCookie && !SAFE.has(c.req.method) && !isSameOrigin(c)) {
      throw new AppError(
        "FORBIDDEN",
        "不正なリクエストです。ページを再読み込みしてからもう一度お試しください。",
      );
    }
    const session = await resolveToken(db(), bearer.token);
    if (!session) throw unauthenticated("ログインの有効期限が切れました。もう一度ログインしてください。");
    if (session.kind === "owner" && !isOperatorPath(c.req.path)) {
      throw forbidden("運営アカウントではこの操作はできません。");
    }
    actor = session;
  }
  c.set("actor", actor);
  return actor;
}

/** Operator tokens open only the console's calls and the operator's own session (PRODUCT.md), where every write is audited. */
export function isOperatorPath(path: string): boolean {
  return path.startsWith("/api/owner/") || path === "/api/account/owner-me" || path === "/api/auth/logout";
}

// Against APP_URL, not the request's own URL: behind a proxy that is the proxy's Host and http.
function isSameOrigin(c: Context): boolean {
  const origin = c.req.header("origin");
  if (!origin) return false;
  return origin === appOrigin();
}

export async function requireUser(c: Context<AppEnv>) {
  const actor = await actorOf(c);
  if (actor.kind === "anonymous") throw unauthenticated();
  if (actor.kind !== "user") throw forbidden("運営アカウントではこの操作はできません。");
  return actor;
}

export async function requireOwner(c: Context<AppEnv>) {
  const actor = await actorOf(c);
  if (actor.kind === "anonymous") throw unauthenticated();
  if (actor.kind !== "owner") throw forbidden("運営アカウントでのログインが必要です。");
  return actor;
}

/** The client's address: the socket peer, or X-Forwarded-For when the peer is a trusted proxy. */
export function clientInfo(c: Context): ClientInfo {
  let peer = "unknown";
  try {
    peer = getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // app.request() in tests has no socket
    peer = c.req.header("x-test-client-ip") ?? "127.0.0.1";
  }
  const client = resolveClient(
    peer,
    { forwardedFor: c.req.header("x-forwarded-for"), forwardedProto: c.req.header("x-forwarded-proto") },
    env().TRUST_PROXY,
  );
  return { ip: client.ip, userAgent: c.req.header("user-agent") };
}
