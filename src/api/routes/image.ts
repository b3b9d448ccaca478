import { z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import {
  base64UploadInput,
  captionUpdateInput,
  companyParams,
  fileUploadInput,
  imageConditionalHeaders,
  imageParams,
  imageResult,
  uploadedFileField,
} from "@/modules/files/files.schema";
import * as files from "@/modules/files/files.service";
import { MAX_IMAGE_BYTES, TOO_LARGE_MESSAGE } from "@/modules/files/image";
import type { CompanyScope } from "@/server/auth/company-scope";
import { db } from "@/server/db/client";
import { AppError, forbidden } from "@/server/http/errors";
import { spooledForm } from "@/server/http/multipart";
import { activeCompanyScopeOf } from "../active-scope";
import type { AppEnv } from "../context";
import { companyRoute, publicRoute, scopeOf, userOf, userRoute } from "../define-route";
import { body, errors, json, userErrors } from "../openapi";
import { newRouter } from "../router";

// Room for the multipart envelope / JSON around the image itself.
const ENVELOPE_BYTES = 64 * 1024;
const MULTIPART_LIMIT = MAX_IMAGE_BYTES + ENVELOPE_BYTES;
const BASE64_LIMIT = Math.ceil(MAX_IMAGE_BYTES / 3) * 4 + ENVELOPE_BYTES;

const tooLarge = (field: string) =>
  new AppError("PAYLOAD_TOO_LARGE", TOO_LARGE_MESSAGE, { [field]: TOO_LARGE_MESSAGE });

// Anonymous callers get 401 before their body is read.
const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  await userOf(c);
  await next();
};

function upload(kind: "multipart" | "json"): MiddlewareHandler<AppEnv>[] {
  const expected = kind === "multipart" ? "multipart/form-data" : "application/json";
  const contentType: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!c.req.header("content-type")?.toLowerCase().startsWith(expected)) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", `${expected} 形式で送信してください。`);
    }
    await next();
  };
  // A file is read as it arrives and spooled to disk (docs/decisions/0042); Base64 comes inside
  // JSON, which is parsed whole, so its body is only capped.
  const limit =
    kind === "multipart"
      ? spooledForm({
          maxFileBytes: MAX_IMAGE_BYTES,
          maxBodyBytes: MULTIPART_LIMIT,
          tooLarge: TOO_LARGE_MESSAGE,
        })
      : bodyLimit({
          maxSize: BASE64_LIMIT,
          onError: () => {
            throw tooLarge("image");
          },
        });
  return [signedIn, contentType, limit];
}

const multipartBody = {
  body: {
    required: true,
    content: {
      "multipart/form-data": {
        schema: fileUploadInput.extend({
          file: uploadedFileField.openapi({
            type: "string",
            format: "binary",
            description: "画像ファイル（10MBまで）",
          }),
        }),
      },
    },
  },
};

const uploadResponses = {
  201: json(imageResult, "登録した画像"),
  404: errors[404],
  413: errors[413],
  415: errors[415],
  ...userErrors,
};

/** An upload without a company in its path goes to the caller's active company (403 without one). */
async function activeUploadScope(c: Context<AppEnv>): Promise<CompanyScope> {
  const user = await userOf(c);
  if (!user.memberships.some((m) => m.companyId === user.activeCompanyId)) {
    throw forbidden("画像を登録できる企業に所属していません。");
  }
  return (await activeCompanyScopeOf(c, {}))!;
}

/** Whether the uploader's email is verified (read with the session, at the start of the request). */
async function uploaderOf(c: Context<AppEnv>): Promise<files.Uploader> {
  return { emailVerified: (await userOf(c)).user.emailVerified };
}

export function imageRoutes() {
  const r = newRouter();

  // POST /api/image/base64/upload – uploads a Base64 image for the caller's active company
  r.openapi(
    userRoute({
      method: "post",
      path: "/image/base64/upload",
      operationId: "uploadImageBase64",
      tags: ["Image"],
      summary: "画像のアップロード（Base64）",
      middleware: upload("json"),
      request: body(base64UploadInput),
      responses: uploadResponses,
    }),
    async (c) =>
      c.json(
        await files.uploadBase64Image(
          await activeUploadScope(c),
          db(),
          await uploaderOf(c),
          c.req.valid("json"),
        ),
        201,
      ),
  );

  // POST /api/image/file/upload – uploads an image file (form data) for the caller's active company
  r.openapi(
    userRoute({
      method: "post",
      path: "/image/file/upload",
      operationId: "uploadImageFile",
      tags: ["Image"],
      summary: "画像のアップロード（ファイル）",
      middleware: upload("multipart"),
      request: multipartBody,
      responses: uploadResponses,
    }),
    async (c) =>
      c.json(
        await files.uploadFileImage(
          await activeUploadScope(c),
          db(),
          await uploaderOf(c),
          c.req.valid("form"),
        ),
        201,
      ),
  );

  // POST /api/image/company/{companyId}/base64/upload – uploads a Base64 image for a company the caller belongs to
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/image/company/{companyId}/base64/upload",
        operationId: "uploadCompanyImageBase64",
        tags: ["Image"],
        summary: "企業の画像のアップロード（Base64）",
        middleware: upload("json"),
        request: { params: companyParams, ...body(base64UploadInput) },
        responses: uploadResponses,
      },
      {},
    ),
    async (c) =>
      c.json(
        await files.uploadBase64Image(await scopeOf(c), db(), await uploaderOf(c), c.req.valid("json")),
        201,
      ),
  );

  // POST /api/image/company/{companyId}/file/upload – uploads an image file for a company the caller belongs to
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/image/company/{companyId}/file/upload",
        operationId: "uploadCompanyImageFile",
        tags: ["Image"],
        summary: "企業の画像のアップロード（ファイル）",
        middleware: upload("multipart"),
        request: { params: companyParams, ...multipartBody },
        responses: uploadResponses,
      },
      {},
    ),
    async (c) =>
      c.json(
        await files.uploadFileImage(await scopeOf(c), db(), await uploaderOf(c), c.req.valid("form")),
        201,
      ),
  );

  // PATCH /api/image/company/{companyId}/caption/update – changes the caption of one of the company's images
  r.openapi(
    companyRoute(
      {
        method: "patch",
        path: "/image/company/{companyId}/caption/update",
        operationId: "updateImageCaption",
        tags: ["Image"],
        summary: "企業の画像のキャプション変更",
        middleware: [signedIn],
        request: { params: companyParams, ...body(captionUpdateInput) },
        responses: { 200: json(imageResult, "変更後の画像"), 404: errors[404], ...userErrors },
      },
      {},
    ),
    async (c) => c.json(await files.updateImageCaption(await scopeOf(c), db(), c.req.valid("json")), 200),
  );

  // GET /api/image/{imageId} – serves the stored image bytes (public: company pages show them)
  r.openapi(
    publicRoute({
      method: "get",
      path: "/image/{imageId}",
      operationId: "getImage",
      tags: ["Image"],
      summary: "画像の取得",
      request: { params: imageParams, headers: imageConditionalHeaders },
      responses: {
        200: {
          description: "画像（JPEG・PNG・WebP・AVIF）。ETag は内容の SHA-256（強い検証子）",
          content: { "image/*": { schema: z.string().openapi({ type: "string", format: "binary" }) } },
        },
        304: { description: "変更なし（If-None-Match が ETag と一致。本文なし）" },
        404: errors[404],
      },
    }),
    async (c) =>
      files.imageResponse(db(), c.req.valid("param").imageId, {
        method: c.req.method,
        ifNoneMatch: c.req.header("if-none-match"),
      }),
  );

  return r;
}
