import { bodyLimit } from "hono/body-limit";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import * as registration from "@/modules/companies/company-registration.service";
import {
  browserSession,
  clientLogInput,
  csrfResult,
  loginInput,
  loginResult,
  okResult,
  ownerLoginResult,
  providersResult,
  registerWithTypeInput,
  signinInput,
  signinResult,
  signoutInput,
  verifyEmailInput,
} from "@/modules/identity/identity.schema";
import * as identity from "@/modules/identity/identity.service";
import {
  assertCsrf,
  clearSessionCookie,
  issueCsrfToken,
  SESSION_COOKIE,
  safeCallbackUrl,
  setSessionCookie,
} from "@/server/auth/browser-session";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { logger } from "@/server/http/logger";
import { actorOf, clientInfo } from "../context";
import { optionalCallerRoute, publicRoute, userOf, userRoute } from "../define-route";
import { bearer, body, errors, json, publicErrors, userErrors } from "../openapi";
import { newRouter } from "../router";

const CLIENT_LOG_MAX_BYTES = 2 * 1024;
const CLIENT_LOG_TOO_LARGE = "ログの内容が大きすぎます（2KBまで）。";

// Anyone may send a client log: counted per client first, then read only up to 2 kB.
const clientLogGuards = [
  createMiddleware(async (c, next) => {
    await identity.recordClientLog(db(), clientInfo(c));
    await next();
  }),
  bodyLimit({
    maxSize: CLIENT_LOG_MAX_BYTES,
    onError: () => {
      throw new AppError("PAYLOAD_TOO_LARGE", CLIENT_LOG_TOO_LARGE);
    },
  }),
];

export function authRoutes() {
  const r = newRouter();

  // POST /api/auth/login – a buyer or supplier signs in and gets a bearer token
  r.openapi(
    publicRoute({
      method: "post",
      path: "/auth/login",
      operationId: "login",
      tags: ["Auth"],
      summary: "ログイン（発注者・OEMメーカー）",
      request: body(loginInput),
      responses: { 200: json(loginResult, "セッションユーザー"), 401: errors[401], ...publicErrors },
    }),
    async (c) => c.json(await identity.login(db(), c.req.valid("json"), clientInfo(c)), 200),
  );

  // POST /api/auth/owner-login – an operator signs in; the token only opens /api/owner/*
  r.openapi(
    publicRoute({
      method: "post",
      path: "/auth/owner-login",
      operationId: "ownerLogin",
      tags: ["Auth"],
      summary: "運営者ログイン",
      request: body(loginInput),
      responses: { 200: json(ownerLoginResult, "運営者セッション"), 401: errors[401], ...publicErrors },
    }),
    async (c) => c.json(await identity.ownerLogin(db(), c.req.valid("json"), clientInfo(c)), 200),
  );

  // POST /api/auth/register – registers a person and a buyer or supplier company
  r.openapi(
    publicRoute({
      method: "post",
      path: "/auth/register",
      operationId: "register",
      tags: ["Auth"],
      summary: "会員登録（accountType で発注者・OEMメーカーを選択）",
      request: body(registerWithTypeInput),
      responses: { 201: json(loginResult, "登録してログインした状態"), ...publicErrors },
    }),
    async (c) => {
      const { accountType, ...input } = c.req.valid("json");
      return c.json(await registration.register(db(), accountType, input, clientInfo(c)), 201);
    },
  );

  // POST /api/auth/register/mail/resent – sends the email verification link again
  r.openapi(
    userRoute({
      method: "post",
      path: "/auth/register/mail/resent",
      operationId: "resendVerificationEmail",
      tags: ["Auth"],
      summary: "確認メールの再送",
      responses: { 200: json(okResult, "再送しました"), 409: errors[409], 429: errors[429], ...userErrors },
    }),
    async (c) => {
      const actor = await userOf(c);
      await identity.resendVerification(db(), actor.userId, clientInfo(c));
      return c.json({ ok: true as const, message: "確認メールを再送しました。" }, 200);
    },
  );

  // POST /api/auth/email/verify – completes email verification from the emailed link
  r.openapi(
    publicRoute({
      method: "post",
      path: "/auth/email/verify",
      operationId: "verifyEmail",
      tags: ["Auth"],
      summary: "メールアドレスの確認",
      request: body(verifyEmailInput),
      responses: { 200: json(okResult, "確認しました"), ...publicErrors },
    }),
    async (c) => {
      await identity.verifyEmail(db(), c.req.valid("json").token);
      return c.json({ ok: true as const, message: "メールアドレスの確認が完了しました。" }, 200);
    },
  );

  // POST /api/auth/logout – revokes the token of this request (user or operator)
  r.openapi(
    // Signing out twice is no error: without a token it answers 200 as well.
    optionalCallerRoute(
      {
        method: "post",
        path: "/auth/logout",
        operationId: "logout",
        tags: ["Auth"],
        summary: "ログアウト",
        responses: { 200: json(okResult, "ログアウトしました"), 401: errors[401] },
      },
      [{}, ...bearer, ...[{ OwnerBearer: [] }]],
    ),
    async (c) => {
      const actor = await actorOf(c);
      if (actor.kind === "anonymous") return c.json({ ok: true as const }, 200);
      await identity.logout(db(), actor);
      return c.json({ ok: true as const, message: "ログアウトしました。" }, 200);
    },
  );

  // ---------------------------------------------------------------- the web pages' sign-in mechanism

  // GET /api/auth/session – the browser's session user and token, or {} when signed out
  r.openapi(
    publicRoute({
      method: "get",
      path: "/auth/session",
      operationId: "getBrowserSession",
      tags: ["Auth session"],
      summary: "ブラウザのセッション（未ログインなら空オブジェクト）",
      responses: { 200: json(browserSession, "セッション") },
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const token = getCookie(c, SESSION_COOKIE);
      const session = token ? await identity.browserSessionOf(db(), token) : undefined;
      if (!session) {
        if (token) clearSessionCookie(c);
        return c.json({}, 200);
      }
      return c.json(session, 200);
    },
  );

  // GET /api/auth/csrf – a token the sign-in and sign-out forms send back
  r.openapi(
    publicRoute({
      method: "get",
      path: "/auth/csrf",
      operationId: "getCsrfToken",
      tags: ["Auth session"],
      summary: "CSRFトークンの取得",
      responses: { 200: json(csrfResult, "CSRFトークン") },
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json({ csrfToken: issueCsrfToken(c) }, 200);
    },
  );

  // GET /api/auth/providers – the sign-in methods (email and password only)
  r.openapi(
    publicRoute({
      method: "get",
      path: "/auth/providers",
      operationId: "listSignInProviders",
      tags: ["Auth session"],
      summary: "ログイン方法の一覧",
      responses: { 200: json(providersResult, "ログイン方法") },
    }),
    (c) =>
      c.json(
        {
          credentials: {
            id: "credentials" as const,
            name: "メールアドレスとパスワード",
            type: "credentials" as const,
            signinUrl: "/api/auth/signin",
            callbackUrl: "/api/auth/callback/credentials",
          },
        },
        200,
      ),
  );

  // POST /api/auth/signin and /api/auth/callback/credentials – sign in and set the session cookie
  for (const path of ["/auth/signin", "/auth/callback/credentials"] as const) {
    r.openapi(
      publicRoute({
        method: "post",
        path,
        operationId: path === "/auth/signin" ? "signIn" : "signInWithCredentials",
        tags: ["Auth session"],
        summary: "ブラウザでのログイン（セッションCookieを発行）",
        request: body(signinInput),
        responses: {
          200: json(signinResult, "ログインしました"),
          401: errors[401],
          403: errors[403],
          ...publicErrors,
        },
      }),
      async (c) => {
        const input = c.req.valid("json");
        assertCsrf(c, input.csrfToken);
        const result = await identity.login(db(), input, clientInfo(c), input.accountType);
        setSessionCookie(c, result.token);
        const home = result.companyType === "SUPPLIER" ? "/account/oem" : "/account/buyer";
        return c.json({ ok: true as const, url: safeCallbackUrl(input.callbackUrl, home) }, 200);
      },
    );
  }

  // POST /api/auth/signout – revoke the browser session and clear its cookie
  r.openapi(
    publicRoute({
      method: "post",
      path: "/auth/signout",
      operationId: "signOut",
      tags: ["Auth session"],
      summary: "ブラウザでのログアウト",
      request: body(signoutInput),
      responses: { 200: json(signinResult, "ログアウトしました"), 403: errors[403], ...publicErrors },
    }),
    async (c) => {
      const input = c.req.valid("json");
      assertCsrf(c, input.csrfToken);
      const token = getCookie(c, SESSION_COOKIE);
      if (token) {
        const session = await identity.resolveToken(db(), token);
        if (session) await identity.logout(db(), session);
      }
      clearSessionCookie(c);
      return c.json({ ok: true as const, url: safeCallbackUrl(input.callbackUrl, "/") }, 200);
    },
  );

  // POST /api/auth/_log – client-side errors of the sign-in mechanism, into the server log
  r.openapi(
    publicRoute({
      method: "post",
      path: "/auth/_log",
      operationId: "sendClientLog",
      tags: ["Auth session"],
      summary: "クライアントのログ送信",
      middleware: clientLogGuards,
      request: body(clientLogInput),
      responses: { 200: json(okResult, "記録しました"), 413: errors[413], ...publicErrors },
    }),
    async (c) => {
      const entry = c.req.valid("json");
      logger()[entry.level === "debug" ? "debug" : entry.level](
        { client: entry, requestId: c.get("requestId") },
        "client log",
      );
      return c.json({ ok: true as const }, 200);
    },
  );

  return r;
}
