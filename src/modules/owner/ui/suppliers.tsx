"use client";

// A supplier in the console: the company, its OEM information, members and figures
// (GET /api/owner/oem/{id}) and its billing — ticket balance, purchases, usages, plan
// contracts, invoices (GET /api/owner/oem-detail/{id}).
import { ExternalLink } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import type { z } from "zod";
import { Badge } from "@/components/ui/card";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { cn } from "@/lib/cn";
import { formatDate, formatDateTime } from "@/lib/japanese-date";
import { useOwnerApi } from "@/lib/owner/owner-session";
import { yenOrDash } from "@/lib/yen";
import type { ownerSupplierDetail } from "@/modules/companies/company-operator.schema";
import type { ownerSupplierBilling } from "../owner.schema";
import { CompanyFields, DeactivationsPanel, MembersPanel } from "./companies";
import { BackLink, Fields, Panel, StatusBadge } from "./parts";

const link = "font-bold text-brand-700 underline-offset-4 hover:underline";

type SupplierDetail = z.infer<typeof ownerSupplierDetail>;
type SupplierBilling = z.infer<typeof ownerSupplierBilling>;

export interface MiniColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
  /** Long text that may wrap (the other cells keep to one line). */
  wrap?: boolean;
}

/** A small table of a detail page; it scrolls sideways inside its card on phones. */
export function MiniTable<T>({
  label,
  columns,
  rows,
  rowKey,
  empty,
}: {
  label: string;
  columns: Array<MiniColumn<T>>;
  rows: T[];
  rowKey: (row: T) => string;
  empty: string;
}) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <section aria-label={label} className="-mx-4 overflow-x-auto px-4 desktop:mx-0 desktop:px-0">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-xs text-slate-600">
          <tr>
            {columns.map((c) => (
              <th
                key={c.header}
                scope="col"
                className={cn("px-3 py-2 font-bold whitespace-nowrap", c.numeric && "text-right")}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="align-top">
              {columns.map((c) => (
                <td
                  key={c.header}
                  className={cn(
                    "px-3 py-2",
                    c.wrap ? "min-w-48" : "whitespace-nowrap",
                    c.numeric && "text-right tabular-nums",
                  )}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Figure({ label, value, href }: { label: string; value: string; href?: string }) {
  const body = (
    <>
      <span className="text-xs font-bold text-slate-500">{label}</span>
      <span className="text-xl font-bold text-slate-900 tabular-nums">{value}</span>
    </>
  );
  const box = "flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-4 shadow-sm";
  return href ? (
    <Link href={href} className={cn(box, "hover:border-brand-600")}>
      {body}
    </Link>
  ) : (
    <div className={box}>{body}</div>
  );
}

function ProfilePanel({ data }: { data: SupplierDetail }) {
  const p = data.profile;
  return (
    <Panel title="OEM情報">
      <Fields
        rows={[
          [
            "企業名の公開",
            data.company.namePublished ? "公開" : "非公開（検索・公開ページでは企業名を伏せます）",
          ],
          ["カテゴリ", data.categories.map((c) => c.name).join("、")],
          ["キャッチコピー", p?.catchphrase],
          ["強み", p?.strengths],
          ["最小ロット", p?.minimumLot],
          ["納期の目安", p?.leadTime],
          ["生産能力", p?.capacity],
          ["認証・資格", p?.certifications],
          ["対応サービス", p?.services],
          ["価格帯", p?.priceRange],
          ["情報の充実度", p ? `${p.profileCompleteness}%` : null],
        ]}
      />
    </Panel>
  );
}

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

export function SupplierDetail({ companyId }: { companyId: string }) {
  const { data, error, mutate } = useOwnerApi<SupplierDetail>(`/api/owner/oem/${companyId}`);
  const billing = useOwnerApi<SupplierBilling>(`/api/owner/oem-detail/${companyId}`);
  return (
    <div className="flex flex-col gap-6">
      <BackLink href="/owner/suppliers">OEMメーカーの一覧へ</BackLink>
      {error ? (
        <LoadError error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingBlock rows={2} />
      ) : (
        <>
          <div className="flex flex-col gap-3 desktop:flex-row desktop:items-start desktop:justify-between">
            <div className="flex min-w-0 flex-col gap-2">
              <h1 className="text-2xl font-bold break-words text-slate-900">{data.company.name}</h1>
              <p className="flex flex-wrap gap-1.5">
                <StatusBadge kind="company" value={data.company.status} />
                <StatusBadge kind="payment" value={data.company.paymentStatus ?? "OEM_FREE"} />
                {!data.company.namePublished && <Badge tone="slate">企業名非公開</Badge>}
              </p>
            </div>
            <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
              {data.company.status === "ACTIVE" && (
                <a
                  href={`/oem/company/${companyId}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={cn(link, "inline-flex items-center gap-1")}
                >
                  公開ページを見る
                  <ExternalLink aria-hidden className="size-4" />
                  <span className="sr-only">（新しいタブで開きます）</span>
                </a>
              )}
              <Link href={`/owner/inquiries?supplierCompanyId=${companyId}`} className={link}>
                届いた問い合わせを見る
              </Link>
              <Link href={`/owner/entries?supplierCompanyId=${companyId}`} className={link}>
                エントリーを見る
              </Link>
            </div>
          </div>

          <div className="grid grid-cols-2 gap-3 desktop:grid-cols-5">
            <Figure
              label="チケット残数"
              value={`${(billing.data?.ticketBalance ?? data.ticketBalance).toLocaleString("ja-JP")}枚`}
            />
            <Figure
              label="指名問い合わせ"
              value={`${data.nominationCount.toLocaleString("ja-JP")}件`}
              href={`/owner/inquiries?type=NOMINATION&supplierCompanyId=${companyId}`}
            />
            <Figure
              label="エントリー"
              value={`${data.entryCount.toLocaleString("ja-JP")}件`}
              href={`/owner/entries?supplierCompanyId=${companyId}`}
            />
            <Figure label="事例" value={`${data.caseCount.toLocaleString("ja-JP")}件`} />
            <Figure label="情報の充実度" value={`${data.profile?.profileCompleteness ?? 0}%`} />
          </div>

          <Panel title="企業情報">
            <CompanyFields company={data.company} />
          </Panel>
          <ProfilePanel data={data} />

          <h2 className="mt-2 text-lg font-bold text-slate-900">課金</h2>
          {billing.error ? (
            <LoadError error={billing.error} onRetry={() => void billing.mutate()} />
          ) : !billing.data ? (
            <LoadingBlock rows={1} />
          ) : (
            <BillingPanels billing={billing.data} />
          )}

          <MembersPanel members={data.members} />
          <DeactivationsPanel items={data.deactivations} />
        </>
      )}
    </div>
  );
}
