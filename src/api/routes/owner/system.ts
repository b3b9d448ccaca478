import { listQuery, systemCheck } from "@/modules/owner/owner.schema";
import { listSystemChecks, runSystemCheck } from "@/modules/owner/system-check";
import { db } from "@/server/db/client";
import { operatorOf, ownerRoute } from "../../define-route";
import { json } from "../../openapi";
import { answer, base, list, type OwnerRouter, tags } from "./console";

export function ownerSystemRoutes(r: OwnerRouter) {
  // GET /api/owner/test – run the system check now (database, storage, email relay, jobs) and keep it
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/test",
      operationId: "runSystemCheck",
      tags,
      summary: "システムチェックの実行（データベース・ファイル保存・メール送信・定期ジョブ）",
      responses: { 200: json(systemCheck, "チェック結果（履歴に保存されます）"), ...base },
    }),
    async (c) => {
      const actor = await operatorOf(c);
      return c.json(await runSystemCheck(db(), actor.ownerId), 200);
    },
  );

  // GET /api/owner/test-list – past system checks, newest first
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/test-list",
      operationId: "listSystemChecks",
      tags,
      summary: "システムチェックの履歴",
      request: { query: listQuery },
      responses: { 200: list(systemCheck, "システムチェックの履歴"), ...base },
    }),
    async (c) => {
      await operatorOf(c);
      return answer(c, await listSystemChecks(db(), c.req.valid("query")));
    },
  );
}
