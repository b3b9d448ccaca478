import { ensureMayNominate } from "@/modules/companies/nomination-suspension.service";
import { fitCandidates } from "@/modules/companies/supplier-fit.service";
import { createdInquiry, dryRunResult, inquiryInput } from "@/modules/inquiries/inquiry.schema";
import * as inquiries from "@/modules/inquiries/inquiry.service";
import { suggestionInput, suggestionsResult } from "@/modules/matching/suggestion.schema";
import { suggestSuppliers } from "@/modules/matching/suggestion.service";
import { db } from "@/server/db/client";
import { forbidden } from "@/server/http/errors";
import { idempotencyKeyOf } from "@/server/http/idempotency";
import { actorOf } from "../context";
import { optionalCallerRoute, publicRoute, userOf, userRoute } from "../define-route";
import { bearer, body, errors, idempotencyHeader, json, publicErrors, userErrors } from "../openapi";
import { newRouter } from "../router";

// The buyer's inquiry flows (bulk and nominated) send here, from the active buyer company.
export function contactRoutes() {
  const r = newRouter();

  // POST /api/contact/dry-run/create – validate an inquiry exactly as create does, storing nothing
  r.openapi(
    optionalCallerRoute(
      {
        method: "post",
        path: "/contact/dry-run/create",
        operationId: "checkInquiry",
        tags: ["Contact"],
        summary: "問い合わせ内容の事前チェック（保存しません・ログイン前も可）",
        description:
          "ログイン中の発注者の指名（NOMINATION）は、運営が指名での依頼を停止している企業なら送信と同じく403です。",
        request: body(inquiryInput),
        responses: { 200: json(dryRunResult, "問題ありません"), 404: errors[404], ...userErrors },
      },
      [{}, ...bearer],
    ),
    async (c) => {
      const actor = await actorOf(c);
      if (actor.kind === "owner") throw forbidden("運営アカウントではこの操作はできません。");
      const input = c.req.valid("json");
      // Before sign-in (step 1 of the flow) the company-specific checks wait for create.
      const scope = actor.kind === "user" ? inquiries.inquiryScopeOf(actor, input) : null;
      await inquiries.dryRunInquiry(scope, db(), input, ensureMayNominate);
      return c.json({ ok: true as const }, 200);
    },
  );

  // POST /api/contact/create – send a bulk inquiry (to review) or a nomination (straight to the supplier)
  r.openapi(
    userRoute({
      method: "post",
      path: "/contact/create",
      operationId: "createInquiry",
      tags: ["Contact"],
      summary: "問い合わせの送信（一括・指名）",
      description:
        "運営が指名での依頼を停止している発注者企業の指名（NOMINATION）は403（一括は送信できます）。",
      request: { headers: idempotencyHeader, ...body(inquiryInput) },
      responses: {
        201: json(createdInquiry, "送信しました"),
        200: json(createdInquiry, "同じキーの送信（再送・新たには作成しません）"),
        404: errors[404],
        429: errors[429],
        ...userErrors,
      },
    }),
    async (c) => {
      const input = c.req.valid("json");
      const user = await userOf(c);
      const key = idempotencyKeyOf(c, true);
      const scope = inquiries.inquiryScopeOf(user, input);
      const result = await inquiries.createInquiryOnce(scope, db(), input, key, ensureMayNominate);
      return c.json(result.body, result.replayed ? 200 : 201);
    },
  );

  // POST /api/contact/suggestions – public suppliers that fit the inquiry's requirements (bulk flow)
  r.openapi(
    publicRoute({
      method: "post",
      path: "/contact/suggestions",
      operationId: "suggestSuppliers",
      tags: ["Contact"],
      summary: "条件に合うOEMメーカーの提案（ログイン前も可）",
      description:
        "カテゴリ・希望地域・詳しい条件（数量・認証・加工・素材・サンプル）に合う公開中のOEMメーカーを、適合度の高い順に最大20社、理由つきで返します。必要な認証・許可が確認済みでない企業、MOQ・月産能力が合わない企業は含みません。",
      request: body(suggestionInput),
      responses: { 200: json(suggestionsResult, "条件に合うOEMメーカー"), ...publicErrors },
    }),
    async (c) => c.json(await suggestSuppliers(db(), c.req.valid("json"), fitCandidates), 200),
  );

  return r;
}
