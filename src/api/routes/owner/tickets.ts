import {
  grantInput,
  operatorIds as ids,
  ownerPurchaseItem,
  ownerSupplierBilling,
  ownerUsageItem,
  purchaseActionInput,
  purchasesQuery,
  usagesQuery,
} from "@/modules/billing/billing-operator.schema";
import * as billing from "@/modules/billing/billing-operator.service";
import { db } from "@/server/db/client";
import { operatorOf, ownerRoute } from "../../define-route";
import { body, json } from "../../openapi";
import { answer, base, change, list, type OwnerRouter, one, tags } from "./console";

export function ownerTicketsRoutes(r: OwnerRouter) {
  // GET /api/owner/ticket-purchase – ticket purchases (status, company, grant, keyword; format=csv)
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/ticket-purchase",
      operationId: "listTicketPurchases",
      tags,
      summary: "チケット購入の一覧",
      request: { query: purchasesQuery },
      responses: { 200: list(ownerPurchaseItem, "チケット購入"), ...base },
    }),
    async (c) => answer(c, await billing.listPurchases(db(), c.req.valid("query"))),
  );

  // POST /api/owner/ticket-purchase – grant tickets to a supplier free of charge (paid at once)
  r.openapi(
    ownerRoute({
      method: "post",
      path: "/owner/ticket-purchase",
      operationId: "grantTickets",
      tags,
      summary: "チケットの付与（運営から無償で付与、即時に残数へ反映）",
      request: body(grantInput),
      responses: { 201: json(ownerPurchaseItem, "付与しました"), ...change },
    }),
    async (c) => c.json(await billing.grantTickets(db(), await operatorOf(c), c.req.valid("json")), 201),
  );

  // GET /api/owner/ticket-purchase/{ticketPurchaseId} – one purchase
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/ticket-purchase/{ticketPurchaseId}",
      operationId: "getTicketPurchase",
      tags,
      summary: "チケット購入の詳細",
      request: { params: ids.ticketPurchaseId },
      responses: { 200: json(ownerPurchaseItem, "チケット購入"), ...one },
    }),
    async (c) => c.json(await billing.getPurchase(db(), c.req.valid("param").ticketPurchaseId), 200),
  );

  // PUT /api/owner/ticket-purchase/{ticketPurchaseId} – confirm payment: the supplier's balance rises
  r.openapi(
    ownerRoute({
      method: "put",
      path: "/owner/ticket-purchase/{ticketPurchaseId}",
      operationId: "confirmTicketPayment",
      tags,
      summary: "チケット購入の入金確認（残数に反映）",
      request: { params: ids.ticketPurchaseId, ...body(purchaseActionInput) },
      responses: { 200: json(ownerPurchaseItem, "入金確認済みの購入"), ...change },
    }),
    async (c) =>
      c.json(
        await billing.confirmPurchase(db(), await operatorOf(c), c.req.valid("param").ticketPurchaseId),
        200,
      ),
  );

  // DELETE /api/owner/ticket-purchase/{ticketPurchaseId} – cancel a purchase still waiting for payment
  r.openapi(
    ownerRoute({
      method: "delete",
      path: "/owner/ticket-purchase/{ticketPurchaseId}",
      operationId: "cancelTicketPurchase",
      tags,
      summary: "入金待ちのチケット購入の取り消し",
      request: { params: ids.ticketPurchaseId },
      responses: { 200: json(ownerPurchaseItem, "取り消した購入"), ...change },
    }),
    async (c) =>
      c.json(
        await billing.cancelPurchase(db(), await operatorOf(c), c.req.valid("param").ticketPurchaseId),
        200,
      ),
  );

  // GET /api/owner/ticket-usage – ticket usages (company, inquiry, refunded, keyword; format=csv)
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/ticket-usage",
      operationId: "listTicketUsages",
      tags,
      summary: "チケット使用履歴の一覧",
      request: { query: usagesQuery },
      responses: { 200: list(ownerUsageItem, "チケット使用履歴"), ...base },
    }),
    async (c) => answer(c, await billing.listUsages(db(), c.req.valid("query"))),
  );

  // DELETE /api/owner/ticket-usage/{ticketUsageId} – refund a usage: marked refunded, the ticket comes back
  r.openapi(
    ownerRoute({
      method: "delete",
      path: "/owner/ticket-usage/{ticketUsageId}",
      operationId: "revokeTicketUsage",
      tags,
      summary: "チケット使用の取り消し（チケットを返却）",
      request: { params: ids.ticketUsageId },
      responses: { 200: json(ownerUsageItem, "返却した使用履歴"), ...change },
    }),
    async (c) =>
      c.json(await billing.refundUsage(db(), await operatorOf(c), c.req.valid("param").ticketUsageId), 200),
  );
}

/** GET /api/owner/oem-detail/{companyId} – a supplier's billing (registered among the company routes, where the document has it). */
export function ownerSupplierBillingRoute(r: OwnerRouter) {
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/oem-detail/{companyId}",
      operationId: "getOwnerSupplierBilling",
      tags,
      summary: "OEMメーカーの課金情報（チケット残数・購入・使用・プラン契約・請求書）",
      request: { params: ids.companyId },
      responses: { 200: json(ownerSupplierBilling, "課金情報（各履歴は新しい順に最大100件）"), ...one },
    }),
    async (c) => c.json(await billing.getSupplierBilling(db(), c.req.valid("param").companyId), 200),
  );
}
