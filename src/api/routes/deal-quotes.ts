import { z } from "@hono/zod-openapi";
import { uuidParam } from "@/lib/validation";
import { requestAward } from "@/modules/deals/award-request.service";
import { compareQuotes } from "@/modules/deals/comparison.service";
import { comparisonCsv } from "@/modules/deals/comparison-csv.service";
import {
  awardInput,
  awardRequestInput,
  comparison,
  comparisonQuery,
  decisionResult,
  declineInput,
  declineOthersInput,
  declineOthersResult,
  noQuoteInput,
  quoteHistory,
  quoteInput,
  quoteVersion,
  threadDetail,
} from "@/modules/deals/deals.schema";
import { award, decline, declineOthers } from "@/modules/deals/decision.service";
import { declineToQuote, listVersions, submitQuote } from "@/modules/deals/quote.service";
import { contentDisposition } from "@/modules/files/attachment";
import { db } from "@/server/db/client";
import { companyRoute, scopeOf } from "../define-route";
import { body, errors, json, userErrors } from "../openapi";
import type { newRouter } from "../router";

// Quotes, versions, no-quote, comparison, decisions, purchase orders (docs/deal-room.md).
const tags = ["Deals"];
const companyParam = z.object({ companyId: uuidParam });
const threadParam = companyParam.extend({ threadId: z.string().max(100) });
const inquiryParam = companyParam.extend({ inquiryId: z.string().max(100) });
const scoped = { 404: errors[404], ...userErrors };
const changing = { ...scoped, 409: errors[409] };
const SUPPLIER = { type: "SUPPLIER" } as const;
const BUYER = { type: "BUYER" } as const;

export function dealQuoteRoutes(r: ReturnType<typeof newRouter>) {
  // PUT /api/deals/company/{companyId}/threads/{threadId}/quote – a new immutable quote version (supplier)
  r.openapi(
    companyRoute(
      {
        method: "put",
        path: "/deals/company/{companyId}/threads/{threadId}/quote",
        operationId: "submitDealQuote",
        tags,
        summary: "見積の提出・改訂（新しい版として保存）",
        request: { params: threadParam, ...body(quoteInput) },
        responses: { 201: json(quoteVersion, "提出しました"), ...changing },
      },
      SUPPLIER,
    ),
    async (c) => {
      const { threadId } = c.req.valid("param");
      return c.json(await submitQuote(await scopeOf(c), db(), threadId, c.req.valid("json")), 201);
    },
  );

  // GET /api/deals/company/{companyId}/threads/{threadId}/quote/versions – every version, oldest first
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/deals/company/{companyId}/threads/{threadId}/quote/versions",
        operationId: "listDealQuoteVersions",
        tags,
        summary: "見積の版の一覧（変更された項目つき）",
        request: { params: threadParam },
        responses: { 200: json(quoteHistory, "見積の版"), ...scoped },
      },
      {},
    ),
    async (c) => c.json(await listVersions(await scopeOf(c), db(), c.req.valid("param").threadId), 200),
  );

  // POST /api/deals/company/{companyId}/threads/{threadId}/no-quote – 辞退 with a reason (supplier)
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/deals/company/{companyId}/threads/{threadId}/no-quote",
        operationId: "declineToQuote",
        tags,
        summary: "見積の辞退",
        request: { params: threadParam, ...body(noQuoteInput) },
        responses: { 200: json(decisionResult, "辞退しました"), ...changing },
      },
      SUPPLIER,
    ),
    async (c) => {
      const { threadId } = c.req.valid("param");
      return c.json(await declineToQuote(await scopeOf(c), db(), threadId, c.req.valid("json")), 200);
    },
  );

  // POST /api/deals/company/{companyId}/threads/{threadId}/award – award the current version (buyer)
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/deals/company/{companyId}/threads/{threadId}/award",
        operationId: "awardDeal",
        tags,
        summary: "発注先に決定（最新で有効期限内の見積）",
        request: { params: threadParam, ...body(awardInput) },
        responses: { 200: json(decisionResult, "発注先に決定しました"), ...changing },
      },
      BUYER,
    ),
    async (c) => {
      const { threadId } = c.req.valid("param");
      return c.json(await award(await scopeOf(c), db(), threadId, c.req.valid("json")), 200);
    },
  );

  // POST /api/deals/company/{companyId}/threads/{threadId}/award-request – 「決定を依頼」 to the buyer's ADMINs
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/deals/company/{companyId}/threads/{threadId}/award-request",
        operationId: "requestDealAward",
        tags,
        summary: "発注先の決定を管理者に依頼（一般メンバー）",
        request: { params: threadParam, ...body(awardRequestInput) },
        responses: { 200: json(threadDetail, "管理者に依頼しました"), ...changing },
      },
      BUYER,
    ),
    async (c) => {
      const { threadId } = c.req.valid("param");
      return c.json(await requestAward(await scopeOf(c), db(), threadId, c.req.valid("json")), 200);
    },
  );

  // POST /api/deals/company/{companyId}/threads/{threadId}/decline – お見送り with a reason (buyer)
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/deals/company/{companyId}/threads/{threadId}/decline",
        operationId: "declineDeal",
        tags,
        summary: "お見送り（理由を選択）",
        request: { params: threadParam, ...body(declineInput) },
        responses: { 200: json(decisionResult, "お見送りにしました"), ...changing },
      },
      BUYER,
    ),
    async (c) => {
      const { threadId } = c.req.valid("param");
      return c.json(await decline(await scopeOf(c), db(), threadId, c.req.valid("json")), 200);
    },
  );

  // POST /api/deals/company/{companyId}/inquiries/{inquiryId}/decline-others – every waiting supplier at once
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/deals/company/{companyId}/inquiries/{inquiryId}/decline-others",
        operationId: "declineOtherDeals",
        tags,
        summary: "結果待ちのメーカーをまとめてお見送り",
        request: { params: inquiryParam, ...body(declineOthersInput) },
        responses: { 200: json(declineOthersResult, "お見送りにしました"), ...changing },
      },
      BUYER,
    ),
    async (c) => {
      const { inquiryId } = c.req.valid("param");
      return c.json(await declineOthers(await scopeOf(c), db(), inquiryId, c.req.valid("json")), 200);
    },
  );

  // GET /api/deals/company/{companyId}/inquiries/{inquiryId}/comparison – the buyer's comparison table
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/deals/company/{companyId}/inquiries/{inquiryId}/comparison",
        operationId: "compareDealQuotes",
        tags,
        summary: "見積の比較表",
        request: { params: inquiryParam, query: comparisonQuery },
        responses: { 200: json(comparison, "比較表"), ...scoped },
      },
      BUYER,
    ),
    async (c) => {
      const { inquiryId } = c.req.valid("param");
      const { quantity } = c.req.valid("query");
      return c.json(await compareQuotes(await scopeOf(c), db(), inquiryId, quantity), 200);
    },
  );

  // GET /api/deals/company/{companyId}/inquiries/{inquiryId}/comparison.csv – the same table as CSV
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/deals/company/{companyId}/inquiries/{inquiryId}/comparison.csv",
        operationId: "exportDealComparison",
        tags,
        summary: "見積の比較表（CSV）",
        request: { params: inquiryParam, query: comparisonQuery },
        responses: {
          200: {
            description: "UTF-8・BOM付きのCSV（ヘッダーは日本語、1行に1社）",
            content: { "text/csv": { schema: z.string().openapi({ type: "string" }) } },
          },
          ...scoped,
        },
      },
      BUYER,
    ),
    async (c) => {
      const { inquiryId } = c.req.valid("param");
      const { quantity } = c.req.valid("query");
      const csv = await comparisonCsv(await scopeOf(c), db(), inquiryId, quantity);
      return c.body(csv.body, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": contentDisposition(csv.filename),
      });
    },
  );
}
