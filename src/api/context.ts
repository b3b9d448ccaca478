import type { HttpBindings } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { parse as parseCookies } from "hono/utils/cookie";
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
  const header = requestHeader(c, "authorization");
  if (header) {
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    return m ? { token: m[1]!, fromCookie: false } : undefined;
  }
  const cookies = requestHeader(c, "cookie");
  const cookie = cookies ? parseCookies(cookies, SESSION_COOKIE)[SESSION_COOKIE] : undefined;
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
  const origin = requestHeader(c, "origin");
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

/** Node's own request and response, when node-server serves the app (server.ts); none in app.request(). */
export function nodeBindings(c: Context): Partial<HttpBindings> {
  return (c.env as Partial<HttpBindings> | undefined) ?? {};
}

/**
 * A request header (`name` in lower case) from Node's parsed headers when node-server serves the
 * app: c.req.header() would first build a Fetch Headers of them all, for every request.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = nodeBindings(c).incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
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
    {
      forwardedFor: requestHeader(c, "x-forwarded-for"),
      forwardedProto: requestHeader(c, "x-forwarded-proto"),
    },
    env().TRUST_PROXY,
  );
  return { ip: client.ip, userAgent: requestHeader(c, "user-agent") };
}
