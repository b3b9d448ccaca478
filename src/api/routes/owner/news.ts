import { newsInput, newsQuery, newsUpdateInput, ownerNewsItem } from "@/modules/news/news-operator.schema";
import * as ownerNews from "@/modules/news/news-operator.service";
import { deleted, ids } from "@/modules/owner/owner.schema";
import { db } from "@/server/db/client";
import { operatorOf, ownerRoute } from "../../define-route";
import { body, json } from "../../openapi";
import { answer, base, list, type OwnerRouter, one, tags } from "./console";

export function ownerNewsRoutes(r: OwnerRouter) {
  // GET /api/owner/news – every news item, drafts included (status, audience, keyword; format=csv)
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/news",
      operationId: "listOwnerNews",
      tags,
      summary: "お知らせの一覧（下書きを含む）",
      request: { query: newsQuery },
      responses: { 200: list(ownerNewsItem, "お知らせ"), ...base },
    }),
    async (c) => answer(c, await ownerNews.listNews(db(), c.req.valid("query"))),
  );

  // POST /api/owner/news – write a news item (published now unless a date is given, or a draft)
  r.openapi(
    ownerRoute({
      method: "post",
      path: "/owner/news",
      operationId: "createNews",
      tags,
      summary: "お知らせの作成",
      request: body(newsInput),
      responses: { 201: json(ownerNewsItem, "作成したお知らせ"), ...base },
    }),
    async (c) => c.json(await ownerNews.createNews(db(), await operatorOf(c), c.req.valid("json")), 201),
  );

  // GET /api/owner/news/{newsId} – one news item
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/news/{newsId}",
      operationId: "getOwnerNews",
      tags,
      summary: "お知らせの詳細",
      request: { params: ids.newsId },
      responses: { 200: json(ownerNewsItem, "お知らせ"), ...one },
    }),
    async (c) => c.json(await ownerNews.getNews(db(), c.req.valid("param").newsId), 200),
  );

  // PUT /api/owner/news/{newsId} – update a news item
  r.openapi(
    ownerRoute({
      method: "put",
      path: "/owner/news/{newsId}",
      operationId: "updateNews",
      tags,
      summary: "お知らせの更新",
      request: { params: ids.newsId, ...body(newsUpdateInput) },
      responses: { 200: json(ownerNewsItem, "更新後のお知らせ"), ...one },
    }),
    async (c) =>
      c.json(
        await ownerNews.updateNews(
          db(),
          await operatorOf(c),
          c.req.valid("param").newsId,
          c.req.valid("json"),
        ),
        200,
      ),
  );

  // DELETE /api/owner/news/{newsId} – delete a news item
  r.openapi(
    ownerRoute({
      method: "delete",
      path: "/owner/news/{newsId}",
      operationId: "deleteNews",
      tags,
      summary: "お知らせの削除",
      request: { params: ids.newsId },
      responses: { 200: json(deleted, "削除しました"), ...one },
    }),
    async (c) =>
      c.json(await ownerNews.deleteNews(db(), await operatorOf(c), c.req.valid("param").newsId), 200),
  );
}
