import { z } from "@hono/zod-openapi";
import {
  certificationDetail,
  certificationParams,
  certificationQueueItem,
  certificationQueueQuery,
  MAX_REJECTION_REASON,
  MIN_REJECTION_REASON,
  rejectCertificationInput,
} from "@/modules/certifications/certification-operator.schema";
import * as certifications from "@/modules/certifications/certification-operator.service";
import { db } from "@/server/db/client";
import { operatorOf, ownerRoute } from "../../define-route";
import { fileDownload } from "../../file-download";
import { body, errorEnvelope, json } from "../../openapi";
import { answer, base, change, list, type OwnerRouter, one, tags } from "./console";

// The console's review of supplier certificates (「認証の確認」, docs/capabilities.md): the queue
// by status, one certificate with its document, verify and reject. Both writes are audited, update
// the supplier's badges and email the supplier's members in the same transaction.
export function ownerCertificationRoutes(r: OwnerRouter) {
  // GET /api/owner/certifications – the queue of one status (確認待ち oldest first)
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/certifications",
      operationId: "listOwnerCertifications",
      tags,
      summary: "OEMメーカーの認証・許可の証明書一覧",
      description:
        "status（既定は PENDING＝確認待ち）の証明書。確認待ちは登録の古い順、認証確認済み・差し戻しは確認の新しい順。companyId で1社に絞れます。expired は有効期限（日本時間の日付）を過ぎたもの。",
      request: { query: certificationQueueQuery },
      responses: { 200: list(certificationQueueItem, "証明書"), ...base },
    }),
    async (c) => {
      await operatorOf(c);
      return answer(c, await certifications.listCertifications(db(), c.req.valid("query")));
    },
  );

  // GET /api/owner/certifications/{certificationId} – one certificate with its company, document and history
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/certifications/{certificationId}",
      operationId: "getOwnerCertification",
      tags,
      summary: "証明書の詳細",
      description:
        "企業・認証の種類・登録番号・発行機関・有効期限・状態、確認した運営者と日時、差し戻しの理由、期限の通知と失効の日時。",
      request: { params: certificationParams },
      responses: { 200: json(certificationDetail, "証明書"), ...one },
    }),
    async (c) => {
      await operatorOf(c);
      return c.json(await certifications.getCertification(db(), c.req.valid("param").certificationId), 200);
    },
  );

  // GET /api/owner/certifications/{certificationId}/document – the uploaded document (PDF, JPEG or PNG)
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/certifications/{certificationId}/document",
      operationId: "downloadOwnerCertificationDocument",
      tags,
      summary: "証明書のファイルのダウンロード",
      request: { params: certificationParams },
      responses: {
        200: {
          description: "ファイル（Content-Disposition: attachment）",
          content: {
            "application/octet-stream": { schema: z.string().openapi({ type: "string", format: "binary" }) },
          },
        },
        ...one,
      },
    }),
    async (c) => {
      await operatorOf(c);
      const file = await certifications.readCertificationDocument(db(), c.req.valid("param").certificationId);
      return fileDownload(file, c.req, { certificationId: c.req.valid("param").certificationId });
    },
  );

  // POST /api/owner/certifications/{certificationId}/verify – a pending certificate becomes 認証確認済み
  r.openapi(
    ownerRoute({
      method: "post",
      path: "/owner/certifications/{certificationId}/verify",
      operationId: "verifyOwnerCertification",
      tags,
      summary: "証明書を認証確認済みにする",
      description:
        "確認待ち（PENDING）の証明書だけ。企業の「認証確認済み」の表示（verifiedCertificationIds）を更新し、操作履歴に記録し、企業のメンバー全員にメールでお知らせします。確認待ちでなければ409、有効期限（日本時間の日付）を過ぎていれば400。",
      request: { params: certificationParams },
      responses: {
        200: json(certificationDetail, "認証確認済みにしました"),
        400: json(errorEnvelope, "有効期限が切れています"),
        ...change,
      },
    }),
    async (c) =>
      c.json(
        await certifications.verifyCertification(
          db(),
          await operatorOf(c),
          c.req.valid("param").certificationId,
        ),
        200,
      ),
  );

  // POST /api/owner/certifications/{certificationId}/reject – send back (or withdraw) with a reason
  r.openapi(
    ownerRoute({
      method: "post",
      path: "/owner/certifications/{certificationId}/reject",
      operationId: "rejectOwnerCertification",
      tags,
      summary: "証明書を差し戻す",
      description: `確認待ちまたは認証確認済みの証明書を差し戻します（認証確認済みなら表示を取り下げます）。reason（${MIN_REJECTION_REASON}〜${MAX_REJECTION_REASON}文字）は企業のメンバー全員へのメールに記載し、操作履歴に記録します。差し戻し済みなら409。`,
      request: { params: certificationParams, ...body(rejectCertificationInput) },
      responses: { 200: json(certificationDetail, "差し戻しました"), ...change },
    }),
    async (c) =>
      c.json(
        await certifications.rejectCertification(
          db(),
          await operatorOf(c),
          c.req.valid("param").certificationId,
          c.req.valid("json"),
        ),
        200,
      ),
  );
}
