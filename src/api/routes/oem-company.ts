import { z } from "@hono/zod-openapi";
import { uuidParam } from "@/lib/validation";
import {
  companyBasic,
  companyBasicInput,
  namePublishInput,
  oemInformation,
  oemInformationInput,
} from "@/modules/companies/company.schema";
import * as company from "@/modules/companies/company.service";
import { okResult } from "@/modules/identity/identity.schema";
import { setCompletionReceipt } from "@/server/auth/completion-receipt";
import { db } from "@/server/db/client";
import { companyRoute, scopeOf } from "../define-route";
import { body, errors, json, userErrors } from "../openapi";
import { newRouter } from "../router";

// The supplier's own company: basic information, OEM information, name publishing, deactivation.
const companyParam = z.object({ companyId: uuidParam });
const scoped = { 404: errors[404], ...userErrors };

export function oemCompanyRoutes() {
  const r = newRouter();

  // GET /api/oem/company/{companyId} – the company's basic information (members)
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/oem/company/{companyId}",
        operationId: "getSupplierCompany",
        tags: ["OEM company"],
        summary: "自社の基本情報",
        request: { params: companyParam },
        responses: { 200: json(companyBasic, "基本情報"), ...scoped },
      },
      { type: "SUPPLIER" },
    ),
    async (c) => c.json(await company.getCompany(await scopeOf(c), db()), 200),
  );

  // PUT /api/oem/company/{companyId}/update – update the basic information
  r.openapi(
    companyRoute(
      {
        method: "put",
        path: "/oem/company/{companyId}/update",
        operationId: "updateSupplierCompany",
        tags: ["OEM company"],
        summary: "自社の基本情報の更新",
        request: { params: companyParam, ...body(companyBasicInput) },
        responses: { 200: json(companyBasic, "更新後の基本情報"), ...scoped },
      },
      { type: "SUPPLIER" },
    ),
    async (c) => c.json(await company.updateCompany(await scopeOf(c), db(), c.req.valid("json")), 200),
  );

  // GET /api/oem/company/{companyId}/information – the OEM information
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/oem/company/{companyId}/information",
        operationId: "getOemInformation",
        tags: ["OEM company"],
        summary: "OEM情報",
        request: { params: companyParam },
        responses: { 200: json(oemInformation, "OEM情報"), ...scoped },
      },
      { type: "SUPPLIER" },
    ),
    async (c) => c.json(await company.getOemInformation(await scopeOf(c), db()), 200),
  );

  // PUT /api/oem/company/{companyId}/information/update – replace the OEM information
  r.openapi(
    companyRoute(
      {
        method: "put",
        path: "/oem/company/{companyId}/information/update",
        operationId: "updateOemInformation",
        tags: ["OEM company"],
        summary: "OEM情報の更新（カテゴリ・特徴・工場・ギャラリーを含む）",
        request: { params: companyParam, ...body(oemInformationInput) },
        responses: { 200: json(oemInformation, "更新後のOEM情報"), ...scoped },
      },
      { type: "SUPPLIER" },
    ),
    async (c) => c.json(await company.updateOemInformation(await scopeOf(c), db(), c.req.valid("json")), 200),
  );

  // PATCH /api/oem/company/{companyId}/namePublishStatus/update – show or hide the name publicly (ADMIN)
  r.openapi(
    companyRoute(
      {
        method: "patch",
        path: "/oem/company/{companyId}/namePublishStatus/update",
        operationId: "setNamePublished",
        tags: ["OEM company"],
        summary: "企業名の公開・非公開の切り替え（管理者）",
        request: { params: companyParam, ...body(namePublishInput) },
        responses: { 200: json(companyBasic, "更新後の基本情報"), ...scoped },
      },
      { type: "SUPPLIER", admin: true },
    ),
    async (c) =>
      c.json(await company.setNamePublished(await scopeOf(c), db(), c.req.valid("json").namePublished), 200),
  );

  // DELETE /api/oem/company/{companyId}/deactivate – deactivate (退会) the company (ADMIN)
  r.openapi(
    companyRoute(
      {
        method: "delete",
        path: "/oem/company/{companyId}/deactivate",
        operationId: "deactivateSupplierCompany",
        tags: ["OEM company"],
        summary: "企業の退会（管理者）",
        request: { params: companyParam },
        responses: { 200: json(okResult, "退会しました"), ...scoped },
      },
      { type: "SUPPLIER", admin: true },
    ),
    async (c) => {
      await company.deactivateCompany(await scopeOf(c), db());
      setCompletionReceipt(c, "supplier-deactivated");
      return c.json(
        { ok: true as const, message: "退会手続きが完了しました。ご利用ありがとうございました。" },
        200,
      );
    },
  );

  return r;
}
