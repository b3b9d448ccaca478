import { getDashboard } from "@/modules/owner/console-dashboard.service";
import { dashboardCounts } from "@/modules/owner/owner.schema";
import { db } from "@/server/db/client";
import { operatorOf, ownerRoute } from "../../define-route";
import { json } from "../../openapi";
import { base, type OwnerRouter, tags } from "./console";

export function ownerDashboardRoutes(r: OwnerRouter) {
  // GET /api/owner/dashboard – counts for the console's top page
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/dashboard",
      operationId: "getOwnerDashboard",
      tags,
      summary: "運営ダッシュボードの件数（新規登録・審査待ち・入金待ち・プラン申込・メール送信失敗）",
      responses: { 200: json(dashboardCounts, "件数"), ...base },
    }),
    async (c) => {
      await operatorOf(c);
      return c.json(await getDashboard(db()), 200);
    },
  );
}
