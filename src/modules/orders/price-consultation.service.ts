import { addDays, todayInJapan } from "@/lib/japan-time";
import { isUuid } from "@/lib/uuid";
import { readStoredFile, type StoredAttachment } from "@/modules/files/attachment.service";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db } from "@/server/db/client";
import {
  priceConsultationAnsweredMail,
  priceConsultationMail,
  priceConsultationOverdueMail,
} from "@/server/email/order-templates";
import { AppError, invalid, notFound } from "@/server/http/errors";
import { CONSULTATION_ANSWER_DAYS, orderTransition } from "./order.policy";
import * as repo from "./order.repository";
import type { ConsultationAnswerInput, ConsultationInput } from "./order.schema";
import { mailCompany } from "./order-mail";
import { getOrder, ORDER_NOT_FOUND, orderOf } from "./order-read.service";
import type { OrderDetail } from "./order-view.schema";
import * as consultations from "./price-consultation.repository";

// 価格協議: the supplier asks for a price review with its cost drivers and evidence; the buyer
// must answer (accept → then a change order, counter with a price, or explain) within 14 days.
// Overdue requests mail the buyer and show in the operator's console; everything is recorded.

export const CONSULTATION_OPEN =
  "回答待ちの価格協議があります。回答を受けてから次の協議を申し入れてください。";
export const CONSULTATION_ANSWERED = "この価格協議にはすでに回答しています。";
export const COUNTER_NEEDS_PRICE = "提示する単価を入力してください。";
const ANSWER_LABELS = {
  ACCEPT: "受け入れ",
  COUNTER: "別の単価を提示",
  EXPLAIN: "説明（現行単価の維持）",
} as const;

/** POST …/orders/{orderId}/price-consultations (supplier). */
export async function requestConsultation(
  scope: CompanyScope,
  db: Db,
  orderId: string,
  input: ConsultationInput,
): Promise<OrderDetail> {
  if (scope.companyType !== "SUPPLIER") throw notFound(ORDER_NOT_FOUND);
  await orderOf(scope, db, orderId);
  if (input.evidenceFileIds.length) {
    const own = await consultations.ownFileIds(db, scope.companyId, input.evidenceFileIds);
    input.evidenceFileIds.forEach((id, i) => {
      if (!own.has(id))
        throw invalid({
          [`evidenceFileIds.${i}`]: "根拠資料が見つかりません。アップロードし直してください。",
        });
    });
  }
  await db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    const move = orderTransition(order.status, "REQUEST_CONSULTATION");
    if (!move.ok) throw new AppError("CONFLICT", move.message);
    if ((await consultations.consultationsOf(tx, orderId)).some((c) => c.status === "OPEN")) {
      throw new AppError("CONFLICT", CONSULTATION_OPEN);
    }
    const now = new Date();
    const dueOn = addDays(todayInJapan(now), CONSULTATION_ANSWER_DAYS);
    await consultations.insertConsultation(tx, {
      orderId,
      drivers: input.drivers,
      requestedUnitPriceYen: input.requestedUnitPriceYen,
      message: input.message,
      evidenceFileIds: input.evidenceFileIds,
      dueOn,
      requestedByUserId: scope.userId,
      requestedAt: now,
    });
    await repo.appendEvent(tx, {
      orderId,
      at: now,
      kind: "CONSULTATION_REQUESTED",
      side: "SUPPLIER",
      actorUserId: scope.userId,
      data: { dueOn, requestedUnitPriceYen: input.requestedUnitPriceYen, drivers: input.drivers },
      reason: input.message,
    });
    const supplierName = (await repo.versionsOf(tx, orderId)).at(0)?.terms.supplier.name ?? "";
    const mail = priceConsultationMail({
      orderId,
      number: order.number,
      title: order.title,
      supplierName,
      dueOn,
    });
    await mailCompany(tx, order.buyerCompanyId, mail);
  });
  return getOrder(scope, db, orderId);
}

/** POST …/orders/{orderId}/price-consultations/{consultationId}/answer (buyer). */
export async function answerConsultation(
  scope: CompanyScope,
  db: Db,
  orderId: string,
  consultationId: string,
  input: ConsultationAnswerInput,
): Promise<OrderDetail> {
  if (scope.companyType !== "BUYER") throw notFound(ORDER_NOT_FOUND);
  await orderOf(scope, db, orderId);
  if (!isUuid(consultationId)) throw notFound("価格協議が見つかりませんでした。");
  if (input.answer === "COUNTER" && input.counterUnitPriceYen === null)
    throw invalid({ counterUnitPriceYen: COUNTER_NEEDS_PRICE });
  await db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    const row = await consultations.lockConsultation(tx, orderId, consultationId);
    if (!row) throw notFound("価格協議が見つかりませんでした。");
    if (row.status !== "OPEN") throw new AppError("CONFLICT", CONSULTATION_ANSWERED);
    const now = new Date();
    const status =
      input.answer === "ACCEPT" ? "ACCEPTED" : input.answer === "COUNTER" ? "COUNTERED" : "EXPLAINED";
    const counter = input.answer === "COUNTER" ? input.counterUnitPriceYen : null;
    await consultations.updateConsultation(tx, row.id, {
      status,
      answer: input.message,
      counterUnitPriceYen: counter,
      answeredByUserId: scope.userId,
      answeredAt: now,
    });
    const answerLabel = ANSWER_LABELS[input.answer];
    await repo.appendEvent(tx, {
      orderId,
      at: now,
      kind: "CONSULTATION_ANSWERED",
      side: "BUYER",
      actorUserId: scope.userId,
      data: {
        answer: input.answer,
        answerLabel,
        counterUnitPriceYen: counter,
        late: row.dueOn < todayInJapan(now),
      },
      reason: input.message,
    });
    const buyerName = (await repo.versionsOf(tx, orderId)).at(0)?.terms.buyer.name ?? "";
    const mail = priceConsultationAnsweredMail({
      orderId,
      number: order.number,
      title: order.title,
      buyerName,
      answerLabel,
    });
    await mailCompany(tx, order.supplierCompanyId, mail);
  });
  return getOrder(scope, db, orderId);
}

/** GET …/price-consultations/{consultationId}/files/{fileId}: an evidence file, to both sides. */
export async function consultationFile(
  scope: CompanyScope,
  db: Db,
  orderId: string,
  consultationId: string,
  fileId: string,
): Promise<StoredAttachment> {
  const order = await orderOf(scope, db, orderId);
  const missing = () => notFound("ファイルが見つかりませんでした。");
  if (!isUuid(consultationId) || !isUuid(fileId)) throw missing();
  const row = (await consultations.consultationsOf(db, order.id)).find((c) => c.id === consultationId);
  if (!row?.evidenceFileIds.includes(fileId)) throw missing();
  const file = await readStoredFile(db, fileId);
  if (!file) throw missing();
  return file;
}

/**
 * Job `price-consultation-overdue` (hourly): an open consultation past its answer date mails the
 * buyer's members once and is recorded (the console lists every overdue one). Returns the count.
 */
export async function alertOverdueConsultations(db: Db, now = new Date()): Promise<number> {
  const rows = await consultations.overdueConsultations(db, todayInJapan(now));
  let alerted = 0;
  for (const r of rows) {
    alerted += await db.transaction(async (tx) => {
      if (!(await consultations.claimOverdue(tx, r.id, now))) return 0;
      await repo.appendEvent(tx, {
        orderId: r.orderId,
        at: now,
        kind: "CONSULTATION_OVERDUE",
        side: "SYSTEM",
        data: { dueOn: r.dueOn },
      });
      const mail = priceConsultationOverdueMail({
        orderId: r.orderId,
        number: r.number,
        title: r.title,
        dueOn: r.dueOn,
      });
      await mailCompany(tx, r.buyerCompanyId, mail);
      return 1;
    });
  }
  return alerted;
}
