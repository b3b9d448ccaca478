import {
  leadItem,
  supportQuery,
  supportRequestItem,
  supportStatusInput,
  textListQuery,
} from "@/modules/leads/lead-operator.schema";
import * as inbox from "@/modules/leads/lead-operator.service";
import { listAuditLog } from "@/modules/owner/audit-log.service";
import * as outbox from "@/modules/owner/outbox.service";
import {
  auditItem,
  auditQuery,
  ids,
  outboxDetail,
  outboxItem,
  outboxQuery,
} from "@/modules/owner/owner.schema";
import { db } from "@/server/db/client";
import { operatorOf, ownerRoute } from "../../define-route";
import { body, json } from "../../openapi";
import { answer, base, change, list, type OwnerRouter, one, tags } from "./console";

export function ownerOperationsRoutes(r: OwnerRouter) {
  // GET /api/owner/outbox – emails of the outbox (status, keyword; format=csv)
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/outbox",
      operationId: "listOutbox",
      tags,
      summary: "送信メールの一覧",
      request: { query: outboxQuery },
      responses: { 200: list(outboxItem, "送信メール"), ...base },
    }),
    async (c) => {
      await operatorOf(c);
      return answer(c, await outbox.listOutbox(db(), c.req.valid("query")));
    },
  );

  // GET /api/owner/outbox/{id} – one email with its text
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/outbox/{id}",
      operationId: "getOutboxMessage",
      tags,
      summary: "送信メールの詳細（本文）",
      request: { params: ids.id },
      responses: { 200: json(outboxDetail, "送信メール"), ...one },
    }),
    async (c) => {
      await operatorOf(c);
      return c.json(await outbox.getOutbox(db(), c.req.valid("param").id), 200);
    },
  );

  // POST /api/owner/outbox/{id}/resend – send a failed or sent email again
  r.openapi(
    ownerRoute({
      method: "post",
      path: "/owner/outbox/{id}/resend",
      operationId: "resendOutboxMessage",
      tags,
      summary: "メールの再送（失敗・送信済みのメールを送信待ちに戻す）",
      request: { params: ids.id },
      responses: { 200: json(outboxItem, "送信待ちに戻したメール"), ...change },
    }),
    async (c) => c.json(await outbox.resendOutbox(db(), await operatorOf(c), c.req.valid("param").id), 200),
  );

  // GET /api/owner/audit-log – the operators' changes (target, action, operator; format=csv)
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/audit-log",
      operationId: "listAuditLog",
      tags,
      summary: "操作履歴（監査ログ）",
      request: { query: auditQuery },
      responses: { 200: list(auditItem, "操作履歴（新しい順）"), ...base },
    }),
    async (c) => {
      await operatorOf(c);
      return answer(c, await listAuditLog(db(), c.req.valid("query")));
    },
  );

  // GET /api/owner/leads – brochure requests from the landing page
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/leads",
      operationId: "listLeads",
      tags,
      summary: "資料請求の一覧",
      request: { query: textListQuery },
      responses: { 200: list(leadItem, "資料請求"), ...base },
    }),
    async (c) => {
      await operatorOf(c);
      return answer(c, await inbox.listLeads(db(), c.req.valid("query")));
    },
  );

  // GET /api/owner/support-requests – messages sent to the operator from /support
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/support-requests",
      operationId: "listSupportRequests",
      tags,
      summary: "お問い合わせ（サポート）の一覧",
      request: { query: supportQuery },
      responses: { 200: list(supportRequestItem, "お問い合わせ"), ...base },
    }),
    async (c) => {
      await operatorOf(c);
      return answer(c, await inbox.listSupportRequests(db(), c.req.valid("query")));
    },
  );

  // PUT /api/owner/support-requests/{id} – set a support request's status (新規・対応中・完了), audited
  r.openapi(
    ownerRoute({
      method: "put",
      path: "/owner/support-requests/{id}",
      operationId: "updateSupportRequestStatus",
      tags,
      summary: "お問い合わせの対応状況の変更",
      request: { params: ids.id, ...body(supportStatusInput) },
      responses: { 200: json(supportRequestItem, "変更後のお問い合わせ"), ...one },
    }),
    async (c) =>
      c.json(
        await inbox.updateSupportRequestStatus(
          db(),
          await operatorOf(c),
          c.req.valid("param").id,
          c.req.valid("json"),
        ),
        200,
      ),
  );
}
