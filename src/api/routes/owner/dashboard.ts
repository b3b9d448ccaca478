import { createRoute } from "@hono/zod-openapi";
import { dashboardCounts } from "@/modules/owner/owner.schema";
import * as owner from "@/modules/owner/owner.service";
import { db } from "@/server/db/client";
import { requireOwner } from "../../context";
import { json, ownerBearer } from "../../openapi";
import { base, type OwnerRouter, tags } from "./console";

export function ownerDashboardRoutes(r: OwnerRouter) {
  // GET /api/owner/dashboard – counts for the console's top page
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/dashboard",
      operationId: "getOwnerDashboard",
      tags,
      summary: "運営ダッシュボードの件数（新規登録・審査待ち・入金待ち・プラン申込・メール送信失敗）",
      security: ownerBearer,
      responses: { 200: json(dashboardCounts, "件数"), ...base },
    }),
    async (c) => {
      await requireOwner(c);
      return c.json(await owner.getDashboard(db()), 200);
    },
  );
}
