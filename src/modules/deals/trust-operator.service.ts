import { type Listing, listing, pageOf } from "@/lib/console-listing";
import type { CsvColumn } from "@/lib/csv";
import type { Db } from "@/server/db/client";
import * as repo from "./trust-operator.repository";
import {
  SIGNAL_WINDOW_DAYS,
  type TrustBuyerItem,
  type TrustBuyersQuery,
  type TrustSummary,
  type TrustSupplierItem,
  type TrustSuppliersQuery,
} from "./trust-operator.schema";

// The operator's abuse signals (docs/trust.md "Signals"): read-only lists the operator acts on
// from the company pages (a buyer's nominations can be stopped there) and the reported messages.

const DAY_MS = 86_400_000;
const windowStart = (now: Date) => new Date(now.getTime() - SIGNAL_WINDOW_DAYS * DAY_MS);

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const COMPANY_STATUS = { ACTIVE: "利用中", DEACTIVATED: "退会済み" } as const;
const percent = (rate: number | null) => (rate === null ? null : `${Math.round(rate * 100)}%`);

function buyerItem(r: repo.BuyerSignalRow): TrustBuyerItem {
  const opportunities = Number(r.opportunities);
  const repliedInTime = Number(r.replied_in_time);
  return {
    company: { id: r.id, name: r.name, status: r.status },
    opportunities,
    repliedInTime,
    replyRate: opportunities > 0 ? repliedInTime / opportunities : null,
    closedInquiries: Number(r.closed_inquiries),
    decidedInquiries: Number(r.decided_inquiries),
    noReplyRefunds: Number(r.refunds),
    lowReplyRate: r.low_reply,
    manyRefunds: r.many_refunds,
    sharedMemberDeals: Number(r.shared_deals),
    sharedMember: r.shared_member,
    nominationsSuspendedAt: iso(r.nominations_suspended_at),
  };
}

const BUYER_CSV: Array<CsvColumn<TrustBuyerItem>> = [
  { header: "企業ID", value: (r) => r.company.id },
  { header: "企業名", value: (r) => r.company.name },
  { header: "状態", value: (r) => COMPANY_STATUS[r.company.status] },
  { header: "返信率", value: (r) => percent(r.replyRate) },
  { header: "期限内の返信", value: (r) => r.repliedInTime },
  { header: "対象の商談", value: (r) => r.opportunities },
  { header: "決定した案件", value: (r) => r.decidedInquiries },
  { header: "締め切った案件", value: (r) => r.closedInquiries },
  { header: `未返信による返却（${SIGNAL_WINDOW_DAYS}日）`, value: (r) => r.noReplyRefunds },
  { header: "返信率が低い", value: (r) => r.lowReplyRate },
  { header: "返却が多い", value: (r) => r.manyRefunds },
  { header: "メンバー共通の企業との商談", value: (r) => r.sharedMemberDeals },
  {
    header: "指名停止日時",
    value: (r) => (r.nominationsSuspendedAt ? new Date(r.nominationsSuspendedAt) : null),
  },
];

export async function listFlaggedBuyers(
  db: Db,
  q: TrustBuyersQuery,
  now = new Date(),
): Promise<Listing<TrustBuyerItem>> {
  const { rows, total } = await repo.listFlaggedBuyers(
    db,
    { signal: q.signal, since: windowStart(now) },
    pageOf(q),
  );
  return listing(q, rows.map(buyerItem), total, { name: "trust-buyers", columns: BUYER_CSV });
}

const SUPPLIER_CSV: Array<CsvColumn<TrustSupplierItem>> = [
  { header: "企業ID", value: (r) => r.company.id },
  { header: "企業名", value: (r) => r.company.name },
  { header: "状態", value: (r) => COMPANY_STATUS[r.company.status] },
  { header: `お見送り（${SIGNAL_WINDOW_DAYS}日）`, value: (r) => r.declined },
  { header: "見積を送った商談", value: (r) => r.quotesSent },
  { header: "受注", value: (r) => r.awardsWon },
];

export async function listFlaggedSuppliers(
  db: Db,
  q: TrustSuppliersQuery,
  now = new Date(),
): Promise<Listing<TrustSupplierItem>> {
  const { rows, total } = await repo.listFlaggedSuppliers(db, windowStart(now), pageOf(q));
  const items = rows.map((r) => ({
    company: { id: r.id, name: r.name, status: r.status },
    declined: Number(r.declined),
    quotesSent: Number(r.quotes_sent),
    awardsWon: Number(r.awards_won),
  }));
  return listing(q, items, total, { name: "trust-suppliers", columns: SUPPLIER_CSV });
}

export async function signalSummary(db: Db, now = new Date()): Promise<TrustSummary> {
  const c = await repo.signalCounts(db, windowStart(now));
  return {
    windowDays: SIGNAL_WINDOW_DAYS,
    buyers: Number(c.buyers),
    suppliers: Number(c.suppliers),
    openReports: Number(c.open_reports),
    suspendedBuyers: Number(c.suspended_buyers),
  };
}
