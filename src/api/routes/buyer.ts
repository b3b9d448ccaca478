import { z } from "@hono/zod-openapi";
import { uuidParam } from "@/lib/validation";
import { additionalRegisterInput, companyBasic, companyBasicInput } from "@/modules/companies/company.schema";
import * as company from "@/modules/companies/company.service";
import * as registration from "@/modules/companies/company-registration.service";
import { loginResult, okResult, registerInput, sessionUser } from "@/modules/identity/identity.schema";
import { setCompletionReceipt } from "@/server/auth/completion-receipt";
import { db } from "@/server/db/client";
import { clientInfo } from "../context";
import { companyRoute, publicRoute, scopeOf, userOf, userRoute } from "../define-route";
import { body, errors, json, publicErrors, userErrors } from "../openapi";
import { newRouter } from "../router";
import { buyerInquiryRoutes } from "./buyer-inquiries";

const companyParam = z.object({ companyId: uuidParam });
const contactParam = companyParam.extend({ contactId: z.string().max(100) });
const _entryParam = contactParam.extend({ entryId: z.string().max(100) });
const scoped = { 404: errors[404], 409: errors[409], ...userErrors };

export function buyerRoutes() {
  const r = newRouter();

  // POST /api/buyer/register – registers a person and a buyer company, signed in
  r.openapi(
    publicRoute({
      method: "post",
      path: "/buyer/register",
      operationId: "registerBuyer",
      tags: ["Buyer"],
      summary: "発注者の会員登録",
      request: body(registerInput),
      responses: { 201: json(loginResult, "登録してログインした状態"), ...publicErrors },
    }),
    async (c) => c.json(await registration.register(db(), "BUYER", c.req.valid("json"), clientInfo(c)), 201),
  );

  // POST /api/buyer/additional-register – a signed-in supplier adds a buyer company and switches to it
  r.openapi(
    userRoute({
      method: "post",
      path: "/buyer/additional-register",
      operationId: "addBuyerCompany",
      tags: ["Buyer"],
      summary: "OEMメーカーのアカウントに発注者の企業を追加登録",
      request: body(additionalRegisterInput),
      responses: { 201: json(sessionUser, "追加した企業が選択された状態"), 409: errors[409], ...userErrors },
    }),
    async (c) =>
      c.json(await registration.additionalRegister(db(), await userOf(c), "BUYER", c.req.valid("json")), 201),
  );

  // GET /api/buyer/company/{companyId} – the buyer company's information
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/buyer/company/{companyId}",
        operationId: "getBuyerCompany",
        tags: ["Buyer"],
        summary: "自社（発注者）の会社情報",
        request: { params: companyParam },
        responses: { 200: json(companyBasic, "会社情報"), ...scoped },
      },
      { type: "BUYER" },
    ),
    async (c) => c.json(await company.getCompany(await scopeOf(c), db()), 200),
  );

  // PUT /api/buyer/company/{companyId}/update – update the buyer company's information
  r.openapi(
    companyRoute(
      {
        method: "put",
        path: "/buyer/company/{companyId}/update",
        operationId: "updateBuyerCompany",
        tags: ["Buyer"],
        summary: "自社（発注者）の会社情報の更新",
        request: { params: companyParam, ...body(companyBasicInput) },
        responses: { 200: json(companyBasic, "更新後の会社情報"), ...scoped },
      },
      { type: "BUYER" },
    ),
    async (c) => c.json(await company.updateCompany(await scopeOf(c), db(), c.req.valid("json")), 200),
  );

  // DELETE /api/buyer/company/{companyId}/deactivate – deactivate (退会) the buyer company (ADMIN)
  r.openapi(
    companyRoute(
      {
        method: "delete",
        path: "/buyer/company/{companyId}/deactivate",
        operationId: "deactivateBuyerCompany",
        tags: ["Buyer"],
        summary: "発注者企業の退会（管理者）",
        request: { params: companyParam },
        responses: { 200: json(okResult, "退会しました"), ...scoped },
      },
      { type: "BUYER", admin: true },
    ),
    async (c) => {
      await company.deactivateCompany(await scopeOf(c), db());
      setCompletionReceipt(c, "buyer-deactivated");
      return c.json(
        { ok: true as const, message: "退会手続きが完了しました。ご利用ありがとうございました。" },
        200,
      );
    },
  );

  buyerInquiryRoutes(r);
  return r;
}
