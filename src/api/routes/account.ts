import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { paginated } from "@/lib/pagination";
import { uuidParam } from "@/lib/validation";
import {
  accountCompany,
  companiesQuery,
  emailUpdateInput,
  invitationQuery,
  invitationView,
  memberProfile,
  passwordUpdateInput,
  profileUpdateInput,
  switchCompanyInput,
} from "@/modules/accounts/account.schema";
import * as account from "@/modules/accounts/account.service";
import { okResult, ownerProfile, sessionUser } from "@/modules/identity/identity.schema";
import * as identity from "@/modules/identity/identity.service";
import { type CompanyScope, resolveCompanyScope } from "@/server/auth/company-scope";
import { db } from "@/server/db/client";
import { notFound } from "@/server/http/errors";
import { type AppEnv, requireOwner } from "../context";
import { ownerRoute, publicRoute, userOf, userRoute } from "../define-route";
import { body, errors, json, userErrors } from "../openapi";
import { newRouter } from "../router";

const companyParam = z.object({ companyId: uuidParam });

/** The caller's membership of one of their active companies; the account pages' own 404 otherwise. */
async function memberScopeOf(c: Context<AppEnv>, companyId: string): Promise<CompanyScope> {
  const user = await userOf(c);
  if (!user.memberships.some((m) => m.companyId === companyId)) throw notFound(account.COMPANY_NOT_FOUND);
  return resolveCompanyScope(user, companyId, {});
}

export function accountRoutes() {
  const r = newRouter();

  // GET /api/account/me – the session user of the token, without a new token
  r.openapi(
    userRoute({
      method: "get",
      path: "/account/me",
      operationId: "getCurrentUser",
      tags: ["Account"],
      summary: "ログイン中のユーザー",
      responses: { 200: json(sessionUser, "セッションユーザー"), 401: errors[401], 403: errors[403] },
    }),
    async (c) => {
      const actor = await userOf(c);
      return c.json(await identity.sessionUserOfSession(db(), actor), 200);
    },
  );

  // GET /api/account/owner-me – the operator of the token
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/account/owner-me",
      operationId: "getCurrentOwner",
      tags: ["Account"],
      summary: "ログイン中の運営者",
      responses: {
        200: json(z.object({ owner: ownerProfile }), "運営者"),
        401: errors[401],
        403: errors[403],
      },
    }),
    async (c) => {
      const actor = await requireOwner(c);
      return c.json({ owner: { id: actor.ownerId, name: actor.name, email: actor.email } }, 200);
    },
  );

  // GET /api/account/companies – the companies the user belongs to (buyer and/or supplier)
  r.openapi(
    userRoute({
      method: "get",
      path: "/account/companies",
      operationId: "listMyCompanies",
      tags: ["Account"],
      summary: "所属している会社の一覧",
      request: { query: companiesQuery },
      responses: { 200: json(paginated(accountCompany), "会社一覧"), ...userErrors },
    }),
    async (c) => c.json(await account.listCompanies(db(), await userOf(c), c.req.valid("query")), 200),
  );

  // PUT /api/account/active-company – switch the session to another of the user's companies
  r.openapi(
    userRoute({
      method: "put",
      path: "/account/active-company",
      operationId: "switchActiveCompany",
      tags: ["Account"],
      summary: "操作する会社の切り替え",
      request: body(switchCompanyInput),
      responses: {
        200: json(sessionUser, "切り替え後のセッションユーザー"),
        404: errors[404],
        ...userErrors,
      },
    }),
    async (c) => {
      const scope = await memberScopeOf(c, c.req.valid("json").companyId);
      return c.json(await account.switchCompany(scope, db(), (await userOf(c)).sessionId), 200);
    },
  );

  // PATCH /api/account/email/update – confirm a new email address by a link sent to it
  r.openapi(
    userRoute({
      method: "patch",
      path: "/account/email/update",
      operationId: "updateEmail",
      tags: ["Account"],
      summary: "メールアドレスの変更（新しいアドレスに確認メールを送信）",
      request: body(emailUpdateInput),
      responses: { 200: json(okResult, "確認メールを送信しました"), 429: errors[429], ...userErrors },
    }),
    async (c) => {
      await account.requestEmailChange(db(), await userOf(c), c.req.valid("json"));
      return c.json(
        {
          ok: true as const,
          message:
            "新しいメールアドレスに確認メールを送信しました。メール内のリンクから変更を完了してください。",
        },
        200,
      );
    },
  );

  // PATCH /api/account/password/update – change the password; other sessions end
  r.openapi(
    userRoute({
      method: "patch",
      path: "/account/password/update",
      operationId: "updatePassword",
      tags: ["Account"],
      summary: "パスワードの変更（他の端末はログアウトされます）",
      request: body(passwordUpdateInput),
      responses: { 200: json(okResult, "変更しました"), 429: errors[429], ...userErrors },
    }),
    async (c) => {
      await account.changePassword(db(), await userOf(c), c.req.valid("json"));
      return c.json({ ok: true as const, message: "パスワードを変更しました。" }, 200);
    },
  );

  // GET /api/account/company/{companyId}/profile – the user's profile within that company
  r.openapi(
    userRoute({
      method: "get",
      path: "/account/company/{companyId}/profile",
      operationId: "getMemberProfile",
      tags: ["Account"],
      summary: "会社ごとの担当者情報",
      request: { params: companyParam },
      responses: { 200: json(memberProfile, "担当者情報"), 404: errors[404], ...userErrors },
    }),
    async (c) =>
      c.json(await account.getProfile(await memberScopeOf(c, c.req.valid("param").companyId), db()), 200),
  );

  // PUT /api/account/company/{companyId}/profile/update – update name, department and phone there
  r.openapi(
    userRoute({
      method: "put",
      path: "/account/company/{companyId}/profile/update",
      operationId: "updateMemberProfile",
      tags: ["Account"],
      summary: "会社ごとの担当者情報の更新",
      request: { params: companyParam, ...body(profileUpdateInput) },
      responses: { 200: json(memberProfile, "更新後の担当者情報"), 404: errors[404], ...userErrors },
    }),
    async (c) =>
      c.json(
        await account.updateProfile(
          await memberScopeOf(c, c.req.valid("param").companyId),
          db(),
          c.req.valid("json"),
        ),
        200,
      ),
  );

  // GET /api/account/invitation – what an invitation link offers, before registering or joining
  r.openapi(
    publicRoute({
      method: "get",
      path: "/account/invitation",
      operationId: "getInvitation",
      tags: ["Account"],
      summary: "招待内容の確認（招待リンクのトークンで参照）",
      request: { query: invitationQuery },
      responses: {
        200: json(invitationView, "招待内容"),
        404: errors[404],
        409: errors[409],
        422: errors[422],
      },
    }),
    async (c) => c.json(await account.viewInvitation(db(), c.req.valid("query").token), 200),
  );

  return r;
}
