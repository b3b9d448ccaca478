import { listQuery } from "@/lib/console-listing";
import {
  operatorIds as ids,
  ownerPlanItem,
  planActionInput,
  operatorPlanState as planState,
} from "@/modules/billing/billing-operator.schema";
import * as billing from "@/modules/billing/billing-operator.service";
import { db } from "@/server/db/client";
import { operatorOf, ownerRoute } from "../../define-route";
import { body, json } from "../../openapi";
import { answer, base, change, list, type OwnerRouter, tags } from "./console";

export function ownerPlansRoutes(r: OwnerRouter) {
  // PUT /api/owner/plan-contract/{companyId} – activate, reject or end the company's unlimited plan
  r.openapi(
    ownerRoute({
      method: "put",
      path: "/owner/plan-contract/{companyId}",
      operationId: "actOnPlanContract",
      tags,
      summary: "無制限プランの開始・非承認・終了",
      description:
        "action: ACTIVATE（申込を有効化、startsOn 省略時は本日、OEM_PAID に）、REJECT（申込を非承認）、END（即時終了、OEM_FREE に）。",
      request: { params: ids.companyId, ...body(planActionInput) },
      responses: { 200: json(planState, "変更後のプラン"), ...change },
    }),
    async (c) =>
      c.json(
        await billing.changePlan(
          db(),
          await operatorOf(c),
          c.req.valid("param").companyId,
          c.req.valid("json"),
        ),
        200,
      ),
  );

  // GET /api/owner/plan-contract-waiting – plan applications waiting, oldest first
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/plan-contract-waiting",
      operationId: "listPlanApplications",
      tags,
      summary: "無制限プランの申込待ち一覧（古い順）",
      request: { query: listQuery },
      responses: { 200: list(ownerPlanItem, "申込待ちのプラン契約"), ...base },
    }),
    async (c) => answer(c, await billing.listWaitingPlans(db(), c.req.valid("query"))),
  );
}
