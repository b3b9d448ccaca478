import { z } from "@hono/zod-openapi";
import { uuidParam } from "@/lib/validation";
import { ratingInput, ratingState } from "@/modules/deals/rating.schema";
import { getRating, rateThread } from "@/modules/deals/rating.service";
import { db } from "@/server/db/client";
import { companyRoute, scopeOf } from "../define-route";
import { body, errors, json, userErrors } from "../openapi";
import type { newRouter } from "../router";

// Both-way ratings after an award (docs/trust-plan.md "Ratings"): either side of the thread, on its
// own company's path; another company's thread answers 404.
const tags = ["Deals"];
const threadParam = z.object({ companyId: uuidParam, threadId: z.string().max(100) });
const scoped = { 404: errors[404], ...userErrors };

export function dealRatingRoutes(r: ReturnType<typeof newRouter>) {
  // GET /api/deals/company/{companyId}/threads/{threadId}/rating – my rating (never the other side's)
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/deals/company/{companyId}/threads/{threadId}/rating",
        operationId: "getDealRating",
        tags,
        summary: "取引の評価（自社が送った評価と、評価できるか。相手からの評価は表示しない）",
        request: { params: threadParam },
        responses: { 200: json(ratingState, "評価の状況"), ...scoped },
      },
      {},
    ),
    async (c) => c.json(await getRating(await scopeOf(c), db(), c.req.valid("param").threadId), 200),
  );

  // POST /api/deals/company/{companyId}/threads/{threadId}/rating – rate the other side once (after an award)
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/deals/company/{companyId}/threads/{threadId}/rating",
        operationId: "rateDeal",
        tags,
        summary:
          "取引相手を評価する（発注決定後に一度だけ。個別には表示せず、3件以上の平均として実績に反映）",
        request: { params: threadParam, ...body(ratingInput) },
        responses: { 201: json(ratingState, "評価を送信しました"), ...scoped, 409: errors[409] },
      },
      {},
    ),
    async (c) => {
      const { threadId } = c.req.valid("param");
      return c.json(await rateThread(await scopeOf(c), db(), threadId, c.req.valid("json")), 201);
    },
  );
}
