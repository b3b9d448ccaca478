"use client";

import { usePathname, useSearchParams } from "next/navigation";
import type { ReactNode } from "react";
import { linkClass } from "@/components/owner/console-helpers";
import { ConsoleList, type ListColumn, type ListFilter } from "@/components/owner/console-list";
import { Panel } from "@/components/owner/parts";
import { Badge } from "@/components/ui/card";
// 「不正・信頼シグナル」: buyers who rarely reply or whose silence gave many tickets back, suppliers
// whose quotes are often declined, and the reported messages not handled yet. Each tab is a page of
// its own list (?tab=); the operator acts from the company page (a buyer's nominations are stopped
// there) or the 通報メッセージ page.
import Link from "@/components/ui/link";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { PageHeader } from "@/components/ui/page-parts";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/japanese-date";
import { useOwnerApi } from "@/lib/owner/owner-session";
import type { TrustBuyerItem, TrustSummary, TrustSupplierItem } from "../../trust-operator.schema";

const TITLE = "不正・信頼シグナル";
const SUMMARY = "/api/owner/trust-signals";

type Tab = "buyers" | "suppliers" | "reports";
const TABS: Array<{ tab: Tab; label: string; count: (s: TrustSummary) => number }> = [
  { tab: "buyers", label: "発注者", count: (s) => s.buyers },
  { tab: "suppliers", label: "OEMメーカー", count: (s) => s.suppliers },
  { tab: "reports", label: "通報メッセージ", count: (s) => s.openReports },
];

function SignalTabs({ current, summary }: { current: Tab; summary: TrustSummary | undefined }) {
  const pathname = usePathname() ?? "/owner/trust-signals";
  return (
    <nav aria-label="シグナルの種類" className="mt-1 border-b border-slate-200">
      <ul className="relative -mb-px flex gap-1 overflow-x-auto">
        {TABS.map((t) => {
          const on = t.tab === current;
          return (
            <li key={t.tab} className="shrink-0">
              <Link
                href={t.tab === "buyers" ? pathname : `${pathname}?tab=${t.tab}`}
                aria-current={on ? "page" : undefined}
                className={cn(
                  "inline-flex h-11 items-center gap-1.5 border-b-2 px-3 text-sm font-bold whitespace-nowrap",
                  on
                    ? "border-brand-600 text-brand-700"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
                )}
              >
                {t.label}
                {summary && (
                  <span className="rounded-full bg-slate-100 px-2 text-xs text-slate-700">
                    {t.count(summary).toLocaleString("ja-JP")}
                    <span className="sr-only">件</span>
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Lead({ children, tab, summary }: { children: ReactNode; tab: Tab; summary?: TrustSummary }) {
  return (
    <>
      <p>{children}</p>
      <SignalTabs current={tab} summary={summary} />
    </>
  );
}

const rate = (r: TrustBuyerItem) =>
  r.replyRate === null ? "—" : `${Math.round(r.replyRate * 100)}%（${r.repliedInTime}/${r.opportunities}件）`;

function BuyerSignals({ summary }: { summary?: TrustSummary }) {
  const filters: ListFilter[] = [
    {
      name: "signal",
      label: "シグナル",
      type: "select",
      options: [
        { value: "", label: "すべて" },
        { value: "low-reply", label: "返信率が低い" },
        { value: "refunds", label: "チケットの返却が多い" },
        { value: "shared-member", label: "メンバー共通の企業との取引" },
      ],
    },
  ];
  const columns: Array<ListColumn<TrustBuyerItem>> = [
    {
      header: "企業名",
      cell: (r) => (
        <span className="flex flex-col gap-0.5">
          <Link href={`/owner/buyers/${r.company.id}`} className={`${linkClass} break-words`}>
            {r.company.name}
          </Link>
          {r.company.status === "DEACTIVATED" && <span className="text-xs text-slate-500">退会済み</span>}
        </span>
      ),
    },
    {
      header: "シグナル",
      cell: (r) => (
        <span className="flex flex-wrap gap-1">
          {r.lowReplyRate && <Badge tone="gold">返信率が低い</Badge>}
          {r.manyRefunds && <Badge tone="red">返却が多い</Badge>}
          {r.sharedMember && <Badge tone="red">{`メンバー共通の企業と${r.sharedMemberDeals}件`}</Badge>}
        </span>
      ),
    },
    { header: "返信率", cell: rate, numeric: true },
    {
      header: "決定した案件",
      cell: (r) => `${r.decidedInquiries}/${r.closedInquiries}件`,
      numeric: true,
      desktopOnly: true,
    },
    {
      header: `未返信による返却（${summary?.windowDays ?? 90}日）`,
      cell: (r) => `${r.noReplyRefunds}件`,
      numeric: true,
    },
    {
      header: "指名での依頼",
      cell: (r) =>
        r.nominationsSuspendedAt ? (
          <span className="flex flex-col items-start gap-0.5">
            <Badge tone="red">停止中</Badge>
            <span className="text-xs text-slate-500">{formatDate(r.nominationsSuspendedAt)}から</span>
          </span>
        ) : (
          <span className="text-slate-600">受付中</span>
        ),
    },
  ];
  return (
    <ConsoleList
      title={TITLE}
      lead={
        <Lead tab="buyers" summary={summary}>
          返信率（期限内に返信した商談の割合）が50%未満の発注者（対象の商談3件以上）と、直近
          {summary?.windowDays ?? 90}
          日に未返信によるチケットの返却が2件以上あった発注者、メンバーが共通するOEMメーカーとの商談がある発注者（その商談は実績・評価の集計に含めていません）です。指名での依頼の停止・解除は企業ページから行えます。
        </Lead>
      }
      endpoint="/api/owner/trust-signals/buyers"
      preserve={["tab"]}
      filters={filters}
      columns={columns}
      rowKey={(r) => r.company.id}
      csvName="trust-buyers.csv"
      empty="該当する発注者はいません。"
    />
  );
}

function SupplierSignals({ summary }: { summary?: TrustSummary }) {
  const columns: Array<ListColumn<TrustSupplierItem>> = [
    {
      header: "企業名",
      cell: (r) => (
        <span className="flex flex-col gap-0.5">
          <Link href={`/owner/suppliers/${r.company.id}`} className={`${linkClass} break-words`}>
            {r.company.name}
          </Link>
          {r.company.status === "DEACTIVATED" && <span className="text-xs text-slate-500">退会済み</span>}
        </span>
      ),
    },
    { header: `お見送り（${summary?.windowDays ?? 90}日）`, cell: (r) => `${r.declined}件`, numeric: true },
    { header: "見積を送った商談", cell: (r) => `${r.quotesSent}件`, numeric: true },
    { header: "受注", cell: (r) => `${r.awardsWon}件`, numeric: true },
  ];
  return (
    <ConsoleList
      title={TITLE}
      lead={
        <Lead tab="suppliers" summary={summary}>
          直近{summary?.windowDays ?? 90}
          日に、発注者からお見送りになった商談が3件以上あるOEMメーカーです。見積を送った商談と受注はこれまでの件数です。
        </Lead>
      }
      endpoint="/api/owner/trust-signals/suppliers"
      preserve={["tab"]}
      filters={[]}
      columns={columns}
      rowKey={(r) => r.company.id}
      csvName="trust-suppliers.csv"
      empty="該当するOEMメーカーはありません。"
    />
  );
}

function ReportSignals({
  summary,
  error,
  retry,
}: {
  summary?: TrustSummary;
  error: unknown;
  retry: () => void;
}) {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={TITLE}
        lead={
          <Lead tab="reports" summary={summary}>
            商談スレッドで会員が通報し、まだ対応していないメッセージの数です。
          </Lead>
        }
      />
      {error && !summary ? (
        <LoadError error={error} onRetry={retry} />
      ) : !summary ? (
        <LoadingBlock rows={1} />
      ) : (
        <Panel title="未対応の通報メッセージ">
          <p className="text-sm text-slate-700">
            <span className="text-2xl font-bold text-slate-900">
              {summary.openReports.toLocaleString("ja-JP")}
            </span>
            件
          </p>
          <p className="mt-3 text-sm">
            <Link href="/owner/deal-reports" className={linkClass}>
              通報メッセージの一覧で確認・対応する
            </Link>
          </p>
        </Panel>
      )}
    </div>
  );
}

export function TrustSignals() {
  const params = useSearchParams() ?? new URLSearchParams();
  const raw = params.get("tab");
  const tab: Tab = raw === "suppliers" || raw === "reports" ? raw : "buyers";
  const { data: summary, error, mutate } = useOwnerApi<TrustSummary>(SUMMARY);
  if (tab === "suppliers") return <SupplierSignals summary={summary} />;
  if (tab === "reports") return <ReportSignals summary={summary} error={error} retry={() => void mutate()} />;
  return <BuyerSignals summary={summary} />;
}
