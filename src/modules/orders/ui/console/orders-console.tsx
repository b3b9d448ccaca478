"use client";

// 「発注」: every company's orders as metadata (no amount, no term), with the late answers and
// price consultations to follow up; the badges count them over all orders and filter to them.
import { useSearchParams } from "next/navigation";
import { linkClass } from "@/components/owner/console-helpers";
import { ConsoleList, type ListColumn, type ListFilter, listSearch } from "@/components/owner/console-list";
import { Badge } from "@/components/ui/card";
import Link from "@/components/ui/link";
import { formatDate, formatDateTime } from "@/lib/japanese-date";
import { useOwnerApi } from "@/lib/owner/owner-session";
import type { OwnerOrderItem, OwnerOrderOverdueCounts } from "../../order-operator.schema";

const ENDPOINT = "/api/owner/orders";

const FILTERS: ListFilter[] = [
  { name: "keyword", label: "キーワード", type: "search", placeholder: "発注番号・会社名" },
  {
    name: "status",
    label: "状態",
    type: "select",
    options: [
      { value: "", label: "すべて" },
      { value: "ISSUED", label: "受注者の回答待ち" },
      { value: "ACCEPTED", label: "受注済み" },
      { value: "RETURNED", label: "差し戻し" },
    ],
  },
  {
    name: "overdue",
    label: "遅れ",
    type: "select",
    options: [
      { value: "", label: "すべて" },
      { value: "ACKNOWLEDGEMENT", label: "受注者の回答の遅れ" },
      { value: "CONSULTATION", label: "価格協議の回答の遅れ" },
    ],
  },
];

const STATUS_TONES = { ISSUED: "gold", ACCEPTED: "green", RETURNED: "slate" } as const;

/** The late counts, read with the list itself (the same request: SWR shares one key). */
function OverdueBadges() {
  const params = useSearchParams() ?? new URLSearchParams();
  const query = listSearch(
    params,
    FILTERS.map((f) => f.name),
  ).toString();
  const { data } = useOwnerApi<{ overdue?: OwnerOrderOverdueCounts }>(`${ENDPOINT}?${query}`, {
    keepPreviousData: true,
  });
  const counts = data?.overdue;
  if (!counts) return null;
  const badge = (kind: "ACKNOWLEDGEMENT" | "CONSULTATION", label: string, n: number) => (
    <Link
      href={`/owner/orders?overdue=${kind}`}
      className="inline-flex items-center gap-2 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm font-bold text-slate-800 hover:bg-slate-50"
    >
      {label}
      <Badge tone={n > 0 ? "red" : "slate"} className="tabular-nums">
        {n.toLocaleString("ja-JP")}件
      </Badge>
    </Link>
  );
  return (
    <div className="flex flex-wrap gap-2">
      {badge("ACKNOWLEDGEMENT", "回答の遅れ", counts.acknowledgement)}
      {badge("CONSULTATION", "価格協議の遅れ", counts.consultation)}
    </div>
  );
}

const COLUMNS: Array<ListColumn<OwnerOrderItem>> = [
  {
    header: "発注番号",
    cell: (r) => (
      <span className="flex flex-col gap-0.5">
        <span className="font-bold break-all text-slate-900">{r.number}</span>
        <span className="text-xs whitespace-nowrap text-slate-600">{formatDateTime(r.issuedAt)}</span>
      </span>
    ),
  },
  {
    header: "発注者 → 受注者",
    cell: (r) => (
      <span className="flex flex-col gap-0.5">
        <Link href={`/owner/buyers/${r.buyer.id}`} className={`${linkClass} break-words`}>
          {r.buyer.name}
        </Link>
        <Link href={`/owner/suppliers/${r.supplier.id}`} className={`${linkClass} break-words`}>
          → {r.supplier.name}
        </Link>
      </span>
    ),
  },
  {
    header: "状態",
    cell: (r) => (
      <span className="flex flex-col items-start gap-1">
        <Badge tone={STATUS_TONES[r.status]} className="whitespace-nowrap">
          {r.statusLabel}
        </Badge>
        <span className="text-xs text-slate-600">
          第{r.currentVersion}版{r.pendingVersion ? `（第${r.pendingVersion}版の変更が回答待ち）` : ""}
        </span>
      </span>
    ),
  },
  {
    header: "取適法",
    cell: (r) => (
      <Badge tone={r.toriteki ? "brand" : "slate"} className="whitespace-nowrap">
        {r.toritekiLabel}
      </Badge>
    ),
  },
  {
    header: "受注者の対応",
    cell: (r) => (
      <span className="flex flex-col gap-0.5 text-xs text-slate-700">
        <span>
          初回閲覧：<span className="whitespace-nowrap">{formatDateTime(r.firstOpenedAt)}</span>
        </span>
        <span>
          回答：<span className="whitespace-nowrap">{formatDateTime(r.answeredAt)}</span>
        </span>
        {r.status === "ISSUED" && (
          <span className="flex flex-wrap items-center gap-1">
            回答期限：<span className="whitespace-nowrap">{formatDate(r.acknowledgementDueOn)}</span>
            {r.acknowledgementOverdue && <Badge tone="red">遅れ</Badge>}
          </span>
        )}
      </span>
    ),
  },
  {
    header: "未定事項",
    numeric: true,
    desktopOnly: true,
    cell: (r) => (r.openTerms > 0 ? `${r.openTerms}件` : "—"),
  },
  {
    header: "価格協議",
    cell: (r) =>
      r.consultationDueOn ? (
        <span className="flex flex-wrap items-center gap-1 text-xs text-slate-700">
          回答期限：<span className="whitespace-nowrap">{formatDate(r.consultationDueOn)}</span>
          {r.consultationOverdue && <Badge tone="red">遅れ</Badge>}
        </span>
      ) : (
        <span className="text-slate-500">—</span>
      ),
  },
];

export function OrdersConsole() {
  return (
    <ConsoleList
      title="発注"
      lead={
        <>
          <p>
            各社の発注の状態と日時です。金額や取引条件は表示しません。受注者の回答は発注日の翌日から3営業日以内、価格協議への発注者の回答は期限日までが目安です。
          </p>
          <div className="mt-3">
            <OverdueBadges />
          </div>
        </>
      }
      endpoint={ENDPOINT}
      filters={FILTERS}
      columns={COLUMNS}
      rowKey={(r) => r.id}
      csvName="orders.csv"
      empty="該当する発注はありません。"
    />
  );
}
