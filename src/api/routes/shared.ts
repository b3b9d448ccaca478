import { z } from "@hono/zod-openapi";
import { paginated } from "@/lib/pagination";
import { reasonRecordInput } from "@/modules/companies/company.schema";
import * as company from "@/modules/companies/company.service";
import { okResult, passwordEmailInput, passwordResetInput } from "@/modules/identity/identity.schema";
import * as identity from "@/modules/identity/identity.service";
import {
  capabilityItem,
  category,
  certificationType,
  feature,
  prefecture,
  QUANTITY_UNITS,
  reason,
  reasonQuery,
} from "@/modules/master-data/master-data.schema";
import * as masterData from "@/modules/master-data/master-data.service";
import { newsItem, newsQuery } from "@/modules/news/news.schema";
import * as news from "@/modules/news/news.service";
import { resolveCompanyScope } from "@/server/auth/company-scope";
import { db } from "@/server/db/client";
import { clientInfo } from "../context";
import { publicRoute, userOf, userRoute } from "../define-route";
import { keptJsonAnswer } from "../kept-json";
import { body, errors, json, publicErrors, userErrors } from "../openapi";
import { newRouter } from "../router";

export function sharedRoutes() {
  const r = newRouter();
  // The three lists are kept per process by the service: their answers are serialised once per list.
  const itemsAnswer = <T extends object>() => keptJsonAnswer((items: T[]) => ({ items }));
  const prefecturesAnswer = itemsAnswer<Awaited<ReturnType<typeof masterData.listPrefectures>>[number]>();
  const categoriesAnswer = itemsAnswer<Awaited<ReturnType<typeof masterData.listCategories>>[number]>();
  const featuresAnswer = itemsAnswer<Awaited<ReturnType<typeof masterData.listFeatures>>[number]>();

  // GET /api/prefectures – the 47 prefectures in JIS order
  r.openapi(
    publicRoute({
      method: "get",
      path: "/prefectures",
      operationId: "listPrefectures",
      tags: ["Shared"],
      summary: "都道府県一覧",
      responses: { 200: json(z.object({ items: z.array(prefecture) }), "都道府県") },
    }),
    async (c) => prefecturesAnswer(c, await masterData.listPrefectures(db())),
  );

  // GET /api/categories – manufacturing categories
  r.openapi(
    publicRoute({
      method: "get",
      path: "/categories",
      operationId: "listCategories",
      tags: ["Shared"],
      summary: "カテゴリ一覧",
      responses: { 200: json(z.object({ items: z.array(category) }), "カテゴリ") },
    }),
    async (c) => categoriesAnswer(c, await masterData.listCategories(db())),
  );

  // GET /api/features – supplier features (小ロット対応, 短納期 …)
  r.openapi(
    publicRoute({
      method: "get",
      path: "/features",
      operationId: "listFeatures",
      tags: ["Shared"],
      summary: "特徴一覧",
      responses: { 200: json(z.object({ items: z.array(feature) }), "特徴") },
    }),
    async (c) => featuresAnswer(c, await masterData.listFeatures(db())),
  );

  // GET /api/capabilities – the master lists of capabilities: processes, materials, certifications
  // and licences, and the quantity units (issue 20)
  r.openapi(
    publicRoute({
      method: "get",
      path: "/capabilities",
      operationId: "listCapabilityMasters",
      tags: ["Shared"],
      summary: "加工・素材・認証の一覧と数量の単位",
      responses: {
        200: json(
          z.object({
            processes: z.array(capabilityItem),
            materials: z.array(capabilityItem),
            certificationTypes: z.array(certificationType),
            quantityUnits: z.array(z.string()),
          }),
          "能力のマスターデータ",
        ),
      },
    }),
    async (c) => {
      const [processes, materials, certificationTypes] = await Promise.all([
        masterData.listProcesses(db()),
        masterData.listMaterials(db()),
        masterData.listCertificationTypes(db()),
      ]);
      return c.json({ processes, materials, certificationTypes, quantityUnits: [...QUANTITY_UNITS] }, 200);
    },
  );

  // GET /api/reason – deactivation reasons, optionally for one audience
  r.openapi(
    publicRoute({
      method: "get",
      path: "/reason",
      operationId: "listDeactivationReasons",
      tags: ["Shared"],
      summary: "退会理由一覧",
      request: { query: reasonQuery },
      responses: { 200: json(z.object({ items: z.array(reason) }), "退会理由"), ...publicErrors },
    }),
    async (c) => c.json({ items: await masterData.listReasons(db(), c.req.valid("query").audience) }, 200),
  );

  // POST /api/reason – the reasons and comment an ADMIN gives before deactivating the company
  r.openapi(
    userRoute({
      method: "post",
      path: "/reason",
      operationId: "recordDeactivationReasons",
      tags: ["Shared"],
      summary: "退会理由の送信（管理者）",
      request: body(reasonRecordInput),
      responses: {
        201: json(z.object({ id: z.string() }), "受け付けました"),
        404: errors[404],
        ...userErrors,
      },
    }),
    async (c) => {
      const { companyId, ...reasons } = c.req.valid("json");
      // The company is in the body: the caller's membership of it is resolved here, ADMIN only.
      const scope = resolveCompanyScope(await userOf(c), companyId, { admin: true });
      return c.json(await company.recordDeactivationReasons(scope, db(), reasons), 201);
    },
  );

  // GET /api/news – news for everyone (audience ALL), newest first
  r.openapi(
    publicRoute({
      method: "get",
      path: "/news",
      operationId: "listPublicNews",
      tags: ["Shared"],
      summary: "お知らせ一覧（公開）",
      request: { query: newsQuery },
      responses: { 200: json(paginated(newsItem), "お知らせ"), ...publicErrors },
    }),
    async (c) => c.json(await news.listPublicNews(db(), c.req.valid("query")), 200),
  );

  // GET /api/news/{newsId} – one public news item
  r.openapi(
    publicRoute({
      method: "get",
      path: "/news/{newsId}",
      operationId: "getPublicNews",
      tags: ["Shared"],
      summary: "お知らせ詳細（公開）",
      request: { params: z.object({ newsId: z.string().max(100) }) },
      responses: { 200: json(newsItem, "お知らせ"), 404: errors[404] },
    }),
    async (c) => c.json(await news.getPublicNews(db(), c.req.valid("param").newsId), 200),
  );

  // POST /api/password/email – emails a reset link; answers alike for unknown addresses
  r.openapi(
    publicRoute({
      method: "post",
      path: "/password/email",
      operationId: "requestPasswordReset",
      tags: ["Shared"],
      summary: "パスワード再設定メールの送信",
      request: body(passwordEmailInput),
      responses: { 200: json(okResult, "受け付けました"), ...publicErrors },
    }),
    async (c) => {
      await identity.requestPasswordReset(db(), c.req.valid("json").email, clientInfo(c));
      return c.json(
        {
          ok: true as const,
          message:
            "ご入力のメールアドレスが登録されている場合、パスワード再設定のご案内をお送りしました。メールをご確認ください。",
        },
        200,
      );
    },
  );

  // POST /api/password/reset – sets a new password from the emailed link; ends every session
  r.openapi(
    publicRoute({
      method: "post",
      path: "/password/reset",
      operationId: "resetPassword",
      tags: ["Shared"],
      summary: "パスワードの再設定",
      request: body(passwordResetInput),
      responses: { 200: json(okResult, "再設定しました"), ...publicErrors },
    }),
    async (c) => {
      const { token, password } = c.req.valid("json");
      await identity.resetPassword(db(), token, password, clientInfo(c));
      return c.json(
        {
          ok: true as const,
          message: "パスワードを再設定しました。新しいパスワードでログインしてください。",
        },
        200,
      );
    },
  );

  return r;
}
