import { z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";

import { uuidParam } from "@/lib/validation";
import {
  certification,
  certificationList,
  certificationUpload,
} from "@/modules/certifications/certification.schema";
import * as certifications from "@/modules/certifications/certification.service";
import { capabilities, capabilitiesInput } from "@/modules/companies/capabilities.schema";
import * as capabilityService from "@/modules/companies/capabilities.service";
import { CERTIFICATE_TOO_LARGE_MESSAGE, MAX_ATTACHMENT_BYTES } from "@/modules/files/attachment";
import { okResult } from "@/modules/identity/identity.schema";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { spooledForm } from "@/server/http/multipart";
import type { AppEnv } from "../context";
import { companyRoute, scopeOf } from "../define-route";
import { fileDownload } from "../file-download";
import { body, errors, json, userErrors } from "../openapi";
import { newRouter } from "../router";

// The supplier's capabilities and certificates (issue 20, docs/capabilities-plan.md): members of the
// supplier in the path only (another company: 404); the operator verifies in the console.
const companyParam = z.object({ companyId: uuidParam });
const certificationParam = companyParam.extend({ certificationId: z.string().max(100) });
const scoped = { 404: errors[404], ...userErrors };
const tags = ["OEM capabilities"];

// Room for the multipart envelope and the text fields around the file itself.
const MULTIPART_LIMIT = MAX_ATTACHMENT_BYTES + 64 * 1024;

// Members only (404 otherwise) before the body is read; then the form's type and its size.
const uploadGuards: MiddlewareHandler<AppEnv>[] = [
  async (c, next) => {
    await scopeOf(c);
    await next();
  },
  async (c, next) => {
    if (!c.req.header("content-type")?.toLowerCase().startsWith("multipart/form-data")) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", "multipart/form-data 形式で送信してください。", {
        file: "multipart/form-data 形式で送信してください。",
      });
    }
    await next();
  },
  // Read as it arrives, the file spooled to disk (docs/decisions/0042).
  spooledForm({
    maxFileBytes: MAX_ATTACHMENT_BYTES,
    maxBodyBytes: MULTIPART_LIMIT,
    tooLarge: CERTIFICATE_TOO_LARGE_MESSAGE,
  }),
];

export function oemCapabilityRoutes() {
  const r = newRouter();

  // GET /api/oem/company/{companyId}/capabilities – the supplier's capabilities and its verified certifications
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/oem/company/{companyId}/capabilities",
        operationId: "getCapabilities",
        tags,
        summary: "対応能力（MOQ・月産能力・小ロット・サンプル・加工・素材）と認証確認済みの認証・許可",
        request: { params: companyParam },
        responses: { 200: json(capabilities, "対応能力"), ...scoped },
      },
      { type: "SUPPLIER" },
    ),
    async (c) => c.json(await capabilityService.getCapabilities(await scopeOf(c), db()), 200),
  );

  // POST /api/oem/company/{companyId}/capabilities/update – replace the capabilities (the complete document)
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/oem/company/{companyId}/capabilities/update",
        operationId: "updateCapabilities",
        tags,
        summary: "対応能力の更新（すべての項目を送信。空にする項目は null、一覧は []）",
        request: { params: companyParam, ...body(capabilitiesInput) },
        responses: { 200: json(capabilities, "更新後の対応能力"), ...scoped },
      },
      { type: "SUPPLIER" },
    ),
    async (c) =>
      c.json(await capabilityService.updateCapabilities(await scopeOf(c), db(), c.req.valid("json")), 200),
  );

  // GET /api/oem/company/{companyId}/certifications – the supplier's certificates and licences with their review
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/oem/company/{companyId}/certifications",
        operationId: "listCertifications",
        tags,
        summary: "登録した認証・許可の証明書（確認待ち・認証確認済み・差し戻し・期限切れ）",
        request: { params: companyParam },
        responses: { 200: json(certificationList, "証明書の一覧（新しい順）"), ...scoped },
      },
      { type: "SUPPLIER" },
    ),
    async (c) => c.json(await certifications.listCertifications(await scopeOf(c), db()), 200),
  );

  // POST /api/oem/company/{companyId}/certifications – upload a certificate with its document
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/oem/company/{companyId}/certifications",
        operationId: "uploadCertification",
        tags,
        summary: "証明書の登録（PDF・JPEG・PNG、10MBまで）：運営事務局の確認後に「認証確認済み」になります",
        middleware: uploadGuards,
        request: {
          params: companyParam,
          body: {
            required: true,
            content: {
              "multipart/form-data": {
                schema: certificationUpload.extend({
                  certificationTypeId: certificationUpload.shape.certificationTypeId.openapi({
                    description: "認証・許可の種類（GET /api/capabilities の certificationTypes の id）",
                  }),
                  expiresOn: certificationUpload.shape.expiresOn.openapi({
                    description: "有効期限の最終日（YYYY-MM-DD、日本時間）。期限のない許可は空欄または省略",
                  }),
                  file: certificationUpload.shape.file.openapi({
                    type: "string",
                    format: "binary",
                    description: "証明書・許可証の写し：PDF・JPEG・PNG（10MBまで、内容で判定）",
                  }),
                }),
              },
            },
          },
        },
        responses: {
          201: json(certification, "登録した証明書（確認待ち）"),
          409: errors[409],
          429: errors[429],
          413: errors[413],
          415: errors[415],
          ...scoped,
        },
      },
      { type: "SUPPLIER" },
    ),
    async (c) =>
      c.json(await certifications.uploadCertification(await scopeOf(c), db(), c.req.valid("form")), 201),
  );

  // POST /api/oem/company/{companyId}/certifications/{certificationId}/delete – delete a certificate (its badge goes)
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/oem/company/{companyId}/certifications/{certificationId}/delete",
        operationId: "deleteCertification",
        tags,
        summary: "証明書の削除（認証確認済みの表示も外れます）",
        request: { params: certificationParam },
        responses: { 200: json(okResult, "削除しました"), ...scoped },
      },
      { type: "SUPPLIER" },
    ),
    async (c) => {
      await certifications.deleteCertification(await scopeOf(c), db(), c.req.valid("param").certificationId);
      return c.json({ ok: true as const, message: "証明書を削除しました。" }, 200);
    },
  );

  // GET /api/oem/company/{companyId}/certifications/{certificationId}/document – download a certificate's document
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/oem/company/{companyId}/certifications/{certificationId}/document",
        operationId: "downloadCertificationDocument",
        tags,
        summary: "証明書ファイルのダウンロード",
        request: { params: certificationParam },
        responses: {
          200: {
            description: "ファイル（Content-Disposition: attachment）",
            content: {
              "application/octet-stream": {
                schema: z.string().openapi({ type: "string", format: "binary" }),
              },
            },
          },
          ...scoped,
        },
      },
      { type: "SUPPLIER" },
    ),
    async (c) => {
      const file = await certifications.readCertificationDocument(
        await scopeOf(c),
        db(),
        c.req.valid("param").certificationId,
      );
      return fileDownload(file, c.req, { certificationId: c.req.valid("param").certificationId });
    },
  );

  return r;
}
