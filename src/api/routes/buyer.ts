import { createRoute, z } from "@hono/zod-openapi";
import { paginated } from "@/lib/pagination";
import { uuidParam } from "@/lib/validation";
import { additionalRegisterInput, companyBasic, companyBasicInput } from "@/modules/companies/company.schema";
import * as company from "@/modules/companies/company.service";
import { loginResult, okResult, registerInput, sessionUser } from "@/modules/identity/identity.schema";
import * as identity from "@/modules/identity/identity.service";
import {
  buyerEntryDecisionInput,
  buyerInquiriesQuery,
  buyerInquiryDetail,
  createdInquiry,
  inquiryInput,
  inquirySummary,
} from "@/modules/inquiries/inquiry.schema";
import * as inquiries from "@/modules/inquiries/inquiry.service";
import { setCompletionReceipt } from "@/server/auth/completion-receipt";
import { db } from "@/server/db/client";
import { idempotencyKeyOf } from "@/server/http/idempotency";
import { clientInfo, requireUser } from "../context";
import { bearer, body, errors, idempotencyHeader, json, publicErrors, userErrors } from "../openapi";
import { newRouter } from "../router";

const companyParam = z.object({ companyId: uuidParam });
const contactParam = companyParam.extend({ contactId: z.string().max(100) });
const entryParam = contactParam.extend({ entryId: z.string().max(100) });
const scoped = { 404: errors[404], 409: errors[409], ...userErrors };

export function buyerRoutes() {
  const r = newRouter();

  // POST /api/buyer/register – registers a person and a buyer company, signed in
  r.openapi(
    createRoute({
      method: "post",
      path: "/buyer/register",
      operationId: "registerBuyer",
      tags: ["Buyer"],
      summary: "発注者の会員登録",
      security: [],
      request: body(registerInput),
      responses: { 201: json(loginResult, "登録してログインした状態"), ...publicErrors },
    }),
    async (c) => c.json(await identity.register(db(), "BUYER", c.req.valid("json"), clientInfo(c)), 201),
  );

  // POST /api/buyer/additional-register – a signed-in supplier adds a buyer company and switches to it
  r.openapi(
    createRoute({
      method: "post",
      path: "/buyer/additional-register",
      operationId: "addBuyerCompany",
      tags: ["Buyer"],
      summary: "OEMメーカーのアカウントに発注者の企業を追加登録",
      security: bearer,
      request: body(additionalRegisterInput),
      responses: { 201: json(sessionUser, "追加した企業が選択された状態"), 409: errors[409], ...userErrors },
    }),
    async (c) =>
      c.json(await company.additionalRegister(db(), await requireUser(c), "BUYER", c.req.valid("json")), 201),
  );

  // GET /api/buyer/company/{companyId} – the buyer company's information
  r.openapi(
    createRoute({
      method: "get",
      path: "/buyer/company/{companyId}",
      operationId: "getBuyerCompany",
      tags: ["Buyer"],
      summary: "自社（発注者）の会社情報",
      security: bearer,
      request: { params: companyParam },
      responses: { 200: json(companyBasic, "会社情報"), ...scoped },
    }),
    async (c) =>
      c.json(
        await company.getCompany(db(), await requireUser(c), c.req.valid("param").companyId, "BUYER"),
        200,
      ),
  );

  // PUT /api/buyer/company/{companyId}/update – update the buyer company's information
  r.openapi(
    createRoute({
      method: "put",
      path: "/buyer/company/{companyId}/update",
      operationId: "updateBuyerCompany",
      tags: ["Buyer"],
      summary: "自社（発注者）の会社情報の更新",
      security: bearer,
      request: { params: companyParam, ...body(companyBasicInput) },
      responses: { 200: json(companyBasic, "更新後の会社情報"), ...scoped },
    }),
    async (c) =>
      c.json(
        await company.updateCompany(
          db(),
          await requireUser(c),
          c.req.valid("param").companyId,
          "BUYER",
          c.req.valid("json"),
        ),
        200,
      ),
  );

  // DELETE /api/buyer/company/{companyId}/deactivate – deactivate (退会) the buyer company (ADMIN)
  r.openapi(
    createRoute({
      method: "delete",
      path: "/buyer/company/{companyId}/deactivate",
      operationId: "deactivateBuyerCompany",
      tags: ["Buyer"],
      summary: "発注者企業の退会（管理者）",
      security: bearer,
      request: { params: companyParam },
      responses: { 200: json(okResult, "退会しました"), ...scoped },
    }),
    async (c) => {
      await company.deactivateCompany(db(), await requireUser(c), c.req.valid("param").companyId, "BUYER");
      setCompletionReceipt(c, "buyer-deactivated");
      return c.json(
        { ok: true as const, message: "退会手続きが完了しました。ご利用ありがとうございました。" },
        200,
      );
    },
  );

  // GET /api/buyer/company/{companyId}/contacts – inquiry history (filter contactType, status)
  r.openapi(
    createRoute({
      method: "get",
      path: "/buyer/company/{companyId}/contacts",
      operationId: "listBuyerInquiries",
      tags: ["Buyer"],
      summary: "問い合わせ履歴",
      security: bearer,
      request: { params: companyParam, query: buyerInquiriesQuery },
      responses: { 200: json(paginated(inquirySummary), "問い合わせ履歴"), ...scoped },
    }),
    async (c) =>
      c.json(
        await inquiries.listBuyerInquiries(
          db(),
          await requireUser(c),
          c.req.valid("param").companyId,
          c.req.valid("query"),
        ),
        200,
      ),
  );

  // POST /api/buyer/company/{companyId}/contacts – send an inquiry from this buyer company
  r.openapi(
    createRoute({
      method: "post",
      path: "/buyer/company/{companyId}/contacts",
      operationId: "createBuyerInquiry",
      tags: ["Buyer"],
      summary: "問い合わせの送信（会社を指定）",
      security: bearer,
      request: { params: companyParam, headers: idempotencyHeader, ...body(inquiryInput) },
      responses: {
        201: json(createdInquiry, "送信しました"),
        200: json(createdInquiry, "同じキーの送信（再送・新たには作成しません）"),
        429: errors[429],
        ...scoped,
      },
    }),
    async (c) => {
      const actor = await requireUser(c);
      const key = idempotencyKeyOf(c, true);
      const result = await inquiries.createInquiryOnce(
        db(),
        actor,
        c.req.valid("json"),
        key,
        c.req.valid("param").companyId,
      );
      return c.json(result.body, result.replayed ? 200 : 201);
    },
  );

  // GET /api/buyer/company/{companyId}/contact/{contactId} – an inquiry with every entry and supplier contact
  r.openapi(
    createRoute({
      method: "get",
      path: "/buyer/company/{companyId}/contact/{contactId}",
      operationId: "getBuyerInquiry",
      tags: ["Buyer"],
      summary: "問い合わせの詳細（エントリー一覧を含む）",
      security: bearer,
      request: { params: contactParam },
      responses: { 200: json(buyerInquiryDetail, "問い合わせ詳細"), ...scoped },
    }),
    async (c) => {
      const { companyId, contactId } = c.req.valid("param");
      return c.json(await inquiries.getBuyerInquiry(db(), await requireUser(c), companyId, contactId), 200);
    },
  );

  // POST /api/buyer/company/{companyId}/contact/{contactId}/close – close an open inquiry early
  r.openapi(
    createRoute({
      method: "post",
      path: "/buyer/company/{companyId}/contact/{contactId}/close",
      operationId: "closeInquiry",
      tags: ["Buyer"],
      summary: "問い合わせの締め切り",
      security: bearer,
      request: { params: contactParam },
      responses: { 200: json(buyerInquiryDetail, "締め切りました"), ...scoped },
    }),
    async (c) => {
      const { companyId, contactId } = c.req.valid("param");
      return c.json(
        await inquiries.endInquiry(db(), await requireUser(c), companyId, contactId, "CLOSED"),
        200,
      );
    },
  );

  // POST /api/buyer/company/{companyId}/contact/{contactId}/cancel – withdraw an inquiry
  r.openapi(
    createRoute({
      method: "post",
      path: "/buyer/company/{companyId}/contact/{contactId}/cancel",
      operationId: "cancelInquiry",
      tags: ["Buyer"],
      summary: "問い合わせの取り下げ",
      security: bearer,
      request: { params: contactParam },
      responses: { 200: json(buyerInquiryDetail, "取り下げました"), ...scoped },
    }),
    async (c) => {
      const { companyId, contactId } = c.req.valid("param");
      return c.json(
        await inquiries.endInquiry(db(), await requireUser(c), companyId, contactId, "CANCELLED"),
        200,
      );
    },
  );

  // PUT /api/buyer/company/{companyId}/contact/{contactId}/entry/{entryId} – shortlist or decline an entry
  r.openapi(
    createRoute({
      method: "put",
      path: "/buyer/company/{companyId}/contact/{contactId}/entry/{entryId}",
      operationId: "decideEntry",
      tags: ["Buyer"],
      summary: "エントリーの選考（候補・見送り）",
      security: bearer,
      request: { params: entryParam, ...body(buyerEntryDecisionInput) },
      responses: { 200: json(buyerInquiryDetail, "更新しました"), ...scoped },
    }),
    async (c) => {
      const { companyId, contactId, entryId } = c.req.valid("param");
      return c.json(
        await inquiries.decideEntry(
          db(),
          await requireUser(c),
          companyId,
          contactId,
          entryId,
          c.req.valid("json").status,
        ),
        200,
      );
    },
  );

  return r;
}
