import { z } from "@hono/zod-openapi";
import { paginated } from "@/lib/pagination";
import { uuidParam } from "@/lib/validation";
import { ensureMayNominate } from "@/modules/companies/nomination-suspension.service";
import * as entries from "@/modules/inquiries/entry.service";
import {
  buyerEntryDecisionInput,
  buyerInquiriesQuery,
  buyerInquiryDetail,
  createdInquiry,
  inquiryInput,
  inquirySummary,
} from "@/modules/inquiries/inquiry.schema";
import * as inquiries from "@/modules/inquiries/inquiry.service";
import { db } from "@/server/db/client";
import { idempotencyKeyOf } from "@/server/http/idempotency";
import { companyRoute, scopeOf, userOf } from "../define-route";
import { body, errors, idempotencyHeader, json, userErrors } from "../openapi";
import type { newRouter } from "../router";

const companyParam = z.object({ companyId: uuidParam });
const contactParam = companyParam.extend({ contactId: z.string().max(100) });
const entryParam = contactParam.extend({ entryId: z.string().max(100) });
const scoped = { 404: errors[404], 409: errors[409], ...userErrors };

// A buyer company's inquiries: history, sending, closing, cancelling, and its verdict on each entry.
export function buyerInquiryRoutes(r: ReturnType<typeof newRouter>) {
  // GET /api/buyer/company/{companyId}/contacts – inquiry history (filter contactType, status)
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/buyer/company/{companyId}/contacts",
        operationId: "listBuyerInquiries",
        tags: ["Buyer"],
        summary: "問い合わせ履歴",
        request: { params: companyParam, query: buyerInquiriesQuery },
        responses: { 200: json(paginated(inquirySummary), "問い合わせ履歴"), ...scoped },
      },
      { type: "BUYER" },
    ),
    async (c) =>
      c.json(await inquiries.listBuyerInquiries(await scopeOf(c), db(), c.req.valid("query")), 200),
  );

  // POST /api/buyer/company/{companyId}/contacts – send an inquiry from this buyer company
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/buyer/company/{companyId}/contacts",
        operationId: "createBuyerInquiry",
        tags: ["Buyer"],
        summary: "問い合わせの送信（会社を指定）",
        request: { params: companyParam, headers: idempotencyHeader, ...body(inquiryInput) },
        responses: {
          201: json(createdInquiry, "送信しました"),
          200: json(createdInquiry, "同じキーの送信（再送・新たには作成しません）"),
          429: errors[429],
          ...scoped,
        },
      },
      { type: "BUYER" },
    ),
    async (c) => {
      await userOf(c);
      const key = idempotencyKeyOf(c, true);
      const scope = await scopeOf(c);
      const result = await inquiries.createInquiryOnce(
        scope,
        db(),
        c.req.valid("json"),
        key,
        ensureMayNominate,
        c.req.valid("param").companyId,
      );
      return c.json(result.body, result.replayed ? 200 : 201);
    },
  );

  // GET /api/buyer/company/{companyId}/contact/{contactId} – an inquiry with every entry and supplier contact
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/buyer/company/{companyId}/contact/{contactId}",
        operationId: "getBuyerInquiry",
        tags: ["Buyer"],
        summary: "問い合わせの詳細（エントリー一覧を含む）",
        request: { params: contactParam },
        responses: { 200: json(buyerInquiryDetail, "問い合わせ詳細"), ...scoped },
      },
      { type: "BUYER" },
    ),
    async (c) => {
      const { contactId } = c.req.valid("param");
      return c.json(await inquiries.getBuyerInquiry(await scopeOf(c), db(), contactId), 200);
    },
  );

  // POST /api/buyer/company/{companyId}/contact/{contactId}/close – close an open inquiry early
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/buyer/company/{companyId}/contact/{contactId}/close",
        operationId: "closeInquiry",
        tags: ["Buyer"],
        summary: "問い合わせの締め切り",
        request: { params: contactParam },
        responses: { 200: json(buyerInquiryDetail, "締め切りました"), ...scoped },
      },
      { type: "BUYER" },
    ),
    async (c) => {
      const { contactId } = c.req.valid("param");
      return c.json(await inquiries.endInquiry(await scopeOf(c), db(), contactId, "CLOSED"), 200);
    },
  );

  // POST /api/buyer/company/{companyId}/contact/{contactId}/cancel – withdraw an inquiry
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/buyer/company/{companyId}/contact/{contactId}/cancel",
        operationId: "cancelInquiry",
        tags: ["Buyer"],
        summary: "問い合わせの取り下げ",
        request: { params: contactParam },
        responses: { 200: json(buyerInquiryDetail, "取り下げました"), ...scoped },
      },
      { type: "BUYER" },
    ),
    async (c) => {
      const { contactId } = c.req.valid("param");
      return c.json(await inquiries.endInquiry(await scopeOf(c), db(), contactId, "CANCELLED"), 200);
    },
  );

  // PUT /api/buyer/company/{companyId}/contact/{contactId}/entry/{entryId} – shortlist or decline an entry
  r.openapi(
    companyRoute(
      {
        method: "put",
        path: "/buyer/company/{companyId}/contact/{contactId}/entry/{entryId}",
        operationId: "decideEntry",
        tags: ["Buyer"],
        summary: "エントリーの選考（候補・見送り）",
        request: { params: entryParam, ...body(buyerEntryDecisionInput) },
        responses: { 200: json(buyerInquiryDetail, "更新しました"), ...scoped },
      },
      { type: "BUYER" },
    ),
    async (c) => {
      const { contactId, entryId } = c.req.valid("param");
      return c.json(
        await entries.decideEntry(await scopeOf(c), db(), contactId, entryId, c.req.valid("json").status),
        200,
      );
    },
  );
}
