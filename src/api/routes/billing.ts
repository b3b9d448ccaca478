import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { paginated, paginationQuery } from "@/lib/pagination";
import {
  invoice,
  monthlyRecord,
  planContract,
  planInput,
  planState,
  purchase,
  recordParams,
  ticketPurchaseInput,
  ticketsOverview,
  ticketUsage,
  ticketUsageHistoryItem,
  ticketUsageInput,
  ticketUsageState,
} from "@/modules/billing/billing.schema";
import * as billing from "@/modules/billing/billing.service";
import { invoicePdf } from "@/modules/billing/invoice-download.service";
import { openThreadAfterEvent } from "@/modules/deals/thread.service";
import { requireVerifiedEmail } from "@/modules/identity/verified-email";
import { nominationForTicket } from "@/modules/inquiries/nomination-ticket.service";
import { type CompanyScope, resolveCompanyScope, type ScopeNeed } from "@/server/auth/company-scope";
import { db } from "@/server/db/client";
import { forbidden } from "@/server/http/errors";
import { idempotencyKeyOf, runIdempotent } from "@/server/http/idempotency";
import { activeCompanyScopeOf } from "../active-scope";
import type { AppEnv } from "../context";
import { companyRoute, operatorOf, ownerRoute, scopeOf, userOf, userRoute } from "../define-route";
import { body, errors, idempotencyHeader, json, userErrors } from "../openapi";
import { newRouter } from "../router";

// Tickets, the unlimited plan and the monthly record. Payment is by invoice (請求書払い).
const scoped = { 402: errors[402], 404: errors[404], 409: errors[409], ...userErrors };
/** Ticket usage keeps its key optional (a spent ticket is found by inquiry anyway). */
const optionalIdempotencyHeader = z.object({
  "idempotency-key": z
    .string()
    .max(100)
    .optional()
    .openapi({ description: "再送しても二重に処理されないためのキー" }),
});

const invoicePdfResponse = {
  description: "請求書PDF",
  content: { "application/pdf": { schema: z.any().openapi({ type: "string", format: "binary" }) } },
};

function pdfAnswer(c: Context, { pdf, fileName }: { pdf: Uint8Array | Buffer; fileName: string }) {
  return c.body(new Uint8Array(pdf), 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="${fileName}"`,
  });
}

/** Billing acts for a supplier: the company in the input, or else the session's active company. */
const SUPPLIER: ScopeNeed = { type: "SUPPLIER" };
async function supplierScopeOf(c: Context<AppEnv>, companyId: string | undefined): Promise<CompanyScope> {
  if (companyId) return resolveCompanyScope(await userOf(c), companyId, SUPPLIER);
  const scope = await activeCompanyScopeOf(c, SUPPLIER);
  if (!scope) throw forbidden("OEMメーカーとして登録した企業でログインしてください。");
  return scope;
}

/** Plan applications (both paths of the spec) carry an Idempotency-Key: a double click applies once. */
async function applyForPlan(c: Context<AppEnv>, input: { companyId?: string }) {
  const actor = await userOf(c);
  const key = idempotencyKeyOf(c, true);
  const request = { companyId: input.companyId };
  const result = await runIdempotent(
    db(),
    { scope: `plan_application:${actor.userId}`, key, request },
    async (tx) => billing.applyForPlan(await supplierScopeOf(c, input.companyId), tx),
  );
  return c.json(result.body, result.replayed ? 200 : 201);
}

export function billingRoutes() {
  const r = newRouter();
  // The spec names two paths for the supplier's plan application (decision 0007): one declaration.
  const planApplication = (path: string, operationId: string, summary: string) =>
    r.openapi(
      userRoute({
        method: "post",
        path,
        operationId,
        tags: ["Billing"],
        summary,
        request: { headers: idempotencyHeader, ...body(planInput) },
        responses: {
          201: json(planContract, "申し込みました"),
          200: json(planContract, "同じキーの申し込み（再送）"),
          ...scoped,
        },
      }),
      async (c) => applyForPlan(c, c.req.valid("json")),
    );

  // GET /api/billing/tickets – ticket products with tax, the balance, pending purchases and the plan
  r.openapi(
    userRoute({
      method: "get",
      path: "/billing/tickets",
      operationId: "getTicketBalance",
      tags: ["Billing"],
      summary: "チケット商品・残り枚数・入金待ちの購入",
      request: { query: z.object({ companyId: z.uuid().optional() }) },
      responses: { 200: json(ticketsOverview, "チケットの状況"), ...scoped },
    }),
    async (c) =>
      c.json(
        await billing.ticketsOverview(await supplierScopeOf(c, c.req.valid("query").companyId), db()),
        200,
      ),
  );

  // POST /api/billing/ticket_purchase – buy tickets (pending until the invoice is paid)
  r.openapi(
    userRoute({
      method: "post",
      path: "/billing/ticket_purchase",
      operationId: "purchaseTickets",
      tags: ["Billing"],
      summary: "チケットの購入（請求書払い・入金確認後に付与）",
      request: { headers: idempotencyHeader, ...body(ticketPurchaseInput) },
      responses: {
        201: json(purchase, "購入を受け付けました"),
        200: json(purchase, "同じキーの購入（再送）"),
        ...scoped,
      },
    }),
    async (c) => {
      const actor = await userOf(c);
      const input = c.req.valid("json");
      const key = idempotencyKeyOf(c, true);
      const result = await runIdempotent(
        db(),
        { scope: `ticket_purchase:${actor.userId}`, key, request: input },
        async (tx) =>
          (await billing.purchaseTickets(await supplierScopeOf(c, input.companyId), tx, input, key)).purchase,
      );
      return c.json(result.body, result.replayed ? 200 : 201);
    },
  );

  // POST /api/billing/ticket_usage – spend a ticket on a nomination (once per inquiry)
  r.openapi(
    userRoute({
      method: "post",
      path: "/billing/ticket_usage",
      operationId: "useTicket",
      tags: ["Billing"],
      summary: "チケットの使用（指名案件の発注者情報を開示）",
      request: { headers: optionalIdempotencyHeader, ...body(ticketUsageInput) },
      responses: {
        201: json(ticketUsage, "使用しました"),
        200: json(ticketUsage, "使用済み（追加の消費なし）"),
        ...scoped,
      },
    }),
    async (c) => {
      const input = c.req.valid("json");
      const scope = await supplierScopeOf(c, input.companyId);
      await requireVerifiedEmail(
        db(),
        scope.userId,
        "メールアドレスの確認が完了していないためチケットを使用できません。確認メールのリンクを開いてから、もう一度お試しください。",
      );
      const nomination = await nominationForTicket(scope, db(), input.contactId);
      const result = await billing.useTicket(scope, db(), nomination, idempotencyKeyOf(c));
      // The ticket opens the deal room with the buyer (idempotent; the answer stays the usage's).
      await openThreadAfterEvent(db(), { inquiryId: nomination.id, supplierCompanyId: scope.companyId });
      return c.json(result.usage, result.charged ? 201 : 200);
    },
  );

  // GET /api/billing/ticket_usage/company/{companyId}/contact/{contactId} – whether a ticket was spent there
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/billing/ticket_usage/company/{companyId}/contact/{contactId}",
        operationId: "getTicketUsage",
        tags: ["Billing"],
        summary: "案件へのチケット使用状況",
        request: { params: z.object({ companyId: z.uuid(), contactId: z.string().max(100) }) },
        responses: { 200: json(ticketUsageState, "使用状況"), ...scoped },
      },
      SUPPLIER,
    ),
    async (c) =>
      c.json(await billing.ticketUsageState(await scopeOf(c), db(), c.req.valid("param").contactId), 200),
  );

  // GET /api/billing/ticket_usage/company/{companyId} – the supplier's ticket usages and their refunds
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/billing/ticket_usage/company/{companyId}",
        operationId: "getTicketUsageHistory",
        tags: ["Billing"],
        summary: "チケットの使用履歴（返却の有無と理由つき・新しい順）",
        request: { params: z.object({ companyId: z.uuid() }), query: paginationQuery },
        responses: { 200: json(paginated(ticketUsageHistoryItem), "チケットの使用履歴"), ...scoped },
      },
      SUPPLIER,
    ),
    async (c) => c.json(await billing.listTicketUsages(await scopeOf(c), db(), c.req.valid("query")), 200),
  );

  // POST /api/billing/plan_contract/waiting – apply for the unlimited plan (ADMIN)
  planApplication("/billing/plan_contract/waiting", "applyForPlan", "無制限プランの申し込み（管理者）");

  // GET /api/billing/plan_contract/waiting/company/{companyId} – the company's plan state
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/billing/plan_contract/waiting/company/{companyId}",
        operationId: "getPlanStatus",
        tags: ["Billing"],
        summary: "無制限プランの契約状況",
        request: { params: z.object({ companyId: z.uuid() }) },
        responses: { 200: json(planState, "契約状況"), ...scoped },
      },
      SUPPLIER,
    ),
    async (c) => c.json(await billing.planStateOf(await scopeOf(c), db()), 200),
  );

  // POST /api/billing/plan_contract – apply for the unlimited plan (ADMIN); the operator activates it in the console
  planApplication(
    "/billing/plan_contract",
    "createPlanContract",
    "無制限プランの申し込み（管理者・運営が確認して開始し、開始月から毎月請求）",
  );

  // POST /api/billing/plan_contract/cancel – cancel the plan; it ends with the current month (ADMIN)
  r.openapi(
    userRoute({
      method: "post",
      path: "/billing/plan_contract/cancel",
      operationId: "cancelPlan",
      tags: ["Billing"],
      summary: "無制限プランの解約（当月末まで利用可・管理者）",
      request: body(planInput),
      responses: { 200: json(planContract, "解約を受け付けました"), ...scoped },
    }),
    async (c) =>
      c.json(await billing.cancelPlan(await supplierScopeOf(c, c.req.valid("json").companyId), db()), 200),
  );

  // GET /api/oem/company/{companyId}/record/{year}/{month} – the supplier's monthly figures
  r.openapi(
    companyRoute(
      {
        method: "get",
        path: "/oem/company/{companyId}/record/{year}/{month}",
        operationId: "getMonthlyRecord",
        tags: ["Billing"],
        summary: "月次実績（指名件数・エントリー・チケット使用・公開ページ閲覧数）",
        request: { params: recordParams },
        responses: { 200: json(monthlyRecord, "月次実績"), ...scoped },
      },
      SUPPLIER,
    ),
    async (c) => {
      const { year, month } = c.req.valid("param");
      return c.json(await billing.monthlyRecord(await scopeOf(c), db(), year, month), 200);
    },
  );

  // GET /api/billing/invoices – the company's invoices (tickets and plan months)
  r.openapi(
    userRoute({
      method: "get",
      path: "/billing/invoices",
      operationId: "listInvoices",
      tags: ["Billing"],
      summary: "請求書一覧",
      request: { query: paginationQuery.extend({ companyId: z.uuid() }) },
      responses: { 200: json(paginated(invoice), "請求書一覧"), ...scoped },
    }),
    async (c) => {
      const { companyId, ...page } = c.req.valid("query");
      return c.json(await billing.listInvoices(await supplierScopeOf(c, companyId), db(), page), 200);
    },
  );

  // GET /api/billing/invoice/{invoiceId}/pdf – one invoice as a PDF (members of its company)
  r.openapi(
    userRoute({
      method: "get",
      path: "/billing/invoice/{invoiceId}/pdf",
      operationId: "downloadInvoicePdf",
      tags: ["Billing"],
      summary: "請求書PDFのダウンロード",
      request: { params: z.object({ invoiceId: z.string().max(100) }) },
      responses: { 200: invoicePdfResponse, 401: errors[401], 403: errors[403], 404: errors[404] },
    }),
    async (c) => pdfAnswer(c, await invoicePdf(db(), await userOf(c), c.req.valid("param").invoiceId)),
  );

  // GET /api/owner/invoice/{invoiceId}/pdf – any invoice as a PDF (operator)
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/invoice/{invoiceId}/pdf",
      operationId: "downloadOwnerInvoicePdf",
      tags: ["Owner"],
      summary: "請求書PDFのダウンロード（運営者）",
      request: { params: z.object({ invoiceId: z.string().max(100) }) },
      responses: { 200: invoicePdfResponse, 401: errors[401], 403: errors[403], 404: errors[404] },
    }),
    async (c) => {
      const { ownerId } = await operatorOf(c);
      return pdfAnswer(c, await invoicePdf(db(), { ownerId }, c.req.valid("param").invoiceId));
    },
  );

  return r;
}
