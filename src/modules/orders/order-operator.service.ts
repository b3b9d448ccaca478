import { iso, type Listing, listing, pageOf } from "@/lib/console-listing";
import type { CsvColumn } from "@/lib/csv";
import { todayInJapan } from "@/lib/japan-time";
import type { Db } from "@/server/db/client";
import { ORDER_STATUS_LABELS } from "./order.policy";
import * as repo from "./order-operator.repository";
import type { OwnerOrderItem, OwnerOrderOverdueCounts, OwnerOrdersQuery } from "./order-operator.schema";
import {
  acknowledgementCutoff,
  acknowledgementDueOn,
  acknowledgementOverdue,
  consultationOverdue,
} from "./order-overdue.policy";

// The operator's list of orders (issue 35): every company's orders as metadata, the late answers
// and price consultations to follow up, and their counts for the console's badges. A read of
// metadata only, like the console's other lists: no audit row.

const TORITEKI_LABELS = { true: "対象", false: "対象外" } as const;

function orderItem(r: repo.OperatorOrderRow, now: Date): OwnerOrderItem {
  const toriteki = r.toriteki === "APPLIES";
  return {
    id: r.id,
    number: r.number,
    buyer: { id: r.buyerId, name: r.buyerName },
    supplier: { id: r.supplierId, name: r.supplierName },
    status: r.status,
    statusLabel: ORDER_STATUS_LABELS[r.status],
    currentVersion: r.currentVersion,
    pendingVersion: r.pendingVersion,
    toriteki,
    toritekiLabel: TORITEKI_LABELS[`${toriteki}`],
    issuedAt: r.issuedAt.toISOString(),
    firstOpenedAt: iso(r.firstOpenedAt),
    answeredAt: iso(r.answeredAt),
    acknowledgementDueOn: acknowledgementDueOn(r.issuedAt),
    acknowledgementOverdue: r.status === "ISSUED" && acknowledgementOverdue(r.issuedAt, now),
    openTerms: r.openTerms,
    consultationDueOn: r.consultationDueOn,
    consultationOverdue: consultationOverdue(r.consultationDueOn, now),
  };
}

const at = (s: string | null) => (s ? new Date(s) : null);

const ORDER_CSV: Array<CsvColumn<OwnerOrderItem>> = [
  { header: "発注番号", value: (r) => r.number },
  { header: "発注者", value: (r) => r.buyer.name },
  { header: "受注者", value: (r) => r.supplier.name },
  { header: "状態", value: (r) => r.statusLabel },
  { header: "現在の版", value: (r) => r.currentVersion },
  { header: "回答待ちの変更", value: (r) => (r.pendingVersion ? `第${r.pendingVersion}版` : "") },
  { header: "取適法", value: (r) => r.toritekiLabel },
  { header: "発注日時", value: (r) => at(r.issuedAt) },
  { header: "受注者の初回閲覧", value: (r) => at(r.firstOpenedAt) },
  { header: "回答日時", value: (r) => at(r.answeredAt) },
  { header: "回答期限", value: (r) => r.acknowledgementDueOn },
  { header: "回答の遅れ", value: (r) => (r.acknowledgementOverdue ? "遅れ" : "") },
  { header: "未定事項", value: (r) => r.openTerms },
  { header: "価格協議の回答期限", value: (r) => r.consultationDueOn },
  { header: "価格協議の遅れ", value: (r) => (r.consultationOverdue ? "遅れ" : "") },
];

export type OwnerOrdersListing = Listing<OwnerOrderItem> & { overdue?: OwnerOrderOverdueCounts };

/** GET /api/owner/orders: a page (or the CSV) of orders, newest first, with the late counts. */
export async function listOrdersForOperator(
  db: Db,
  q: OwnerOrdersQuery,
  now = new Date(),
): Promise<OwnerOrdersListing> {
  const cutoff = acknowledgementCutoff(now);
  const today = todayInJapan(now);
  const { rows, total } = await repo.listOperatorOrders(
    db,
    { status: q.status, overdue: q.overdue, keyword: q.keyword, acknowledgementCutoff: cutoff, today },
    pageOf(q),
  );
  const out = listing(
    q,
    rows.map((r) => orderItem(r, now)),
    total,
    { name: "orders", columns: ORDER_CSV },
  );
  if ("kind" in out) return out;
  return { ...out, overdue: await repo.overdueCounts(db, cutoff, today) };
}
