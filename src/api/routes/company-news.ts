import { z } from "@hono/zod-openapi";
import { paginated } from "@/lib/pagination";
import { uuidParam } from "@/lib/validation";
import { newsItem, newsQuery } from "@/modules/news/news.schema";
import * as news from "@/modules/news/news.service";
import { db } from "@/server/db/client";
import { companyRoute, scopeOf } from "../define-route";
import { errors, json, userErrors } from "../openapi";
import { newRouter } from "../router";

// News for a company's members, the same for both sides; the company type picks the audience.
const areas = {
  buyer: { type: "BUYER", tag: "Buyer", label: "発注者向け", side: "Buyer" },
  oem: { type: "SUPPLIER", tag: "OEM company", label: "OEMメーカー向け", side: "Supplier" },
} as const;

const companyParam = z.object({ companyId: uuidParam });
const newsParam = companyParam.extend({ newsId: z.string().max(100) });
const scoped = { 404: errors[404], ...userErrors };

export function companyNewsRoutes() {
  const r = newRouter();
  for (const [area, { type, tag, label, side }] of Object.entries(areas)) {
    // GET /api/{buyer|oem}/company/{companyId}/news – news for the company's side
    r.openapi(
      companyRoute(
        {
          method: "get",
          path: `/${area}/company/{companyId}/news`,
          operationId: `list${side}News`,
          tags: [tag],
          summary: `${label}お知らせ一覧`,
          request: { params: companyParam, query: newsQuery },
          responses: { 200: json(paginated(newsItem), "お知らせ"), ...scoped },
        },
        { type },
      ),
      async (c) => {
        return c.json(await news.listCompanyNews(await scopeOf(c), db(), c.req.valid("query")), 200);
      },
    );

    // GET /api/{buyer|oem}/company/{companyId}/news/{newsId} – one news item for the company's side
    r.openapi(
      companyRoute(
        {
          method: "get",
          path: `/${area}/company/{companyId}/news/{newsId}`,
          operationId: `get${side}News`,
          tags: [tag],
          summary: `${label}お知らせ詳細`,
          request: { params: newsParam },
          responses: { 200: json(newsItem, "お知らせ"), ...scoped },
        },
        { type },
      ),
      async (c) => {
        return c.json(await news.getCompanyNews(await scopeOf(c), db(), c.req.valid("param").newsId), 200);
      },
    );
  }
  return r;
}
