import { z } from "@hono/zod-openapi";
import { paginated } from "@/lib/pagination";
import { uuidParam } from "@/lib/validation";
import { caseInput, caseListQuery, caseStudy, caseUpdateInput } from "@/modules/cases/case.schema";
import * as cases from "@/modules/cases/case.service";
import { okResult } from "@/modules/identity/identity.schema";
import { db } from "@/server/db/client";
import { companyRoute, scopeOf } from "../define-route";
import { body, errors, json, userErrors } from "../openapi";
import { newRouter } from "../router";

const companyParam = z.object({ companyId: uuidParam });
const caseParam = companyParam.extend({ caseId: z.uuid("事例が見つかりませんでした") });
const scoped = { 404: errors[404], ...userErrors };

export function oemCaseRoutes() {
  const r = newRouter();

  // GET /api/oem/company/{companyId}/case – the company's case studies, drafts included
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/oem/company/{companyId}/case",
        operationId: "listCases",
        tags: ["OEM cases"],
        summary: "事例一覧",
        request: { params: companyParam, query: caseListQuery },
        responses: { 200: json(paginated(caseStudy), "事例一覧"), ...scoped },
      },
      { type: "SUPPLIER" },
    ),
    async (c) => c.json(await cases.listCases(await scopeOf(c), db(), c.req.valid("query")), 200),
  );

  // POST /api/oem/company/{companyId}/case – create a case study
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/oem/company/{companyId}/case",
        operationId: "createCase",
        tags: ["OEM cases"],
        summary: "事例の登録",
        request: { params: companyParam, ...body(caseInput) },
        responses: { 201: json(caseStudy, "登録した事例"), ...scoped },
      },
      { type: "SUPPLIER" },
    ),
    async (c) => c.json(await cases.createCase(await scopeOf(c), db(), c.req.valid("json")), 201),
  );

  // GET /api/oem/company/{companyId}/case/{caseId} – one case study
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/oem/company/{companyId}/case/{caseId}",
        operationId: "getCase",
        tags: ["OEM cases"],
        summary: "事例の詳細",
        request: { params: caseParam },
        responses: { 200: json(caseStudy, "事例"), ...scoped },
      },
      { type: "SUPPLIER" },
    ),
    async (c) => {
      const { caseId } = c.req.valid("param");
      return c.json(await cases.getCase(await scopeOf(c), db(), caseId), 200);
    },
  );

  // PUT /api/oem/company/{companyId}/case/{caseId} – update a case study
  r.openapi(
    companyRoute(
      {
        method: "put",
        path: "/oem/company/{companyId}/case/{caseId}",
        operationId: "updateCase",
        tags: ["OEM cases"],
        summary: "事例の更新",
        request: { params: caseParam, ...body(caseUpdateInput) },
        responses: { 200: json(caseStudy, "更新後の事例"), ...scoped },
      },
      { type: "SUPPLIER" },
    ),
    async (c) => {
      const { caseId } = c.req.valid("param");
      return c.json(await cases.updateCase(await scopeOf(c), db(), caseId, c.req.valid("json")), 200);
    },
  );

  // DELETE /api/oem/company/{companyId}/case/{caseId} – delete a case study
  r.openapi(
    companyRoute(
      {
        method: "delete",
        path: "/oem/company/{companyId}/case/{caseId}",
        operationId: "deleteCase",
        tags: ["OEM cases"],
        summary: "事例の削除",
        request: { params: caseParam },
        responses: { 200: json(okResult, "削除しました"), ...scoped },
      },
      { type: "SUPPLIER" },
    ),
    async (c) => {
      const { caseId } = c.req.valid("param");
      await cases.deleteCase(await scopeOf(c), db(), caseId);
      return c.json({ ok: true as const, message: "事例を削除しました。" }, 200);
    },
  );

  return r;
}
