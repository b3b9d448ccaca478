"use client";

import type { z } from "zod";
import { ConsoleList, type ListColumn, type ListFilter } from "@/components/owner/console-list";
import { AuditTrail, BackLink, Fields, optionsOf, Panel, StatusBadge } from "@/components/owner/parts";
// Buyers and suppliers in the console: the two lists and the buyer's detail.
import Link from "@/components/ui/link";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { formatDate, formatDateTime } from "@/lib/japanese-date";
import { INQUIRY_STATUS } from "@/lib/owner/console-labels";
import { useOwnerApi } from "@/lib/owner/owner-session";
import type {
  OwnerBuyerItem,
  OwnerSupplierItem,
  ownerBuyerDetail,
} from "@/modules/companies/company-operator.schema";
import { NominationSuspensionPanel } from "./nomination-suspension-panel";

const link = "font-bold text-brand-700 underline-offset-4 hover:underline";

const companyFilters: ListFilter[] = [
  { name: "keyword", label: "キーワード", type: "search", placeholder: "企業名・フリガナ・電話番号・メール" },
  { name: "status", label: "状態", type: "select", options: optionsOf("company") },
  {
    name: "sort",
    label: "並び順",
    type: "select",
    options: [
      { value: "", label: "登録日が新しい順" },
      { value: "oldest", label: "登録日が古い順" },
      { value: "name", label: "企業名順" },
    ],
  },
];

function adminOf(row: { admin: { name: string; email: string } | null }) {
  return row.admin ? (
    <span className="flex flex-col">
      <span>{row.admin.name}</span>
      <span className="text-xs break-all text-slate-500">{row.admin.email}</span>
    </span>
  ) : (
    "—"
  );
}

export function BuyersList() {
  const columns: Array<ListColumn<OwnerBuyerItem>> = [
    {
      header: "企業名",
      cell: (r) => (
        <Link href={`/owner/buyers/${r.id}`} className={link}>
          {r.name}
        </Link>
      ),
    },
    { header: "状態", cell: (r) => <StatusBadge kind="company" value={r.status} /> },
    { header: "所在地", cell: (r) => r.prefectureName ?? "—", desktopOnly: true },
    { header: "管理者", cell: adminOf },
    { header: "メンバー", cell: (r) => `${r.memberCount}名`, numeric: true, desktopOnly: true },
    { header: "問い合わせ", cell: (r) => `${r.inquiryCount}件`, numeric: true },
    { header: "登録日", cell: (r) => formatDate(r.createdAt) },
  ];
  return (
    <ConsoleList
      title="発注者"
      endpoint="/api/owner/buyer"
      filters={companyFilters}
      columns={columns}
      rowKey={(r) => r.id}
      csvName="buyers.csv"
    />
  );
}

export function SuppliersList() {
  const columns: Array<ListColumn<OwnerSupplierItem>> = [
    {
      header: "企業名",
      cell: (r) => (
        <span className="flex flex-col gap-0.5">
          <Link href={`/owner/suppliers/${r.id}`} className={link}>
            {r.name}
          </Link>
          {!r.namePublished && <span className="text-xs text-slate-500">企業名非公開</span>}
        </span>
      ),
    },
    {
      header: "状態",
      cell: (r) => (
        <span className="flex flex-wrap gap-1">
          <StatusBadge kind="company" value={r.status} />
          <StatusBadge kind="payment" value={r.paymentStatus} />
        </span>
      ),
    },
    { header: "管理者", cell: adminOf, desktopOnly: true },
    { header: "チケット", cell: (r) => `${r.ticketBalance}枚`, numeric: true },
    { header: "事例", cell: (r) => `${r.caseCount}件`, numeric: true, desktopOnly: true },
    { header: "エントリー", cell: (r) => `${r.entryCount}件`, numeric: true, desktopOnly: true },
    { header: "充実度", cell: (r) => `${r.profileCompleteness}%`, numeric: true, desktopOnly: true },
    { header: "登録日", cell: (r) => formatDate(r.createdAt) },
  ];
  return (
    <ConsoleList
      title="OEMメーカー"
      endpoint="/api/owner/oem"
      filters={[
        ...companyFilters.slice(0, 2),
        { name: "paymentStatus", label: "プラン", type: "select", options: optionsOf("payment") },
        companyFilters[2]!,
      ]}
      columns={columns}
      rowKey={(r) => r.id}
      csvName="suppliers.csv"
    />
  );
}

type CompanyDetail = z.infer<typeof ownerBuyerDetail>;

/** The company's own fields, shared by the buyer and supplier detail pages. */
export function CompanyFields({ company }: { company: CompanyDetail["company"] }) {
  return (
    <Fields
      rows={[
        ["企業名", company.name],
        ["フリガナ", company.nameKana],
        ["状態", <StatusBadge key="s" kind="company" value={company.status} />],
        ["郵便番号", company.postalCode],
        ["所在地", [company.prefecture?.name, company.address].filter(Boolean).join(" ")],
        ["電話番号", company.phone],
        [
          "Webサイト",
          company.website ? (
            <a key="w" href={company.website} target="_blank" rel="noopener noreferrer" className={link}>
              {company.website}
            </a>
          ) : null,
        ],
        ["代表者", company.representativeName],
        ["設立", company.establishedYear ? `${company.establishedYear}年` : null],
        ["資本金", company.capitalYen ? `${company.capitalYen.toLocaleString("ja-JP")}円` : null],
        ["従業員数", company.employeeCount ? `${company.employeeCount.toLocaleString("ja-JP")}名` : null],
        ["業種", company.industry],
        ["事業内容", company.description],
        ["登録日時", formatDateTime(company.createdAt)],
        ["退会日時", company.deactivatedAt ? formatDateTime(company.deactivatedAt) : null],
      ]}
    />
  );
}

export function MembersPanel({ members }: { members: CompanyDetail["members"] }) {
  return (
    <Panel title={`メンバー（${members.length}名）`}>
      <ul className="flex flex-col divide-y divide-slate-100">
        {members.map((m) => (
          <li
            key={m.userId}
            className="flex flex-col gap-0.5 py-3 text-sm sm:flex-row sm:items-center sm:gap-4"
          >
            <span className="font-bold text-slate-900 sm:w-40">{m.name}</span>
            <span className="break-all text-slate-700 sm:flex-1">
              {m.email}
              {!m.emailVerified && <span className="ml-2 text-xs text-amber-700">（メール未確認）</span>}
            </span>
            <StatusBadge kind="role" value={m.role} />
            <span className="text-xs text-slate-500">{formatDate(m.joinedAt)} 参加</span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

export function DeactivationsPanel({ items }: { items: CompanyDetail["deactivations"] }) {
  if (items.length === 0) return null;
  return (
    <Panel title="退会の記録">
      {items.map((d) => (
        <Fields
          key={d.id}
          rows={[
            ["日時", formatDateTime(d.createdAt)],
            ["手続きした人", d.by ? `${d.by.name}（${d.by.email}）` : null],
            ["理由", d.reasons.map((r) => r.label).join("、")],
            ["コメント", d.comment],
          ]}
        />
      ))}
    </Panel>
  );
}

export function BuyerDetail({ companyId }: { companyId: string }) {
  const { data, error, mutate } = useOwnerApi<CompanyDetail>(`/api/owner/buyer/${companyId}`);
  return (
    <div className="flex flex-col gap-6">
      <BackLink href="/owner/buyers">発注者の一覧へ</BackLink>
      {error ? (
        <LoadError error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingBlock rows={2} />
      ) : (
        <>
          <h1 className="text-2xl font-bold text-slate-900">{data.company.name}</h1>
          <Panel
            title="問い合わせ"
            actions={
              <Link href={`/owner/inquiries?buyerCompanyId=${companyId}`} className={link}>
                この発注者の問い合わせを見る
              </Link>
            }
          >
            <p className="text-sm">
              全{data.inquiryCount}件
              {Object.entries(data.inquiryCountsByStatus).map(([s, n]) => (
                <span key={s} className="ml-3 text-slate-600">
                  {INQUIRY_STATUS[s as keyof typeof INQUIRY_STATUS] ?? s} {n}件
                </span>
              ))}
            </p>
          </Panel>
          <Panel title="企業情報">
            <CompanyFields company={data.company} />
          </Panel>
          <MembersPanel members={data.members} />
          <DeactivationsPanel items={data.deactivations} />
          <NominationSuspensionPanel
            companyId={companyId}
            companyName={data.company.name}
            suspension={data.nominationSuspension}
          />
          <AuditTrail targetType="company" targetId={companyId} />
        </>
      )}
    </div>
  );
}
