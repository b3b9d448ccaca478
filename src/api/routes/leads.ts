import { z } from "@hono/zod-openapi";
import { brochurePdf } from "@/modules/leads/brochure-pdf";
import { acceptedResult, documentDownloadInput, supportInput } from "@/modules/leads/lead.schema";
import * as leads from "@/modules/leads/lead.service";
import { setCompletionReceipt } from "@/server/auth/completion-receipt";
import { db } from "@/server/db/client";
import { actorOf, clientInfo } from "../context";
import { publicRoute } from "../define-route";
import { body, json, publicErrors } from "../openapi";
import { newRouter } from "../router";

// The public forms: the brochure request of /lp and the contact form of /support.
export function leadRoutes() {
  const r = newRouter();

  // POST /api/document-download – store a brochure request and email the download link
  r.openapi(
    publicRoute({
      method: "post",
      path: "/document-download",
      operationId: "requestBrochure",
      tags: ["Shared"],
      summary: "サービス資料の請求（ダウンロードリンクをメールで送信）",
      request: body(documentDownloadInput),
      responses: { 201: json(acceptedResult, "受け付けました"), ...publicErrors },
    }),
    async (c) => {
      const { id } = await leads.requestBrochure(db(), c.req.valid("json"), clientInfo(c));
      setCompletionReceipt(c, "brochure");
      return c.json(
        { ok: true as const, id, message: "資料のダウンロードリンクをメールでお送りしました。" },
        201,
      );
    },
  );

  // GET /api/document-download/brochure.pdf – the brochure itself
  r.openapi(
    publicRoute({
      method: "get",
      path: "/document-download/brochure.pdf",
      operationId: "downloadBrochure",
      tags: ["Shared"],
      summary: "サービス資料（PDF）",
      responses: {
        200: {
          description: "サービス資料",
          content: { "application/pdf": { schema: z.any().openapi({ type: "string", format: "binary" }) } },
        },
      },
    }),
    async (c) =>
      c.body(new Uint8Array(await brochurePdf()), 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": 'inline; filename="oem-match-brochure.pdf"',
        "Cache-Control": "public, max-age=3600",
      }),
  );

  // POST /api/support – the contact-the-operator form (signed-in account attached when there is one)
  r.openapi(
    publicRoute({
      method: "post",
      path: "/support",
      operationId: "sendSupportRequest",
      tags: ["Shared"],
      summary: "運営へのお問い合わせ",
      request: body(supportInput),
      responses: { 201: json(acceptedResult, "受け付けました"), ...publicErrors },
    }),
    async (c) => {
      const actor = await actorOf(c).catch(() => ({ kind: "anonymous" as const }));
      const account =
        actor.kind === "user" ? { userId: actor.userId, companyId: actor.activeCompanyId } : null;
      const { id } = await leads.submitSupport(db(), c.req.valid("json"), account, clientInfo(c));
      setCompletionReceipt(c, "support");
      return c.json({ ok: true as const, id, message: "お問い合わせを受け付けました。" }, 201);
    },
  );

  return r;
}
