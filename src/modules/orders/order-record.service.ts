import { type CsvColumn, japanDateTime, toCsv } from "@/lib/csv";
import { todayInJapan } from "@/lib/japan-time";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db } from "@/server/db/client";
import { orderOpenTermsReminderMail } from "@/server/email/order-templates";
import { notFound } from "@/server/http/errors";
import * as repo from "./order.repository";
import { mailCompany } from "./order-mail";
import { renderOrderRecordPdf } from "./order-pdf";
import { getOrder } from "./order-read.service";
import { OPEN_TERM_LABELS } from "./order-terms";
import type { OrderDetail } from "./order-view.schema";

// The 7条 record of an order, built by the product from its events (nobody types it): the buyer
// exports it as CSV or PDF. It is kept (the table refuses UPDATE and DELETE) at least 2 years.
// And the reminder that open terms still wait for their 補充 notice.

type RecordRow = OrderDetail["events"][number];

const COLUMNS: CsvColumn<RecordRow & { number: string }>[] = [
  { header: "発注番号", value: (r) => r.number },
  { header: "日時", value: (r) => japanDateTime(new Date(r.at)) },
  { header: "記録", value: (r) => r.label },
  {
    header: "当事者",
    value: (r) =>
      ({ BUYER: "発注者", SUPPLIER: "受注者", SYSTEM: "システム", OPERATOR: "運営" })[r.side ?? ""] ?? "",
  },
  { header: "担当者", value: (r) => r.actorName ?? "" },
  { header: "版", value: (r) => r.version ?? "" },
  { header: "内容", value: (r) => r.detail },
  { header: "理由", value: (r) => r.reason ?? "" },
];

/** The record is the buyer's duty (7条): only the buyer's members export it; the supplier gets 404. */
async function buyersOrder(scope: CompanyScope, db: Db, orderId: string): Promise<OrderDetail> {
  if (scope.companyType !== "BUYER") throw notFound("取引記録が見つかりませんでした。");
  return getOrder(scope, db, orderId);
}

/** GET …/orders/{orderId}/record.csv */
export async function orderRecordCsv(scope: CompanyScope, db: Db, orderId: string) {
  const order = await buyersOrder(scope, db, orderId);
  const rows = order.events.map((e) => ({ ...e, number: order.number }));
  return { body: toCsv(COLUMNS, rows), fileName: `取引記録_${order.number}.csv` };
}

/** GET …/orders/{orderId}/record.pdf */
export async function orderRecordPdf(scope: CompanyScope, db: Db, orderId: string) {
  const order = await buyersOrder(scope, db, orderId);
  const pdf = await renderOrderRecordPdf({
    number: order.number,
    buyerName: order.buyerName,
    supplierName: order.supplierName,
    title: order.versions[0]?.terms.title ?? "",
    generatedAt: new Date().toISOString(),
    events: order.events.map((e) => ({
      at: e.at,
      kind: e.label,
      actor: e.actorName ?? "",
      detail: e.detail,
      reason: e.reason,
    })),
  });
  return { pdf, fileName: `取引記録_${order.number}.pdf` };
}

/** Every 3 days while an order has open terms, its buyer is reminded (decision 0048). */
export const OPEN_TERMS_REMINDER_DAYS = 3;

/** Job `order-open-terms-reminders` (hourly): one email per due order, recorded in its record. */
export async function remindOpenTerms(db: Db, now = new Date()): Promise<number> {
  const due = await repo.ordersWithOpenTermsDue(
    db,
    new Date(now.getTime() - OPEN_TERMS_REMINDER_DAYS * 86_400_000),
  );
  let sent = 0;
  for (const o of due) {
    sent += await db.transaction(async (tx) => {
      if (!(await repo.claimReminder(tx, o.id, o.lastReminderAt, now))) return 0;
      const terms = (await repo.versionsOf(tx, o.id)).find((v) => v.version === o.currentVersion)?.terms;
      const open = terms?.openTerms ?? [];
      if (!open.length) return 0;
      const labels = open.map((t) => OPEN_TERM_LABELS[t.field]);
      const expectedBy = open.map((t) => t.expectedBy).sort()[0] ?? todayInJapan(now);
      await repo.appendEvent(tx, {
        orderId: o.id,
        at: now,
        kind: "OPEN_TERMS_REMINDED",
        side: "SYSTEM",
        data: { labels },
      });
      const mail = orderOpenTermsReminderMail({
        orderId: o.id,
        number: o.number,
        title: o.title,
        labels,
        expectedBy,
      });
      await mailCompany(tx, o.buyerCompanyId, mail);
      return 1;
    });
  }
  return sent;
}
