import {
  ownerOrderItem,
  ownerOrderOverdueCounts,
  ownerOrdersQuery,
} from "@/modules/orders/order-operator.schema";
import { listOrdersForOperator } from "@/modules/orders/order-operator.service";
import { db } from "@/server/db/client";
import { operatorOf, ownerRoute } from "../../define-route";
import { answer, base, list, type OwnerRouter, tags } from "./console";

// The console's orders (issue 35): metadata of every company's orders and the late ones.

const listed = list(ownerOrderItem, "発注の一覧");
const ordersPage = {
  ...listed,
  content: {
    ...listed.content,
    "application/json": {
      schema: listed.content["application/json"].schema.extend({
        overdue: ownerOrderOverdueCounts.describe("遅れの件数（絞り込みにかかわらず全体）"),
      }),
    },
  },
};

export function ownerOrderRoutes(r: OwnerRouter) {
  // GET /api/owner/orders – every company's orders: states and dates, never amounts or terms (format=csv)
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/orders",
      operationId: "listOwnerOrders",
      tags,
      summary: "発注の一覧（状態・日時のみ）",
      description:
        "発注番号、発注者と受注者、状態、版、取適法の対象か、発注・初回閲覧・回答の日時、未定事項の数、価格協議の回答期限。金額や取引条件は含みません。status、overdue（ACKNOWLEDGEMENT：発注日の翌日から3営業日を過ぎても回答のない発注、CONSULTATION：回答期限を過ぎた価格協議）、keyword（発注番号・会社名）で絞り込めます。",
      request: { query: ownerOrdersQuery },
      responses: { 200: ordersPage, ...base },
    }),
    async (c) => {
      await operatorOf(c);
      return answer(c, await listOrdersForOperator(db(), c.req.valid("query")));
    },
  );
}
