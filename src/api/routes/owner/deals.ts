import {
  dealReportItem,
  dealReportsQuery,
  messageIdParam,
  ownerDealThreadContent,
  ownerDealThreads,
  readThreadInput,
  resolveReportInput,
  resolveReportResult,
  threadIdParam,
} from "@/modules/deals/deal-operator.schema";
import * as dealOperator from "@/modules/deals/deal-operator.service";
import { contactIdParam } from "@/modules/inquiries/inquiry-operator.schema";
import { db } from "@/server/db/client";
import { operatorOf, ownerRoute } from "../../define-route";
import { body, json } from "../../openapi";
import { answer, base, change, list, type OwnerRouter, one, tags } from "./console";

// The console's view of the deal room: thread metadata, reading with a reason, reported messages.
export function ownerDealRoutes(r: OwnerRouter) {
  // GET /api/owner/contact/{contactId}/deal-threads – the inquiry's threads, one per supplier (no content)
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/contact/{contactId}/deal-threads",
      operationId: "listOwnerDealThreads",
      tags,
      summary: "問い合わせの商談スレッド（状態・件数・日時のみ）",
      description:
        "メーカーごとの商談スレッドの状態、見積の版、メッセージ数、最終更新、決定、双方の未読数。メッセージの本文や理由の詳細は含みません。",
      request: { params: contactIdParam },
      responses: { 200: json(ownerDealThreads, "商談スレッド"), ...one },
    }),
    async (c) => {
      await operatorOf(c);
      return c.json(await dealOperator.listInquiryThreads(db(), c.req.valid("param").contactId), 200);
    },
  );

  // POST /api/owner/deal-threads/{threadId}/read – a thread's messages, with the reason recorded first
  r.openapi(
    ownerRoute({
      method: "post",
      path: "/owner/deal-threads/{threadId}/read",
      operationId: "readOwnerDealThread",
      tags,
      summary: "商談スレッドの内容の確認（理由を記録）",
      description:
        "reason（10文字以上）を操作履歴（deal_thread.read）に記録してから、スレッドのメッセージ（新しい500件まで、古い順）を返します。",
      request: { params: threadIdParam, ...body(readThreadInput) },
      responses: { 200: json(ownerDealThreadContent, "商談スレッドの内容"), ...one },
    }),
    async (c) =>
      c.json(
        await dealOperator.readThread(
          db(),
          await operatorOf(c),
          c.req.valid("param").threadId,
          c.req.valid("json"),
        ),
        200,
      ),
  );

  // GET /api/owner/deal-reports – reported messages, open or resolved (format=csv)
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/deal-reports",
      operationId: "listDealReports",
      tags,
      summary: "通報されたメッセージの一覧",
      description: "status: open（未対応、既定）または resolved（対応済み）。メッセージの本文は含みません。",
      request: { query: dealReportsQuery },
      responses: { 200: list(dealReportItem, "通報されたメッセージ"), ...base },
    }),
    async (c) => {
      await operatorOf(c);
      return answer(c, await dealOperator.listReports(db(), c.req.valid("query")));
    },
  );

  // POST /api/owner/deal-reports/{messageId}/resolve – mark a report handled, with a note
  r.openapi(
    ownerRoute({
      method: "post",
      path: "/owner/deal-reports/{messageId}/resolve",
      operationId: "resolveDealReport",
      tags,
      summary: "通報を対応済みにする",
      description: "note（対応の内容）は操作履歴に記録されます。対応済みの通報は409。",
      request: { params: messageIdParam, ...body(resolveReportInput) },
      responses: { 200: json(resolveReportResult, "対応済みにしました"), ...change },
    }),
    async (c) =>
      c.json(
        await dealOperator.resolveReport(
          db(),
          await operatorOf(c),
          c.req.valid("param").messageId,
          c.req.valid("json"),
        ),
        200,
      ),
  );
}
