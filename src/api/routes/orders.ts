import { z } from "@hono/zod-openapi";
import { uuidParam } from "@/lib/validation";
import { contentDisposition } from "@/modules/files/attachment";
import { acceptancePdfOf, answerOrder } from "@/modules/orders/answer-order.service";
import { answerChange, proposeChange, supplementOrder } from "@/modules/orders/change-order.service";
import { issueOrderOnce } from "@/modules/orders/issue-order.service";
import {
  answerInput,
  changeAnswerInput,
  changeInput,
  consultationAnswerInput,
  consultationInput,
  orderInput,
  ordersQuery,
  supplementInput,
} from "@/modules/orders/order.schema";
import { orderDraft } from "@/modules/orders/order-draft.service";
import { getOrder, listOrders, versionPdfOf } from "@/modules/orders/order-read.service";
import { orderRecordCsv, orderRecordPdf } from "@/modules/orders/order-record.service";
import { orderDetail, orderDraft as orderDraftView, ordersPage } from "@/modules/orders/order-view.schema";
import {
  answerConsultation,
  consultationFile,
  requestConsultation,
} from "@/modules/orders/price-consultation.service";
import { db } from "@/server/db/client";
import { idempotencyKeyOf } from "@/server/http/idempotency";
import { companyRoute, scopeOf, userOf } from "../define-route";
import { fileDownload } from "../file-download";
import { body, errors, idempotencyHeader, json, userErrors } from "../openapi";
import { newRouter } from "../router";

// Orders (docs/orders.md, issue 35): /api/orders/company/{companyId}/… for the buyer and the
// supplier of an order; the company in the path is the caller's, the order must be that company's.
const tags = ["Orders"];
const companyParam = z.object({ companyId: uuidParam });
const threadParam = companyParam.extend({ threadId: z.string().max(100) });
const orderParam = companyParam.extend({ orderId: z.string().max(100) });
const versionParam = orderParam.extend({ version: z.coerce.number().int().min(1).max(10_000) });
const consultationParam = orderParam.extend({ consultationId: z.string().max(100) });
const fileParam = consultationParam.extend({ fileId: z.string().max(100) });
const scoped = { 404: errors[404], ...userErrors };
const changing = { ...scoped, 409: errors[409] };
const BUYER = { type: "BUYER" } as const;
const SUPPLIER = { type: "SUPPLIER" } as const;
const binary = (mime: string, description: string) => ({
  description,
  content: { [mime]: { schema: z.any().openapi({ type: "string", format: "binary" }) } },
});
const pdfResponse = (pdf: Buffer, fileName: string) =>
  new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(fileName),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });

export function orderRoutes() {
  const r = newRouter();

  // GET /api/orders/company/{companyId}/threads/{threadId}/order-draft – the order form's start (buyer ADMIN)
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/orders/company/{companyId}/threads/{threadId}/order-draft",
        operationId: "getOrderDraft",
        tags,
        summary: "発注フォームの初期値（見積・取適法の判定・再発注元）",
        request: { params: threadParam, query: z.object({ from: z.string().max(100).optional() }) },
        responses: { 200: json(orderDraftView, "発注フォームの初期値"), ...changing },
      },
      BUYER,
    ),
    async (c) => {
      const { threadId } = c.req.valid("param");
      return c.json(await orderDraft(await scopeOf(c), db(), threadId, c.req.valid("query").from), 200);
    },
  );

  // POST /api/orders/company/{companyId}/threads/{threadId}/orders – issue an order (awards an undecided thread; buyer ADMIN)
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/orders/company/{companyId}/threads/{threadId}/orders",
        operationId: "issueOrder",
        tags,
        summary: "発注（発注書の発行・取適法の確認つき）",
        request: { params: threadParam, headers: idempotencyHeader, ...body(orderInput) },
        responses: {
          201: json(orderDetail, "発注しました"),
          200: json(orderDetail, "同じキーの送信（再送・新たには発注しません）"),
          ...changing,
        },
      },
      BUYER,
    ),
    async (c) => {
      await userOf(c);
      const key = idempotencyKeyOf(c, true);
      const scope = await scopeOf(c);
      const { threadId } = c.req.valid("param");
      const result = await issueOrderOnce(scope, db(), threadId, c.req.valid("json"), key);
      return c.json(await getOrder(scope, db(), result.body.orderId), result.replayed ? 200 : 201);
    },
  );

  // GET /api/orders/company/{companyId}/orders – the company's orders, newest first (both sides)
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/orders/company/{companyId}/orders",
        operationId: "listOrders",
        tags,
        summary: "発注の一覧（新しい順・キーセットでページ送り）",
        request: { params: companyParam, query: ordersQuery },
        responses: { 200: json(ordersPage, "発注の一覧"), ...scoped },
      },
      {},
    ),
    async (c) => c.json(await listOrders(await scopeOf(c), db(), c.req.valid("query")), 200),
  );

  // GET /api/orders/company/{companyId}/orders/{orderId} – one order with its versions, record and consultations
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/orders/company/{companyId}/orders/{orderId}",
        operationId: "getOrder",
        tags,
        summary: "発注の詳細（受注者が開くと開封日時を記録）",
        request: { params: orderParam },
        responses: { 200: json(orderDetail, "発注の詳細"), ...scoped },
      },
      {},
    ),
    async (c) => c.json(await getOrder(await scopeOf(c), db(), c.req.valid("param").orderId), 200),
  );

  // GET /api/orders/company/{companyId}/orders/{orderId}/versions/{version}/pdf – a version's 発注書 as issued
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/orders/company/{companyId}/orders/{orderId}/versions/{version}/pdf",
        operationId: "downloadOrderPdf",
        tags,
        summary: "発注書・変更発注書・補充書面のPDF（発行したままの版）",
        request: { params: versionParam },
        responses: { 200: binary("application/pdf", "PDF"), ...scoped },
      },
      {},
    ),
    async (c) => {
      const { orderId, version } = c.req.valid("param");
      const { pdf, fileName } = await versionPdfOf(await scopeOf(c), db(), orderId, version);
      return pdfResponse(pdf, fileName);
    },
  );

  // GET /api/orders/company/{companyId}/orders/{orderId}/acceptance/pdf – the 注文請書 once accepted
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/orders/company/{companyId}/orders/{orderId}/acceptance/pdf",
        operationId: "downloadOrderAcceptance",
        tags,
        summary: "注文請書のPDF",
        request: { params: orderParam },
        responses: { 200: binary("application/pdf", "PDF"), ...scoped },
      },
      {},
    ),
    async (c) => {
      const { pdf, fileName } = await acceptancePdfOf(await scopeOf(c), db(), c.req.valid("param").orderId);
      return pdfResponse(pdf, fileName);
    },
  );

  // POST /api/orders/company/{companyId}/orders/{orderId}/answer – 受注 or 差し戻し (supplier)
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/orders/company/{companyId}/orders/{orderId}/answer",
        operationId: "answerOrder",
        tags,
        summary: "受注（注文請書）または差し戻し",
        request: { params: orderParam, ...body(answerInput) },
        responses: { 200: json(orderDetail, "回答しました"), ...changing },
      },
      SUPPLIER,
    ),
    async (c) =>
      c.json(
        await answerOrder(await scopeOf(c), db(), c.req.valid("param").orderId, c.req.valid("json")),
        200,
      ),
  );

  // POST /api/orders/company/{companyId}/orders/{orderId}/changes – propose a change order (buyer ADMIN)
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/orders/company/{companyId}/orders/{orderId}/changes",
        operationId: "proposeOrderChange",
        tags,
        summary: "変更発注の提示（新しい版・受注者の承諾で有効）",
        request: { params: orderParam, ...body(changeInput) },
        responses: { 201: json(orderDetail, "変更発注を提示しました"), ...changing },
      },
      BUYER,
    ),
    async (c) =>
      c.json(
        await proposeChange(await scopeOf(c), db(), c.req.valid("param").orderId, c.req.valid("json")),
        201,
      ),
  );

  // POST /api/orders/company/{companyId}/orders/{orderId}/changes/{version}/answer – accept or reject a change (supplier)
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/orders/company/{companyId}/orders/{orderId}/changes/{version}/answer",
        operationId: "answerOrderChange",
        tags,
        summary: "変更発注の承諾・不承諾",
        request: { params: versionParam, ...body(changeAnswerInput) },
        responses: { 200: json(orderDetail, "回答しました"), ...changing },
      },
      SUPPLIER,
    ),
    async (c) => {
      const { orderId, version } = c.req.valid("param");
      return c.json(await answerChange(await scopeOf(c), db(), orderId, version, c.req.valid("json")), 200);
    },
  );

  // POST /api/orders/company/{companyId}/orders/{orderId}/supplements – fix an open term (補充; buyer ADMIN)
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/orders/company/{companyId}/orders/{orderId}/supplements",
        operationId: "supplementOrder",
        tags,
        summary: "未定事項の補充（補充書面の発行）",
        request: { params: orderParam, ...body(supplementInput) },
        responses: { 201: json(orderDetail, "補充しました"), ...changing },
      },
      BUYER,
    ),
    async (c) =>
      c.json(
        await supplementOrder(await scopeOf(c), db(), c.req.valid("param").orderId, c.req.valid("json")),
        201,
      ),
  );

  // POST /api/orders/company/{companyId}/orders/{orderId}/price-consultations – ask for a price review (supplier)
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/orders/company/{companyId}/orders/{orderId}/price-consultations",
        operationId: "requestPriceConsultation",
        tags,
        summary: "価格協議の申し入れ（コスト要因と根拠資料）",
        request: { params: orderParam, ...body(consultationInput) },
        responses: { 201: json(orderDetail, "申し入れました"), ...changing },
      },
      SUPPLIER,
    ),
    async (c) =>
      c.json(
        await requestConsultation(await scopeOf(c), db(), c.req.valid("param").orderId, c.req.valid("json")),
        201,
      ),
  );

  // POST /api/orders/company/{companyId}/orders/{orderId}/price-consultations/{consultationId}/answer – answer it (buyer)
  r.openapi(
    companyRoute(
      {
        method: "post",
        path: "/orders/company/{companyId}/orders/{orderId}/price-consultations/{consultationId}/answer",
        operationId: "answerPriceConsultation",
        tags,
        summary: "価格協議への回答（受け入れ・別単価の提示・説明）",
        request: { params: consultationParam, ...body(consultationAnswerInput) },
        responses: { 200: json(orderDetail, "回答しました"), ...changing },
      },
      BUYER,
    ),
    async (c) => {
      const { orderId, consultationId } = c.req.valid("param");
      return c.json(
        await answerConsultation(await scopeOf(c), db(), orderId, consultationId, c.req.valid("json")),
        200,
      );
    },
  );

  // GET /api/orders/company/{companyId}/orders/{orderId}/price-consultations/{consultationId}/files/{fileId} – evidence
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/orders/company/{companyId}/orders/{orderId}/price-consultations/{consultationId}/files/{fileId}",
        operationId: "downloadPriceConsultationFile",
        tags,
        summary: "価格協議の根拠資料のダウンロード",
        request: { params: fileParam },
        responses: {
          200: binary("application/octet-stream", "ファイル（Content-Disposition: attachment）"),
          ...scoped,
        },
      },
      {},
    ),
    async (c) => {
      const { orderId, consultationId, fileId } = c.req.valid("param");
      const file = await consultationFile(await scopeOf(c), db(), orderId, consultationId, fileId);
      return fileDownload(file, c.req, { orderId, fileId });
    },
  );

  // GET /api/orders/company/{companyId}/orders/{orderId}/record/csv – the 7条 record as CSV (buyer)
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/orders/company/{companyId}/orders/{orderId}/record/csv",
        operationId: "exportOrderRecordCsv",
        tags,
        summary: "取引記録（取適法7条）のCSV",
        request: { params: orderParam },
        responses: { 200: binary("text/csv", "CSV（UTF-8・BOMつき）"), ...scoped },
      },
      BUYER,
    ),
    async (c) => {
      const { body: csv, fileName } = await orderRecordCsv(
        await scopeOf(c),
        db(),
        c.req.valid("param").orderId,
      );
      return c.body(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": contentDisposition(fileName),
        "Cache-Control": "private, no-store",
      });
    },
  );

  // GET /api/orders/company/{companyId}/orders/{orderId}/record/pdf – the 7条 record as PDF (buyer)
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/orders/company/{companyId}/orders/{orderId}/record/pdf",
        operationId: "exportOrderRecordPdf",
        tags,
        summary: "取引記録（取適法7条）のPDF",
        request: { params: orderParam },
        responses: { 200: binary("application/pdf", "PDF"), ...scoped },
      },
      BUYER,
    ),
    async (c) => {
      const { pdf, fileName } = await orderRecordPdf(await scopeOf(c), db(), c.req.valid("param").orderId);
      return pdfResponse(pdf, fileName);
    },
  );

  return r;
}
