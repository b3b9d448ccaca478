import { z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { ATTACHMENT_TOO_LARGE_MESSAGE, MAX_ATTACHMENT_BYTES } from "@/modules/files/attachment";
import {
  attachmentFileField,
  attachmentParams,
  attachmentResult,
  attachmentUploadInput,
} from "@/modules/files/attachment.schema";
import * as attachments from "@/modules/files/attachment.service";
import { db } from "@/server/db/client";
import { AppError, forbidden } from "@/server/http/errors";
import { spooledForm } from "@/server/http/multipart";
import { activeCompanyScopeOf } from "../active-scope";
import type { AppEnv } from "../context";
import { userOf, userRoute } from "../define-route";
import { fileDownload } from "../file-download";
import { errors, json, userErrors } from "../openapi";
import { newRouter } from "../router";

// Room for the multipart envelope around the file itself.
const MULTIPART_LIMIT = MAX_ATTACHMENT_BYTES + 64 * 1024;

// Anonymous callers get 401 before their body is read; then the size, then the form.
const uploadGuards: MiddlewareHandler<AppEnv>[] = [
  async (c, next) => {
    await userOf(c);
    await next();
  },
  async (c, next) => {
    if (!c.req.header("content-type")?.toLowerCase().startsWith("multipart/form-data")) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", "multipart/form-data 形式で送信してください。");
    }
    await next();
  },
  // Read as it arrives, the file spooled to disk (docs/decisions/0042).
  spooledForm({
    maxFileBytes: MAX_ATTACHMENT_BYTES,
    maxBodyBytes: MULTIPART_LIMIT,
    tooLarge: ATTACHMENT_TOO_LARGE_MESSAGE,
  }),
];

export function attachmentRoutes() {
  const r = newRouter();

  // POST /api/attachment/upload – stores an attachment for the caller's active company (a buyer's inquiry, a supplier's entry)
  r.openapi(
    userRoute({
      method: "post",
      path: "/attachment/upload",
      operationId: "uploadAttachment",
      tags: ["Attachment"],
      summary: "添付ファイルのアップロード（PDF・画像・Office文書、10MBまで）",
      middleware: uploadGuards,
      request: {
        body: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: attachmentUploadInput.extend({
                file: attachmentFileField.openapi({
                  type: "string",
                  format: "binary",
                  description: "PDF・JPEG・PNG・WebP・GIF・Word・Excel・PowerPoint（10MBまで、内容で判定）",
                }),
              }),
            },
          },
        },
      },
      responses: {
        201: json(
          attachmentResult,
          "登録した添付ファイル（問い合わせ・エントリーの attachmentIds に指定します）",
        ),
        404: errors[404],
        413: errors[413],
        415: errors[415],
        ...userErrors,
      },
    }),
    async (c) => {
      // A document belongs to the caller's active company (a buyer's inquiry, a supplier's entry).
      const scope = await activeCompanyScopeOf(c, {});
      if (!scope) throw forbidden("企業のアカウントでログインしてください。");
      return c.json(await attachments.uploadAttachment(scope, db(), c.req.valid("form")), 201);
    },
  );

  // GET /api/attachment/{id} – downloads an attachment (its company, a supplier who may see the inquiry, the buyer of an entry)
  r.openapi(
    userRoute({
      method: "get",
      path: "/attachment/{id}",
      operationId: "downloadAttachment",
      tags: ["Attachment"],
      summary: "添付ファイルのダウンロード",
      request: { params: attachmentParams },
      responses: {
        200: {
          description: "ファイル（Content-Disposition: attachment）",
          content: {
            "application/octet-stream": { schema: z.string().openapi({ type: "string", format: "binary" }) },
          },
        },
        401: errors[401],
        403: errors[403],
        404: errors[404],
      },
    }),
    async (c) => {
      const file = await attachments.readAttachment(db(), await userOf(c), c.req.valid("param").id);
      return fileDownload(file, c.req, { attachmentId: c.req.valid("param").id });
    },
  );

  return r;
}
