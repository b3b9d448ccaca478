import { createRoute } from "@hono/zod-openapi";
import {
  loginInput,
  loginResult,
  okResult,
  ownerLoginResult,
  registerWithTypeInput,
  verifyEmailInput,
} from "@/modules/identity/identity.schema";
import * as identity from "@/modules/identity/identity.service";
import { db } from "@/server/db/client";
import { actorOf, clientInfo, requireUser } from "../context";
import { bearer, body, errors, json, publicErrors, userErrors } from "../openapi";
import { newRouter } from "../router";

export function authRoutes() {
  const r = newRouter();

  // POST /api/auth/login – a buyer or supplier signs in and gets a bearer token
  r.openapi(
    createRoute({
      method: "post",
      path: "/auth/login",
      tags: ["Auth"],
      summary: "ログイン（発注者・OEMメーカー）",
      security: [],
      request: body(loginInput),
      responses: { 200: json(loginResult, "セッションユーザー"), 401: errors[401], ...publicErrors },
    }),
    async (c) => c.json(await identity.login(db(), c.req.valid("json"), clientInfo(c)), 200),
  );

  // POST /api/auth/owner-login – an operator signs in; the token only opens /api/owner/*
  r.openapi(
    createRoute({
      method: "post",
      path: "/auth/owner-login",
      tags: ["Auth"],
      summary: "運営者ログイン",
      security: [],
      request: body(loginInput),
      responses: { 200: json(ownerLoginResult, "運営者セッション"), 401: errors[401], ...publicErrors },
    }),
    async (c) => c.json(await identity.ownerLogin(db(), c.req.valid("json"), clientInfo(c)), 200),
  );

  // POST /api/auth/register – registers a person and a buyer or supplier company
  r.openapi(
    createRoute({
      method: "post",
      path: "/auth/register",
      tags: ["Auth"],
      summary: "会員登録（accountType で発注者・OEMメーカーを選択）",
      security: [],
      request: body(registerWithTypeInput),
      responses: { 201: json(loginResult, "登録してログインした状態"), ...publicErrors },
    }),
    async (c) => {
      const { accountType, ...input } = c.req.valid("json");
      return c.json(await identity.register(db(), accountType, input, clientInfo(c)), 201);
    },
  );

  // POST /api/auth/register/mail/resent – sends the email verification link again
  r.openapi(
    createRoute({
      method: "post",
      path: "/auth/register/mail/resent",
      tags: ["Auth"],
      summary: "確認メールの再送",
      security: bearer,
      responses: { 200: json(okResult, "再送しました"), 409: errors[409], 429: errors[429], ...userErrors },
    }),
    async (c) => {
      const actor = await requireUser(c);
      await identity.resendVerification(db(), actor.userId, clientInfo(c));
      return c.json({ ok: true as const, message: "確認メールを再送しました。" }, 200);
    },
  );

  // POST /api/auth/email/verify – completes email verification from the emailed link
  r.openapi(
    createRoute({
      method: "post",
      path: "/auth/email/verify",
      tags: ["Auth"],
      summary: "メールアドレスの確認",
      security: [],
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
    createRoute({
      method: "post",
      path: "/auth/logout",
      tags: ["Auth"],
      summary: "ログアウト",
      security: [...bearer, ...[{ OwnerBearer: [] }]],
      responses: { 200: json(okResult, "ログアウトしました"), 401: errors[401] },
    }),
    async (c) => {
      const actor = await actorOf(c);
      if (actor.kind === "anonymous") return c.json({ ok: true as const }, 200);
      await identity.logout(db(), actor);
      return c.json({ ok: true as const, message: "ログアウトしました。" }, 200);
    },
  );

  return r;
}
