"use client";

import type { z } from "zod";
import { MiniTable } from "@/components/owner/mini-table";
import { Panel, StatusBadge } from "@/components/owner/parts";
// A supplier's billing in the console (GET /api/owner/oem-detail/{id}): ticket balance, purchases,
// usages, plan contracts and invoices. The supplier page (companies/ui/console/suppliers.tsx) shows
// it where its page composes it.
import Link from "@/components/ui/link";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { formatDate, formatDateTime } from "@/lib/japanese-date";
import { useOwnerApi } from "@/lib/owner/owner-session";
import { yenOrDash } from "@/lib/yen";
import type { ownerSupplierBilling } from "@/modules/billing/billing-operator.schema";

const link = "font-bold text-brand-700 underline-offset-4 hover:underline";

type SupplierBilling = z.infer<typeof ownerSupplierBilling>;

function BillingPanels({ billing }: { billing: SupplierBilling }) {
  return (
    <>
      <Panel
        title="チケット購入"
        actions={
          <Link href={`/owner/ticket-purchases?companyId=${billing.company.id}`} className={link}>
            購入の一覧で見る
          </Link>
        }
      >
        <MiniTable
          label="チケット購入の履歴"
          rows={billing.purchases}
          rowKey={(r) => r.id}
          empty="チケットの購入はありません。"
          columns={[
            {
              header: "申込日時",
              cell: (r) => (
                <Link href={`/owner/ticket-purchases/${r.id}`} className={link}>
                  {formatDateTime(r.createdAt)}
                </Link>
              ),
            },
            { header: "枚数", cell: (r) => `${r.quantity}枚`, numeric: true },
            {
              header: "金額（税込）",
              cell: (r) => (r.isGrant ? "無償付与" : yenOrDash(r.totalYen)),
              numeric: true,
            },
            { header: "状態", cell: (r) => <StatusBadge kind="purchase" value={r.status} /> },
            { header: "請求書番号", cell: (r) => r.invoice?.number ?? "—" },
            { header: "入金確認日", cell: (r) => formatDate(r.paidAt) },
            { header: "申込者", cell: (r) => r.requestedBy?.name ?? "—" },
          ]}
        />
      </Panel>
      <Panel
        title="チケット利用"
        actions={
          <Link href={`/owner/ticket-usages?companyId=${billing.company.id}`} className={link}>
            利用の一覧で見る
          </Link>
        }
      >
        <MiniTable
          label="チケット利用の履歴"
          rows={billing.usages}
          rowKey={(r) => r.id}
          empty="チケットの利用はありません。"
          columns={[
            { header: "利用日時", cell: (r) => formatDateTime(r.createdAt) },
            {
              header: "案件",
              wrap: true,
              cell: (r) => (
                <Link href={`/owner/inquiries/${r.inquiry.id}`} className={link}>
                  {r.inquiry.title}
                </Link>
              ),
            },
            { header: "利用者", cell: (r) => r.usedBy?.name ?? "—" },
            {
              header: "返還",
              cell: (r) => (r.refundedAt ? `${formatDate(r.refundedAt)} 返還済み` : "—"),
            },
          ]}
        />
      </Panel>
      <Panel
        title="無制限プランの契約"
        actions={
          <Link href="/owner/plans" className={link}>
            無制限プランの管理へ
          </Link>
        }
      >
        <MiniTable
          label="無制限プランの契約"
          rows={billing.planContracts}
          rowKey={(r) => r.id}
          empty="無制限プランの申込・契約はありません。"
          columns={[
            { header: "状態", cell: (r) => <StatusBadge kind="plan" value={r.status} /> },
            { header: "月額", cell: (r) => yenOrDash(r.monthlyFeeYen), numeric: true },
            { header: "申込日", cell: (r) => formatDate(r.appliedAt) },
            { header: "開始日", cell: (r) => r.startsOn?.replaceAll("-", "/") ?? "—" },
            { header: "終了日", cell: (r) => r.endsOn?.replaceAll("-", "/") ?? "—" },
            { header: "解約の申出", cell: (r) => formatDate(r.cancelRequestedAt) },
            { header: "メモ", cell: (r) => r.note ?? "—", wrap: true },
          ]}
        />
      </Panel>
      <Panel title="請求書">
        <MiniTable
          label="請求書"
          rows={billing.invoices}
          rowKey={(r) => r.id}
          empty="請求書はまだありません。"
          columns={[
            { header: "請求書番号", cell: (r) => r.number },
            { header: "発行日", cell: (r) => formatDate(r.issuedAt) },
            {
              header: "内容",
              cell: (r) =>
                r.ticketPurchaseId ? (
                  <Link href={`/owner/ticket-purchases/${r.ticketPurchaseId}`} className={link}>
                    チケット購入
                  </Link>
                ) : r.planContractId ? (
                  `無制限プラン${r.billingMonth ? `（${r.billingMonth.slice(0, 7).replace("-", "年")}月分）` : ""}`
                ) : (
                  "—"
                ),
            },
            { header: "小計", cell: (r) => yenOrDash(r.subtotalYen), numeric: true },
            { header: "消費税", cell: (r) => yenOrDash(r.taxYen), numeric: true },
            { header: "合計", cell: (r) => yenOrDash(r.totalYen), numeric: true },
            { header: "支払期限", cell: (r) => r.dueOn?.replaceAll("-", "/") ?? "—" },
          ]}
        />
      </Panel>
    </>
  );
}

/** The billing section of a supplier's console page (loading and errors of its own call). */
export function SupplierBillingPanels({ companyId }: { companyId: string }) {
  const billing = useOwnerApi<SupplierBilling>(`/api/owner/oem-detail/${companyId}`);
  return billing.error ? (
    <LoadError error={billing.error} onRetry={() => void billing.mutate()} />
  ) : !billing.data ? (
    <LoadingBlock rows={1} />
  ) : (
    <BillingPanels billing={billing.data} />
  );
}
