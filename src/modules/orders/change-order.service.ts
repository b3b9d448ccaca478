import type { z } from "zod";
import { todayInJapan } from "@/lib/japan-time";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db, DbOrTx } from "@/server/db/client";
import {
  orderChangeAnsweredMail,
  orderChangeMail,
  orderSupplementMail,
} from "@/server/email/order-templates";
import { AppError, forbidden, invalid, notFound } from "@/server/http/errors";
import { pdfDigest } from "./issue-order.service";
import { canOrder, ORDER_ADMIN_ONLY, orderTransition } from "./order.policy";
import * as repo from "./order.repository";
import type { ChangeInput, changeAnswerInput, SupplementInput } from "./order.schema";
import { applyChange, applySupplement } from "./order-change";
import { mailCompany } from "./order-mail";
import { pdfOf } from "./order-parties.service";
import { renderOrderPdf } from "./order-pdf";
import { getOrder, ORDER_NOT_FOUND, orderOf } from "./order-read.service";
import type { OrderTerms } from "./order-terms";
import type { OrderDetail } from "./order-view.schema";

// Changes are new versions: a change order (変更発注) the supplier accepts or rejects, and the
// 補充 notice that fixes an open term. The version in force changes only when the supplier accepts
// a change; an issued version and its PDF never change.

export const CHANGE_PENDING =
  "回答待ちの変更発注があります。受注者の回答を待ってから次の変更を提示してください。";
export const STALE_ORDER_VERSION = "発注内容が更新されています。画面を更新して最新の版から変更してください。";
export const NO_CHANGE_PENDING = "回答待ちの変更発注はありません。";

async function lockedOrder(tx: DbOrTx, orderId: string) {
  const order = await repo.lockOrder(tx, orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}

async function termsOf(tx: DbOrTx, orderId: string, version: number): Promise<OrderTerms> {
  const v = (await repo.versionsOf(tx, orderId)).find((x) => x.version === version);
  if (!v) throw new Error(`order ${orderId} version ${version} missing`);
  return v.terms;
}

async function writeVersion(
  tx: DbOrTx,
  scope: CompanyScope,
  order: repo.OrderRow,
  v: {
    version: number;
    kind: "CHANGE" | "SUPPLEMENT";
    terms: OrderTerms;
    reason: string;
    reasonParty: string | null;
    state: "PROPOSED" | "ACCEPTED";
  },
  now: Date,
) {
  const pdf = await renderOrderPdf(
    pdfOf(v.terms, {
      kind: v.kind,
      number: order.number,
      version: v.version,
      replacesVersion: order.currentVersion,
      issuedOn: todayInJapan(now),
      reason: v.reason,
    }),
  );
  await repo.insertVersion(tx, {
    orderId: order.id,
    version: v.version,
    kind: v.kind,
    terms: v.terms,
    reason: v.reason,
    reasonParty: v.reasonParty,
    pdf,
    pdfSha256: await pdfDigest(pdf),
    createdByUserId: scope.userId,
    createdAt: now,
    state: v.state,
  });
}

function buyerAdmin(scope: CompanyScope) {
  if (scope.companyType !== "BUYER") throw notFound(ORDER_NOT_FOUND);
  if (!canOrder(scope.role)) throw forbidden(ORDER_ADMIN_ONLY);
}

/** POST …/orders/{orderId}/changes: the buyer proposes a change order (ADMIN). */
export async function proposeChange(
  scope: CompanyScope,
  db: Db,
  orderId: string,
  input: ChangeInput,
): Promise<OrderDetail> {
  buyerAdmin(scope);
  await orderOf(scope, db, orderId);
  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    const move = orderTransition(order.status, "PROPOSE_CHANGE");
    if (!move.ok) throw new AppError("CONFLICT", move.message);
    if (order.pendingVersion) throw new AppError("CONFLICT", CHANGE_PENDING);
    if (input.fromVersion !== order.currentVersion) throw new AppError("CONFLICT", STALE_ORDER_VERSION);
    const now = new Date();
    const result = applyChange(await termsOf(tx, orderId, order.currentVersion), input, todayInJapan(now));
    if (!result.ok) throw invalid(result.fields, "変更内容に誤りがあります。各項目をご確認ください。");
    const version = (await repo.versionsOf(tx, orderId)).length + 1;
    await writeVersion(
      tx,
      scope,
      order,
      {
        version,
        kind: "CHANGE",
        terms: result.terms,
        reason: input.reason,
        reasonParty: input.reasonParty,
        state: "PROPOSED",
      },
      now,
    );
    await repo.updateOrder(tx, orderId, { pendingVersion: version });
    await repo.appendEvent(tx, {
      orderId,
      at: now,
      kind: "CHANGE_PROPOSED",
      side: "BUYER",
      actorUserId: scope.userId,
      version,
      data: changeData(result.terms, result.summary, input.reasonParty),
      reason: input.reason,
    });
    const mail = orderChangeMail({
      orderId,
      number: order.number,
      title: order.title,
      buyerName: result.terms.buyer.name,
      version,
      reason: input.reason,
    });
    await mailCompany(tx, order.supplierCompanyId, mail);
  });
  return getOrder(scope, db, orderId);
}

function changeData(terms: OrderTerms, summary: string[], reasonParty: string | null) {
  return {
    summary,
    reasonParty,
    quantity: terms.quantity,
    unit: terms.unit,
    unitPriceYen: terms.tier.unitPriceYen,
    totalYen: terms.totalYen,
    deliveries: terms.deliveries.map((d) => ({
      date: d.date,
      quantity: d.quantity,
      paymentDue: d.paymentDue,
    })),
    place: terms.place?.address ?? null,
  };
}

/** POST …/orders/{orderId}/changes/{version}/answer: the supplier accepts or rejects the change. */
export async function answerChange(
  scope: CompanyScope,
  db: Db,
  orderId: string,
  version: number,
  input: z.infer<typeof changeAnswerInput>,
): Promise<OrderDetail> {
  if (scope.companyType !== "SUPPLIER") throw notFound(ORDER_NOT_FOUND);
  await orderOf(scope, db, orderId);
  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    if (order.pendingVersion !== version) throw new AppError("CONFLICT", NO_CHANGE_PENDING);
    const now = new Date();
    const accepted = input.answer === "ACCEPT";
    const reason = input.answer === "REJECT" ? input.reason : null;
    await repo.answerVersion(tx, orderId, version, {
      state: accepted ? "ACCEPTED" : "REJECTED",
      answeredByUserId: scope.userId,
      answerReason: reason,
    });
    const terms = await termsOf(tx, orderId, version);
    await repo.updateOrder(tx, orderId, {
      pendingVersion: null,
      ...(accepted ? { currentVersion: version, totalYen: terms.totalYen } : {}),
    });
    await repo.appendEvent(tx, {
      orderId,
      at: now,
      kind: accepted ? "CHANGE_ACCEPTED" : "CHANGE_REJECTED",
      side: "SUPPLIER",
      actorUserId: scope.userId,
      version,
      data: accepted ? changeData(terms, [], null) : {},
      reason,
    });
    const mail = orderChangeAnsweredMail({
      orderId,
      number: order.number,
      title: order.title,
      supplierName: terms.supplier.name,
      version,
      accepted,
      reason,
    });
    await mailCompany(tx, order.buyerCompanyId, mail);
  });
  return getOrder(scope, db, orderId);
}

/** POST …/orders/{orderId}/supplements: the buyer fixes an open term (補充), a new version in force at once. */
export async function supplementOrder(
  scope: CompanyScope,
  db: Db,
  orderId: string,
  input: SupplementInput,
): Promise<OrderDetail> {
  buyerAdmin(scope);
  await orderOf(scope, db, orderId);
  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    const move = orderTransition(order.status, "SUPPLEMENT");
    if (!move.ok) throw new AppError("CONFLICT", move.message);
    if (order.pendingVersion) throw new AppError("CONFLICT", CHANGE_PENDING);
    const result = applySupplement(await termsOf(tx, orderId, order.currentVersion), input);
    if (!result.ok) throw invalid(result.fields, "補充の内容に誤りがあります。");
    const now = new Date();
    const version = (await repo.versionsOf(tx, orderId)).length + 1;
    const reason = `未定事項「${result.label}」の確定（補充）`;
    await writeVersion(
      tx,
      scope,
      order,
      { version, kind: "SUPPLEMENT", terms: result.terms, reason, reasonParty: null, state: "ACCEPTED" },
      now,
    );
    await repo.updateOrder(tx, orderId, {
      currentVersion: version,
      openTerms: result.terms.openTerms.length,
    });
    await repo.appendEvent(tx, {
      orderId,
      at: now,
      kind: "SUPPLEMENTED",
      side: "BUYER",
      actorUserId: scope.userId,
      version,
      data: { field: input.field, label: result.label, value: result.value },
    });
    const mail = orderSupplementMail({
      orderId,
      number: order.number,
      title: order.title,
      buyerName: result.terms.buyer.name,
      version,
      label: result.label,
    });
    await mailCompany(tx, order.supplierCompanyId, mail);
  });
  return getOrder(scope, db, orderId);
}
