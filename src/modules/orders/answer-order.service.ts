import type { z } from "zod";
import { todayInJapan } from "@/lib/japan-time";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db } from "@/server/db/client";
import { orderAnsweredMail } from "@/server/email/order-templates";
import { AppError, notFound } from "@/server/http/errors";
import { pdfDigest } from "./issue-order.service";
import { orderTransition } from "./order.policy";
import * as repo from "./order.repository";
import type { answerInput } from "./order.schema";
import { mailCompany } from "./order-mail";
import { renderAcceptancePdf } from "./order-pdf";
import { getOrder, markOpened, ORDER_NOT_FOUND, orderOf } from "./order-read.service";
import type { OrderDetail } from "./order-view.schema";

// The supplier's answer to an order: 受注 (a 注文請書 issued once, as a PDF) or 差し戻し with a
// reason. Both reach the buyer by email and stay in the record.

/** POST …/orders/{orderId}/answer (supplier). */
export async function answerOrder(
  scope: CompanyScope,
  db: Db,
  orderId: string,
  input: z.infer<typeof answerInput>,
): Promise<OrderDetail> {
  if (scope.companyType !== "SUPPLIER") throw notFound(ORDER_NOT_FOUND);
  // An answer sent without opening the order first (the API) still opens it before it answers.
  await markOpened(scope, db, await orderOf(scope, db, orderId));
  await db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    const move = orderTransition(order.status, input.answer === "ACCEPT" ? "ACCEPT" : "RETURN");
    if (!move.ok) throw new AppError("CONFLICT", move.message);
    const now = new Date();
    const reason = input.answer === "RETURN" ? input.reason : null;
    const versions = await repo.versionsOf(tx, orderId);
    const current = versions.find((v) => v.version === order.currentVersion)!;
    let acceptance: { acceptancePdf: Buffer; acceptanceSha256: string } | undefined;
    if (input.answer === "ACCEPT") {
      const terms = current.terms;
      const pdf = await renderAcceptancePdf({
        number: order.number,
        version: current.version,
        acceptedOn: todayInJapan(now),
        buyer: terms.buyer,
        supplier: {
          ...terms.supplier,
          person: (await repo.usersById(tx, [scope.userId])).get(scope.userId)?.name ?? null,
        },
        item: { title: terms.title },
        unit: terms.unit,
        totalYen: terms.totalYen,
        deliveries: terms.deliveries,
      });
      acceptance = { acceptancePdf: pdf, acceptanceSha256: await pdfDigest(pdf) };
    }
    await repo.updateOrder(tx, orderId, {
      status: move.to,
      answeredAt: now,
      answeredByUserId: scope.userId,
      ...acceptance,
    });
    await repo.appendEvent(tx, {
      orderId,
      at: now,
      kind: input.answer === "ACCEPT" ? "ACCEPTED" : "RETURNED",
      side: "SUPPLIER",
      actorUserId: scope.userId,
      version: current.version,
      data: acceptance ? { acceptanceSha256: acceptance.acceptanceSha256 } : {},
      reason,
    });
    const supplierName = current.terms.supplier.name;
    const facts = { orderId, number: order.number, title: order.title, supplierName };
    const mail =
      input.answer === "ACCEPT"
        ? orderAnsweredMail({ ...facts, kind: "ACCEPT" })
        : orderAnsweredMail({ ...facts, kind: "RETURN", reason: reason! });
    await mailCompany(tx, order.buyerCompanyId, mail);
  });
  return getOrder(scope, db, orderId);
}

/** GET …/orders/{orderId}/acceptance/pdf: the 注文請書 as issued (both sides), 404 before acceptance. */
export async function acceptancePdfOf(scope: CompanyScope, db: Db, orderId: string) {
  const order = await orderOf(scope, db, orderId);
  const pdf = await repo.acceptancePdf(db, order.id);
  if (!pdf) throw notFound("注文請書はまだ発行されていません。");
  return { pdf, fileName: `注文請書_${order.number}.pdf` };
}
