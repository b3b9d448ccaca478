import { createRoute } from "@hono/zod-openapi";
import {
  grantInput,
  ids,
  ownerPurchaseItem,
  ownerUsageItem,
  purchaseActionInput,
  purchasesQuery,
  usagesQuery,
} from "@/modules/owner/owner.schema";
import * as ownerBilling from "@/modules/owner/owner-billing.service";
import { db } from "@/server/db/client";
import { requireOwner } from "../../context";
import { body, json, ownerBearer } from "../../openapi";
import { answer, base, change, list, type OwnerRouter, one, operator, tags } from "./console";

export function ownerTicketsRoutes(r: OwnerRouter) {
  // GET /api/owner/ticket-purchase – ticket purchases (status, company, grant, keyword; format=csv)
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/ticket-purchase",
      operationId: "listTicketPurchases",
      tags,
      summary: "チケット購入の一覧",
      security: ownerBearer,
      request: { query: purchasesQuery },
      responses: { 200: list(ownerPurchaseItem, "チケット購入"), ...base },
    }),
    async (c) => {
      await requireOwner(c);
      return answer(c, await ownerBilling.listPurchases(db(), c.req.valid("query")));
    },
  );

  // POST /api/owner/ticket-purchase – grant tickets to a supplier free of charge (paid at once)
  r.openapi(
    createRoute({
      method: "post",
      path: "/owner/ticket-purchase",
      operationId: "grantTickets",
      tags,
      summary: "チケットの付与（運営から無償で付与、即時に残数へ反映）",
      security: ownerBearer,
      request: body(grantInput),
      responses: { 201: json(ownerPurchaseItem, "付与しました"), ...change },
    }),
    async (c) => c.json(await ownerBilling.grantTickets(db(), await operator(c), c.req.valid("json")), 201),
  );

  // GET /api/owner/ticket-purchase/{ticketPurchaseId} – one purchase
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/ticket-purchase/{ticketPurchaseId}",
      operationId: "getTicketPurchase",
      tags,
      summary: "チケット購入の詳細",
      security: ownerBearer,
      request: { params: ids.ticketPurchaseId },
      responses: { 200: json(ownerPurchaseItem, "チケット購入"), ...one },
    }),
    async (c) => {
      await requireOwner(c);
      return c.json(await ownerBilling.getPurchase(db(), c.req.valid("param").ticketPurchaseId), 200);
    },
  );

  // PUT /api/owner/ticket-purchase/{ticketPurchaseId} – confirm payment: the supplier's balance rises
  r.openapi(
    createRoute({
      method: "put",
      path: "/owner/ticket-purchase/{ticketPurchaseId}",
      operationId: "confirmTicketPayment",
      tags,
      summary: "チケット購入の入金確認（残数に反映）",
      security: ownerBearer,
      request: { params: ids.ticketPurchaseId, ...body(purchaseActionInput) },
      responses: { 200: json(ownerPurchaseItem, "入金確認済みの購入"), ...change },
    }),
    async (c) =>
      c.json(
        await ownerBilling.confirmPurchase(db(), await operator(c), c.req.valid("param").ticketPurchaseId),
        200,
      ),
  );

  // DELETE /api/owner/ticket-purchase/{ticketPurchaseId} – cancel a purchase still waiting for payment
  r.openapi(
    createRoute({
      method: "delete",
      path: "/owner/ticket-purchase/{ticketPurchaseId}",
      operationId: "cancelTicketPurchase",
      tags,
      summary: "入金待ちのチケット購入の取り消し",
      security: ownerBearer,
      request: { params: ids.ticketPurchaseId },
      responses: { 200: json(ownerPurchaseItem, "取り消した購入"), ...change },
    }),
    async (c) =>
      c.json(
        await ownerBilling.cancelPurchase(db(), await operator(c), c.req.valid("param").ticketPurchaseId),
        200,
      ),
  );

  // GET /api/owner/ticket-usage – ticket usages (company, inquiry, refunded, keyword; format=csv)
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/ticket-usage",
      operationId: "listTicketUsages",
      tags,
      summary: "チケット使用履歴の一覧",
      security: ownerBearer,
      request: { query: usagesQuery },
      responses: { 200: list(ownerUsageItem, "チケット使用履歴"), ...base },
    }),
    async (c) => {
      await requireOwner(c);
      return answer(c, await ownerBilling.listUsages(db(), c.req.valid("query")));
    },
  );

  // DELETE /api/owner/ticket-usage/{ticketUsageId} – refund a usage: marked refunded, the ticket comes back
  r.openapi(
    createRoute({
      method: "delete",
      path: "/owner/ticket-usage/{ticketUsageId}",
      operationId: "revokeTicketUsage",
      tags,
      summary: "チケット使用の取り消し（チケットを返却）",
      security: ownerBearer,
      request: { params: ids.ticketUsageId },
      responses: { 200: json(ownerUsageItem, "返却した使用履歴"), ...change },
    }),
    async (c) =>
      c.json(
        await ownerBilling.refundUsage(db(), await operator(c), c.req.valid("param").ticketUsageId),
        200,
      ),
  );
}
