import {
  nominationSuspensionResult,
  suspendNominationsInput,
} from "@/modules/companies/nomination-suspension.schema";
import * as suspension from "@/modules/companies/nomination-suspension.service";
import {
  trustBuyerItem,
  trustBuyersQuery,
  trustSummary,
  trustSupplierItem,
  trustSuppliersQuery,
} from "@/modules/deals/trust-operator.schema";
import * as trust from "@/modules/deals/trust-operator.service";
import { ids } from "@/modules/owner/owner.schema";
import { db } from "@/server/db/client";
import { operatorOf, ownerRoute } from "../../define-route";
import { body, json } from "../../openapi";
import { answer, base, change, list, type OwnerRouter, tags } from "./console";

// The console's abuse signals (不正・信頼シグナル) and the stop on a buyer's nominations
// (docs/trust.md): read-only lists of one statement per page; the stop and its lifting are audited
// and emailed to the company's members.
export function ownerTrustRoutes(r: OwnerRouter) {
  // GET /api/owner/trust-signals – how many of each signal there are (the tabs' counts)
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/trust-signals",
      operationId: "getOwnerTrustSignals",
      tags,
      summary: "不正・信頼シグナルの件数",
      description:
        "シグナルのある発注者・OEMメーカーの数、未対応の通報メッセージの数、指名での依頼を停止中の発注者の数。windowDays は返却・お見送りを数える期間（日）。",
      responses: { 200: json(trustSummary, "シグナルの件数"), ...base },
    }),
    async (c) => {
      await operatorOf(c);
      return c.json(await trust.signalSummary(db()), 200);
    },
  );

  // GET /api/owner/trust-signals/buyers – buyers with a low reply rate or many no-reply refunds
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/trust-signals/buyers",
      operationId: "listOwnerTrustBuyers",
      tags,
      summary: "返信率が低い・チケット返却が多い発注者",
      description:
        "返信率（期限内の返信 ÷ 対象の商談）が50%未満で対象の商談が3件以上、または直近90日に未返信によるチケット返却（NO_REPLY）が2件以上の発注者。signal で片方に絞れます。返却の多い順、次に返信率の低い順。",
      request: { query: trustBuyersQuery },
      responses: { 200: list(trustBuyerItem, "シグナルのある発注者"), ...base },
    }),
    async (c) => {
      await operatorOf(c);
      return answer(c, await trust.listFlaggedBuyers(db(), c.req.valid("query")));
    },
  );

  // GET /api/owner/trust-signals/suppliers – suppliers with many declined quotes
  r.openapi(
    ownerRoute({
      method: "get",
      path: "/owner/trust-signals/suppliers",
      operationId: "listOwnerTrustSuppliers",
      tags,
      summary: "お見送りが多いOEMメーカー",
      description:
        "直近90日にお見送り（DECLINED）になった商談が3件以上のOEMメーカー。見積を送った商談と受注はこれまでの全件。お見送りの多い順。",
      request: { query: trustSuppliersQuery },
      responses: { 200: list(trustSupplierItem, "お見送りが多いOEMメーカー"), ...base },
    }),
    async (c) => {
      await operatorOf(c);
      return answer(c, await trust.listFlaggedSuppliers(db(), c.req.valid("query")));
    },
  );

  // POST /api/owner/buyer/{companyId}/nomination-suspension – stop a buyer sending nominations
  r.openapi(
    ownerRoute({
      method: "post",
      path: "/owner/buyer/{companyId}/nomination-suspension",
      operationId: "suspendBuyerNominations",
      tags,
      summary: "発注者の指名での依頼を停止する",
      description:
        "reason（10文字以上）は操作履歴に記録され、企業のメンバー全員へのメールに記載されます。停止中は指名での依頼の送信と事前チェックが403（一括問い合わせは送信できます）。発注者でない企業は404、停止中なら409。",
      request: { params: ids.companyId, ...body(suspendNominationsInput) },
      responses: { 200: json(nominationSuspensionResult, "停止しました"), ...change },
    }),
    async (c) =>
      c.json(
        await suspension.suspendNominations(
          db(),
          await operatorOf(c),
          c.req.valid("param").companyId,
          c.req.valid("json"),
        ),
        200,
      ),
  );

  // DELETE /api/owner/buyer/{companyId}/nomination-suspension – lift the stop
  r.openapi(
    ownerRoute({
      method: "delete",
      path: "/owner/buyer/{companyId}/nomination-suspension",
      operationId: "liftBuyerNominationSuspension",
      tags,
      summary: "発注者の指名での依頼の停止を解除する",
      description:
        "操作履歴に記録し、企業のメンバー全員に再開をメールでお知らせします。発注者でない企業は404、停止していなければ409。",
      request: { params: ids.companyId },
      responses: { 200: json(nominationSuspensionResult, "解除しました"), ...change },
    }),
    async (c) =>
      c.json(
        await suspension.liftNominationSuspension(db(), await operatorOf(c), c.req.valid("param").companyId),
        200,
      ),
  );
}
