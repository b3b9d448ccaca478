import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { paginated } from "@/lib/pagination";
import type { OwnerContext } from "@/modules/owner/audit";
import type { Listing } from "@/modules/owner/listing";
import {
  auditItem,
  auditQuery,
  bulkActionInput,
  buyersQuery,
  dashboardCounts,
  deleted,
  entriesQuery,
  entryCorrectionInput,
  grantInput,
  ids,
  inquiriesQuery,
  leadItem,
  listQuery,
  newsInput,
  newsQuery,
  newsUpdateInput,
  nominationActionInput,
  outboxDetail,
  outboxItem,
  outboxQuery,
  ownerBuyerDetail,
  ownerBuyerItem,
  ownerEntryItem,
  ownerInquiryDetail,
  ownerInquiryItem,
  ownerNewsItem,
  ownerPlanItem,
  ownerPurchaseItem,
  ownerSupplierBilling,
  ownerSupplierDetail,
  ownerSupplierItem,
  ownerUsageItem,
  planActionInput,
  planState,
  purchaseActionInput,
  purchasesQuery,
  suppliersQuery,
  supportQuery,
  supportRequestItem,
  supportStatusInput,
  systemCheck,
  textListQuery,
  typedInquiriesQuery,
  usagesQuery,
} from "@/modules/owner/owner.schema";
import * as owner from "@/modules/owner/owner.service";
import * as ownerBilling from "@/modules/owner/owner-billing.service";
import * as ownerInquiries from "@/modules/owner/owner-inquiries.service";
import * as ownerNews from "@/modules/owner/owner-news.service";
import { listSystemChecks, runSystemCheck } from "@/modules/owner/system-check";
import { db } from "@/server/db/client";
import { type AppEnv, requireOwner } from "../context";
import { body, errors, json, ownerBearer } from "../openapi";
import { newRouter } from "../router";

// The owner console (運営): every call needs an operator token; members get 403.

const tags = ["Owner"];
const base = { 401: errors[401], 403: errors[403], 422: errors[422] } as const;
const one = { ...base, 404: errors[404] } as const;
const change = { ...one, 409: errors[409] } as const;

/** A page of JSON, or with `format=csv` the whole filtered list (≤10,000 rows) as a CSV file. */
function list<T extends z.ZodType>(item: T, description: string) {
  return {
    description: `${description}（format=csv のときはUTF-8・BOM付きのCSVファイル、最大10,000行）`,
    content: {
      "application/json": { schema: paginated(item) },
      "text/csv": { schema: z.string().openapi({ type: "string", description: "ヘッダーは日本語" }) },
    },
  };
}

function answer<T>(c: Context<AppEnv>, out: Listing<T>) {
  if ("kind" in out) {
    return c.body(out.body, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${out.filename}"`,
      "X-Total-Count": String(out.total),
    });
  }
  return c.json(out, 200);
}

/** The operator making a change, with the request id the audit row keeps. */
async function operator(c: Context<AppEnv>): Promise<OwnerContext> {
  const actor = await requireOwner(c);
  return { ownerId: actor.ownerId, requestId: c.get("requestId") };
}

export function ownerRoutes() {
  const r = newRouter();
  // Who before what: a member or anonymous caller is refused (403/401) before the input is validated.
  r.use("/owner/*", async (c, next) => {
    await requireOwner(c);
    await next();
  });

  // ---------------------------------------------------------------- dashboard

  // GET /api/owner/dashboard – counts for the console's top page
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/dashboard",
      operationId: "getOwnerDashboard",
      tags,
      summary: "運営ダッシュボードの件数（新規登録・審査待ち・入金待ち・プラン申込・メール送信失敗）",
      security: ownerBearer,
      responses: { 200: json(dashboardCounts, "件数"), ...base },
    }),
    async (c) => {
      await requireOwner(c);
      return c.json(await owner.getDashboard(db()), 200);
    },
  );

  // ---------------------------------------------------------------- buyers and suppliers

  // GET /api/owner/buyer – buyer companies (keyword, status, sort; format=csv)
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/buyer",
      operationId: "listOwnerBuyers",
      tags,
      summary: "発注者企業の一覧",
      security: ownerBearer,
      request: { query: buyersQuery },
      responses: { 200: list(ownerBuyerItem, "発注者企業"), ...base },
    }),
    async (c) => {
      await requireOwner(c);
      return answer(c, await owner.listBuyers(db(), c.req.valid("query")));
    },
  );

  // GET /api/owner/buyer/{companyId} – a buyer company with members, inquiries count and deactivations
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/buyer/{companyId}",
      operationId: "getOwnerBuyer",
      tags,
      summary: "発注者企業の詳細（メンバー・問い合わせ件数・退会理由）",
      security: ownerBearer,
      request: { params: ids.companyId },
      responses: { 200: json(ownerBuyerDetail, "発注者企業"), ...one },
    }),
    async (c) => {
      await requireOwner(c);
      return c.json(await owner.getBuyer(db(), c.req.valid("param").companyId), 200);
    },
  );

  // GET /api/owner/oem – supplier companies (keyword, status, paymentStatus, sort; format=csv)
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/oem",
      operationId: "listOwnerSuppliers",
      tags,
      summary: "OEMメーカー企業の一覧",
      security: ownerBearer,
      request: { query: suppliersQuery },
      responses: { 200: list(ownerSupplierItem, "OEMメーカー企業"), ...base },
    }),
    async (c) => {
      await requireOwner(c);
      return answer(c, await owner.listSuppliers(db(), c.req.valid("query")));
    },
  );

  // GET /api/owner/oem/{companyId} – a supplier company with profile, members and figures
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/oem/{companyId}",
      operationId: "getOwnerSupplier",
      tags,
      summary: "OEMメーカー企業の詳細",
      security: ownerBearer,
      request: { params: ids.companyId },
      responses: { 200: json(ownerSupplierDetail, "OEMメーカー企業"), ...one },
    }),
    async (c) => {
      await requireOwner(c);
      return c.json(await owner.getSupplier(db(), c.req.valid("param").companyId), 200);
    },
  );

  // GET /api/owner/oem-detail/{companyId} – a supplier's billing: balance, purchases, usages, plans, invoices
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/oem-detail/{companyId}",
      operationId: "getOwnerSupplierBilling",
      tags,
      summary: "OEMメーカーの課金情報（チケット残数・購入・使用・プラン契約・請求書）",
      security: ownerBearer,
      request: { params: ids.companyId },
      responses: { 200: json(ownerSupplierBilling, "課金情報（各履歴は新しい順に最大100件）"), ...one },
    }),
    async (c) => {
      await requireOwner(c);
      return c.json(await ownerBilling.getSupplierBilling(db(), c.req.valid("param").companyId), 200);
    },
  );

  // ---------------------------------------------------------------- inquiries (static paths before /{contactId})

  // GET /api/owner/contact/bulk – bulk inquiries (status, keyword, buyer; format=csv)
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/contact/bulk",
      operationId: "listOwnerBulkInquiries",
      tags,
      summary: "一括問い合わせの一覧",
      security: ownerBearer,
      request: { query: typedInquiriesQuery },
      responses: { 200: list(ownerInquiryItem, "一括問い合わせ"), ...base },
    }),
    async (c) => {
      await requireOwner(c);
      return answer(c, await ownerInquiries.listInquiries(db(), c.req.valid("query"), "BULK"));
    },
  );

  // GET /api/owner/contact/bulk/{contactId} – a bulk inquiry with entries, recipients and buyer
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/contact/bulk/{contactId}",
      operationId: "getOwnerBulkInquiry",
      tags,
      summary: "一括問い合わせの詳細",
      security: ownerBearer,
      request: { params: ids.contactId },
      responses: { 200: json(ownerInquiryDetail, "一括問い合わせ"), ...one },
    }),
    async (c) => {
      await requireOwner(c);
      return c.json(await ownerInquiries.getInquiry(db(), c.req.valid("param").contactId, "BULK"), 200);
    },
  );

  // PUT /api/owner/contact/bulk/{contactId} – approve, reject (with a reason), close or correct a bulk inquiry
  r.openapi(
    createRoute({
      method: "put",
      path: "/owner/contact/bulk/{contactId}",
      operationId: "actOnBulkInquiry",
      tags,
      summary: "一括問い合わせの承認・非承認・締切・修正",
      description:
        "action: APPROVE（審査中→公開中、発注者と選択企業に通知）、REJECT（reason 必須、発注者に通知）、CLOSE（公開中→締切）、EDIT（title・description・entryDeadline・status の修正）。",
      security: ownerBearer,
      request: { params: ids.contactId, ...body(bulkActionInput) },
      responses: { 200: json(ownerInquiryDetail, "変更後の一括問い合わせ"), ...change },
    }),
    async (c) =>
      c.json(
        await ownerInquiries.updateBulkInquiry(
          db(),
          await operator(c),
          c.req.valid("param").contactId,
          c.req.valid("json"),
        ),
        200,
      ),
  );

  // GET /api/owner/contact/nomination – nominated inquiries (status, keyword, buyer, supplier; format=csv)
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/contact/nomination",
      operationId: "listOwnerNominations",
      tags,
      summary: "指名問い合わせの一覧",
      security: ownerBearer,
      request: { query: typedInquiriesQuery },
      responses: { 200: list(ownerInquiryItem, "指名問い合わせ"), ...base },
    }),
    async (c) => {
      await requireOwner(c);
      return answer(c, await ownerInquiries.listInquiries(db(), c.req.valid("query"), "NOMINATION"));
    },
  );

  // GET /api/owner/contact/nomination/{contactId} – a nominated inquiry with its entry and buyer
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/contact/nomination/{contactId}",
      operationId: "getOwnerNomination",
      tags,
      summary: "指名問い合わせの詳細",
      security: ownerBearer,
      request: { params: ids.contactId },
      responses: { 200: json(ownerInquiryDetail, "指名問い合わせ"), ...one },
    }),
    async (c) => {
      await requireOwner(c);
      return c.json(await ownerInquiries.getInquiry(db(), c.req.valid("param").contactId, "NOMINATION"), 200);
    },
  );

  // PUT /api/owner/contact/nomination/{contactId} – close or correct a nominated inquiry
  r.openapi(
    createRoute({
      method: "put",
      path: "/owner/contact/nomination/{contactId}",
      operationId: "actOnNomination",
      tags,
      summary: "指名問い合わせの締切・修正",
      description: "action: CLOSE（公開中→締切）、EDIT（title・description・status の修正）。",
      security: ownerBearer,
      request: { params: ids.contactId, ...body(nominationActionInput) },
      responses: { 200: json(ownerInquiryDetail, "変更後の指名問い合わせ"), ...change },
    }),
    async (c) =>
      c.json(
        await ownerInquiries.updateNomination(
          db(),
          await operator(c),
          c.req.valid("param").contactId,
          c.req.valid("json"),
        ),
        200,
      ),
  );

  // GET /api/owner/contact/common – the "all" view: both types in one list
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/contact/common",
      operationId: "listOwnerInquiriesCommon",
      tags,
      summary: "問い合わせの一覧（一括・指名の共通）",
      security: ownerBearer,
      request: { query: inquiriesQuery },
      responses: { 200: list(ownerInquiryItem, "問い合わせ"), ...base },
    }),
    async (c) => {
      await requireOwner(c);
      return answer(c, await ownerInquiries.listInquiries(db(), c.req.valid("query")));
    },
  );

  // GET /api/owner/contact/entry – every entry (status, inquiry, supplier, keyword; format=csv)
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/contact/entry",
      operationId: "listOwnerEntries",
      tags,
      summary: "エントリーの一覧",
      security: ownerBearer,
      request: { query: entriesQuery },
      responses: { 200: list(ownerEntryItem, "エントリー"), ...base },
    }),
    async (c) => {
      await requireOwner(c);
      return answer(c, await ownerInquiries.listEntries(db(), c.req.valid("query")));
    },
  );

  // PUT /api/owner/contact/entry/{contactId} – correct the status of one entry of the inquiry
  r.openapi(
    createRoute({
      method: "put",
      path: "/owner/contact/entry/{contactId}",
      operationId: "correctEntry",
      tags,
      summary: "エントリーの状態の修正",
      description: "パスは案件ID、本文の entryId でその案件のエントリーを指定します。",
      security: ownerBearer,
      request: { params: ids.contactId, ...body(entryCorrectionInput) },
      responses: { 200: json(ownerEntryItem, "修正後のエントリー"), ...change },
    }),
    async (c) =>
      c.json(
        await ownerInquiries.correctEntry(
          db(),
          await operator(c),
          c.req.valid("param").contactId,
          c.req.valid("json"),
        ),
        200,
      ),
  );

  // GET /api/owner/contact – every inquiry (type, status, keyword, buyer; format=csv)
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/contact",
      operationId: "listOwnerInquiries",
      tags,
      summary: "問い合わせの一覧（すべて）",
      security: ownerBearer,
      request: { query: inquiriesQuery },
      responses: { 200: list(ownerInquiryItem, "問い合わせ"), ...base },
    }),
    async (c) => {
      await requireOwner(c);
      return answer(c, await ownerInquiries.listInquiries(db(), c.req.valid("query")));
    },
  );

  // GET /api/owner/contact/{contactId} – any inquiry with entries, recipients and buyer
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/contact/{contactId}",
      operationId: "getOwnerInquiry",
      tags,
      summary: "問い合わせの詳細",
      security: ownerBearer,
      request: { params: ids.contactId },
      responses: { 200: json(ownerInquiryDetail, "問い合わせ"), ...one },
    }),
    async (c) => {
      await requireOwner(c);
      return c.json(await ownerInquiries.getInquiry(db(), c.req.valid("param").contactId), 200);
    },
  );

  // ---------------------------------------------------------------- news

  // GET /api/owner/news – every news item, drafts included (status, audience, keyword; format=csv)
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/news",
      operationId: "listOwnerNews",
      tags,
      summary: "お知らせの一覧（下書きを含む）",
      security: ownerBearer,
      request: { query: newsQuery },
      responses: { 200: list(ownerNewsItem, "お知らせ"), ...base },
    }),
    async (c) => {
      await requireOwner(c);
      return answer(c, await ownerNews.listNews(db(), c.req.valid("query")));
    },
  );

  // POST /api/owner/news – write a news item (published now unless a date is given, or a draft)
  r.openapi(
    createRoute({
      method: "post",
      path: "/owner/news",
      operationId: "createNews",
      tags,
      summary: "お知らせの作成",
      security: ownerBearer,
      request: body(newsInput),
      responses: { 201: json(ownerNewsItem, "作成したお知らせ"), ...base },
    }),
    async (c) => c.json(await ownerNews.createNews(db(), await operator(c), c.req.valid("json")), 201),
  );

  // GET /api/owner/news/{newsId} – one news item
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/news/{newsId}",
      operationId: "getOwnerNews",
      tags,
      summary: "お知らせの詳細",
      security: ownerBearer,
      request: { params: ids.newsId },
      responses: { 200: json(ownerNewsItem, "お知らせ"), ...one },
    }),
    async (c) => {
      await requireOwner(c);
      return c.json(await ownerNews.getNews(db(), c.req.valid("param").newsId), 200);
    },
  );

  // PUT /api/owner/news/{newsId} – update a news item
  r.openapi(
    createRoute({
      method: "put",
      path: "/owner/news/{newsId}",
      operationId: "updateNews",
      tags,
      summary: "お知らせの更新",
      security: ownerBearer,
      request: { params: ids.newsId, ...body(newsUpdateInput) },
      responses: { 200: json(ownerNewsItem, "更新後のお知らせ"), ...one },
    }),
    async (c) =>
      c.json(
        await ownerNews.updateNews(db(), await operator(c), c.req.valid("param").newsId, c.req.valid("json")),
        200,
      ),
  );

  // DELETE /api/owner/news/{newsId} – delete a news item
  r.openapi(
    createRoute({
      method: "delete",
      path: "/owner/news/{newsId}",
      operationId: "deleteNews",
      tags,
      summary: "お知らせの削除",
      security: ownerBearer,
      request: { params: ids.newsId },
      responses: { 200: json(deleted, "削除しました"), ...one },
    }),
    async (c) =>
      c.json(await ownerNews.deleteNews(db(), await operator(c), c.req.valid("param").newsId), 200),
  );

  // ---------------------------------------------------------------- tickets

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

  // ---------------------------------------------------------------- plan contracts

  // PUT /api/owner/plan-contract/{companyId} – activate, reject or end the company's unlimited plan
  r.openapi(
    createRoute({
      method: "put",
      path: "/owner/plan-contract/{companyId}",
      operationId: "actOnPlanContract",
      tags,
      summary: "無制限プランの開始・非承認・終了",
      description:
        "action: ACTIVATE（申込を有効化、startsOn 省略時は本日、OEM_PAID に）、REJECT（申込を非承認）、END（即時終了、OEM_FREE に）。",
      security: ownerBearer,
      request: { params: ids.companyId, ...body(planActionInput) },
      responses: { 200: json(planState, "変更後のプラン"), ...change },
    }),
    async (c) =>
      c.json(
        await ownerBilling.changePlan(
          db(),
          await operator(c),
          c.req.valid("param").companyId,
          c.req.valid("json"),
        ),
        200,
      ),
  );

  // GET /api/owner/plan-contract-waiting – plan applications waiting, oldest first
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/plan-contract-waiting",
      operationId: "listPlanApplications",
      tags,
      summary: "無制限プランの申込待ち一覧（古い順）",
      security: ownerBearer,
      request: { query: listQuery },
      responses: { 200: list(ownerPlanItem, "申込待ちのプラン契約"), ...base },
    }),
    async (c) => {
      await requireOwner(c);
      return answer(c, await ownerBilling.listWaitingPlans(db(), c.req.valid("query")));
    },
  );

  // ---------------------------------------------------------------- email outbox, audit log, leads, support

  // GET /api/owner/outbox – emails of the outbox (status, keyword; format=csv)
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/outbox",
      operationId: "listOutbox",
      tags,
      summary: "送信メールの一覧",
      security: ownerBearer,
      request: { query: outboxQuery },
      responses: { 200: list(outboxItem, "送信メール"), ...base },
    }),
    async (c) => {
      await requireOwner(c);
      return answer(c, await owner.listOutbox(db(), c.req.valid("query")));
    },
  );

  // GET /api/owner/outbox/{id} – one email with its text
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/outbox/{id}",
      operationId: "getOutboxMessage",
      tags,
      summary: "送信メールの詳細（本文）",
      security: ownerBearer,
      request: { params: ids.id },
      responses: { 200: json(outboxDetail, "送信メール"), ...one },
    }),
    async (c) => {
      await requireOwner(c);
      return c.json(await owner.getOutbox(db(), c.req.valid("param").id), 200);
    },
  );

  // POST /api/owner/outbox/{id}/resend – send a failed or sent email again
  r.openapi(
    createRoute({
      method: "post",
      path: "/owner/outbox/{id}/resend",
      operationId: "resendOutboxMessage",
      tags,
      summary: "メールの再送（失敗・送信済みのメールを送信待ちに戻す）",
      security: ownerBearer,
      request: { params: ids.id },
      responses: { 200: json(outboxItem, "送信待ちに戻したメール"), ...change },
    }),
    async (c) => c.json(await owner.resendOutbox(db(), await operator(c), c.req.valid("param").id), 200),
  );

  // GET /api/owner/audit-log – the operators' changes (target, action, operator; format=csv)
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/audit-log",
      operationId: "listAuditLog",
      tags,
      summary: "操作履歴（監査ログ）",
      security: ownerBearer,
      request: { query: auditQuery },
      responses: { 200: list(auditItem, "操作履歴（新しい順）"), ...base },
    }),
    async (c) => {
      await requireOwner(c);
      return answer(c, await owner.listAuditLog(db(), c.req.valid("query")));
    },
  );

  // GET /api/owner/leads – brochure requests from the landing page
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/leads",
      operationId: "listLeads",
      tags,
      summary: "資料請求の一覧",
      security: ownerBearer,
      request: { query: textListQuery },
      responses: { 200: list(leadItem, "資料請求"), ...base },
    }),
    async (c) => {
      await requireOwner(c);
      return answer(c, await owner.listLeads(db(), c.req.valid("query")));
    },
  );

  // GET /api/owner/support-requests – messages sent to the operator from /support
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/support-requests",
      operationId: "listSupportRequests",
      tags,
      summary: "お問い合わせ（サポート）の一覧",
      security: ownerBearer,
      request: { query: supportQuery },
      responses: { 200: list(supportRequestItem, "お問い合わせ"), ...base },
    }),
    async (c) => {
      await requireOwner(c);
      return answer(c, await owner.listSupportRequests(db(), c.req.valid("query")));
    },
  );

  // PUT /api/owner/support-requests/{id} – set a support request's status (新規・対応中・完了), audited
  r.openapi(
    createRoute({
      method: "put",
      path: "/owner/support-requests/{id}",
      operationId: "updateSupportRequestStatus",
      tags,
      summary: "お問い合わせの対応状況の変更",
      security: ownerBearer,
      request: { params: ids.id, ...body(supportStatusInput) },
      responses: { 200: json(supportRequestItem, "変更後のお問い合わせ"), ...one },
    }),
    async (c) =>
      c.json(
        await owner.updateSupportRequestStatus(
          db(),
          await operator(c),
          c.req.valid("param").id,
          c.req.valid("json"),
        ),
        200,
      ),
  );

  // ---------------------------------------------------------------- system check

  // GET /api/owner/test – run the system check now (database, storage, email relay, jobs) and keep it
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/test",
      operationId: "runSystemCheck",
      tags,
      summary: "システムチェックの実行（データベース・ファイル保存・メール送信・定期ジョブ）",
      security: ownerBearer,
      responses: { 200: json(systemCheck, "チェック結果（履歴に保存されます）"), ...base },
    }),
    async (c) => {
      const actor = await requireOwner(c);
      return c.json(await runSystemCheck(db(), actor.ownerId), 200);
    },
  );

  // GET /api/owner/test-list – past system checks, newest first
  r.openapi(
    createRoute({
      method: "get",
      path: "/owner/test-list",
      operationId: "listSystemChecks",
      tags,
      summary: "システムチェックの履歴",
      security: ownerBearer,
      request: { query: listQuery },
      responses: { 200: list(systemCheck, "システムチェックの履歴"), ...base },
    }),
    async (c) => {
      await requireOwner(c);
      return answer(c, await listSystemChecks(db(), c.req.valid("query")));
    },
  );

  return r;
}
