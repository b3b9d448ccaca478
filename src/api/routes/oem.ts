import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { paginated, paginationQuery } from "@/lib/pagination";
import { additionalRegisterInput } from "@/modules/companies/company.schema";
import * as registration from "@/modules/companies/company-registration.service";
import {
  publicSupplier,
  supplierCard,
  supplierSearchFilters,
  supplierSearchQuery,
} from "@/modules/companies/supplier-directory.schema";
import * as directory from "@/modules/companies/supplier-directory.service";
import { loginResult, okResult, registerInput, sessionUser } from "@/modules/identity/identity.schema";
import * as identity from "@/modules/identity/identity.service";
import { db } from "@/server/db/client";
import { type AppEnv, actorOf, clientInfo } from "../context";
import { publicRoute, userOf, userRoute } from "../define-route";
import { body, errors, json, publicErrors, userErrors } from "../openapi";
import { newRouter } from "../router";

/** The visitor of a public page: a stale or bad token only means "signed out" here. */
async function pageVisitor(c: Context<AppEnv>): Promise<directory.PageVisitor> {
  const actor = await actorOf(c).catch(() => undefined);
  const { ip, userAgent } = clientInfo(c);
  return { ip, userAgent, userId: actor?.kind === "user" ? actor.userId : null };
}

export function oemRoutes() {
  const r = newRouter();

  // POST /api/oem/register – registers a person and a supplier company (free tier), signed in
  r.openapi(
    publicRoute({
      method: "post",
      path: "/oem/register",
      operationId: "registerSupplier",
      tags: ["OEM"],
      summary: "OEMメーカーの会員登録",
      request: body(registerInput),
      responses: { 201: json(loginResult, "登録してログインした状態"), ...publicErrors },
    }),
    async (c) =>
      c.json(await registration.register(db(), "SUPPLIER", c.req.valid("json"), clientInfo(c)), 201),
  );

  // POST /api/oem/register-check – validates a registration body without storing anything
  r.openapi(
    publicRoute({
      method: "post",
      path: "/oem/register-check",
      operationId: "checkSupplierRegistration",
      tags: ["OEM"],
      summary: "登録内容の事前チェック（保存しません）",
      request: body(registerInput),
      responses: { 200: json(okResult, "問題ありません"), ...publicErrors },
    }),
    async (c) => {
      await identity.checkRegistration(db(), c.req.valid("json"), clientInfo(c));
      return c.json({ ok: true as const }, 200);
    },
  );

  // POST /api/oem/additional-register – a signed-in buyer adds a supplier company and switches to it
  r.openapi(
    userRoute({
      method: "post",
      path: "/oem/additional-register",
      operationId: "addSupplierCompany",
      tags: ["OEM"],
      summary: "発注者アカウントにOEMメーカーの企業を追加登録",
      request: body(additionalRegisterInput),
      responses: { 201: json(sessionUser, "追加した企業が選択された状態"), 409: errors[409], ...userErrors },
    }),
    async (c) =>
      c.json(
        await registration.additionalRegister(db(), await userOf(c), "SUPPLIER", c.req.valid("json")),
        201,
      ),
  );

  // GET /api/oem – public supplier list with the search filters as query parameters
  r.openapi(
    publicRoute({
      method: "get",
      path: "/oem",
      operationId: "listSuppliers",
      tags: ["OEM"],
      summary: "OEMメーカー一覧（公開）",
      request: { query: supplierSearchQuery },
      responses: { 200: json(paginated(supplierCard), "OEMメーカー一覧"), ...publicErrors },
    }),
    async (c) => {
      const { page, perPage, ...filters } = c.req.valid("query");
      return c.json(await directory.searchSuppliers(db(), filters, { page, perPage }), 200);
    },
  );

  // POST /api/oem/search – public supplier search: filters in the body, paging in the query
  r.openapi(
    publicRoute({
      method: "post",
      path: "/oem/search",
      operationId: "searchSuppliers",
      tags: ["OEM"],
      summary: "OEMメーカー検索（キーワード・カテゴリ・都道府県・特徴・確認済みの認証・MOQ・月産能力・加工）",
      request: { query: paginationQuery, ...body(supplierSearchFilters) },
      responses: { 200: json(paginated(supplierCard), "検索結果"), ...publicErrors },
    }),
    async (c) =>
      c.json(await directory.searchSuppliers(db(), c.req.valid("json"), c.req.valid("query")), 200),
  );

  // GET /api/oem/{companyId} – the public page of a supplier (counts a page view)
  r.openapi(
    publicRoute({
      method: "get",
      path: "/oem/{companyId}",
      operationId: "getPublicSupplier",
      tags: ["OEM"],
      summary: "OEMメーカーの公開情報",
      request: { params: z.object({ companyId: z.string().max(100) }) },
      responses: { 200: json(publicSupplier, "公開情報"), 404: errors[404] },
    }),
    async (c) =>
      c.json(
        await directory.getPublicSupplier(db(), c.req.valid("param").companyId, {
          visitor: await pageVisitor(c),
        }),
        200,
      ),
  );

  // POST /api/oem/view/{companyId} – the supplier page's view beacon (decision 0045): a copy a
  // CDN answered is counted too. No body (a CORS-simple request, as navigator.sendBeacon sends it).
  r.openapi(
    publicRoute({
      method: "post",
      path: "/oem/view/{companyId}",
      operationId: "noteSupplierPageView",
      tags: ["OEM"],
      summary: "OEMメーカーの公開ページの閲覧を記録（同じ閲覧者は1日1回）",
      request: { params: z.object({ companyId: z.string().max(100) }) },
      responses: {
        204: { description: "記録しました（同じ日の同じ閲覧者は数えません）" },
        404: errors[404],
        429: errors[429],
      },
    }),
    async (c) => {
      await directory.noteBeaconView(db(), c.req.valid("param").companyId, await pageVisitor(c));
      return c.body(null, 204);
    },
  );

  return r;
}
