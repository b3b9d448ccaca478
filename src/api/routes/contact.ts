import { createRoute } from "@hono/zod-openapi";
import { createdInquiry, dryRunResult, inquiryInput } from "@/modules/inquiries/inquiry.schema";
import * as inquiries from "@/modules/inquiries/inquiry.service";
import { db } from "@/server/db/client";
import { forbidden } from "@/server/http/errors";
import { idempotencyKeyOf } from "@/server/http/idempotency";
import { actorOf, requireUser } from "../context";
import { bearer, body, errors, idempotencyHeader, json, userErrors } from "../openapi";
import { newRouter } from "../router";

// The buyer's inquiry flows (bulk and nominated) send here, from the active buyer company.
export function contactRoutes() {
  const r = newRouter();

  // POST /api/contact/dry-run/create – validate an inquiry exactly as create does, storing nothing
  r.openapi(
    createRoute({
      method: "post",
      path: "/contact/dry-run/create",
      operationId: "checkInquiry",
      tags: ["Contact"],
      summary: "問い合わせ内容の事前チェック（保存しません・ログイン前も可）",
      security: [{}, ...bearer],
      request: body(inquiryInput),
      responses: { 200: json(dryRunResult, "問題ありません"), 404: errors[404], ...userErrors },
    }),
    async (c) => {
      const actor = await actorOf(c);
      if (actor.kind === "owner") throw forbidden("運営アカウントではこの操作はできません。");
      await inquiries.dryRunInquiry(db(), actor.kind === "user" ? actor : null, c.req.valid("json"));
      return c.json({ ok: true as const }, 200);
    },
  );

  // POST /api/contact/create – send a bulk inquiry (to review) or a nomination (straight to the supplier)
  r.openapi(
    createRoute({
      method: "post",
      path: "/contact/create",
      operationId: "createInquiry",
      tags: ["Contact"],
      summary: "問い合わせの送信（一括・指名）",
      security: bearer,
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
      const actor = await requireUser(c);
      const input = c.req.valid("json");
      const key = idempotencyKeyOf(c, true);
      const result = await inquiries.createInquiryOnce(db(), actor, input, key);
      return c.json(result.body, result.replayed ? 200 : 201);
    },
  );

  return r;
}
