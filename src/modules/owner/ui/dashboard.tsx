"use client";

// The console's top page: what needs the operator today, each count a link to its list.
import { RefreshCw } from "lucide-react";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { PageHeader } from "@/components/ui/page-parts";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/japanese-date";
import { useOwnerApi } from "@/lib/owner/owner-session";
import type { dashboardCounts } from "../owner.schema";

type Counts = z.infer<typeof dashboardCounts>;

function Tile({
  label,
  value,
  href,
  note,
  alert,
}: {
  label: string;
  value: number;
  href: string;
  note?: string;
  alert?: boolean;
}) {
  return (
    <Link
      href={href}
      className={cn(
        "flex flex-col gap-1 rounded-lg border bg-white p-5 shadow-sm hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600",
        alert && value > 0 ? "border-amber-300" : "border-slate-200",
      )}
    >
      <span className="text-sm font-bold text-slate-600">{label}</span>
      <span
        className={cn(
          "text-3xl font-bold tabular-nums",
          alert && value > 0 ? "text-amber-700" : "text-slate-900",
        )}
      >
        {value.toLocaleString("ja-JP")}
        <span className="ml-1 text-base font-bold">件</span>
      </span>
      {note && <span className="text-xs text-slate-500">{note}</span>}
    </Link>
  );
}

export function OwnerDashboard() {
  const { data, error, isValidating, mutate } = useOwnerApi<Counts>("/api/owner/dashboard");
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="ダッシュボード"
        lead={data ? `${formatDateTime(data.generatedAt)} 時点` : undefined}
        actions={
          <Button variant="outline" size="sm" onClick={() => void mutate()} disabled={isValidating}>
            <RefreshCw aria-hidden className={cn("size-4", isValidating && "animate-spin")} />
            最新の状態にする
          </Button>
        }
      />
      {error && !data ? (
        <LoadError error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingBlock rows={2} />
      ) : (
        <>
          <section aria-labelledby="todo-title" className="flex flex-col gap-3">
            <h2 id="todo-title" className="text-lg font-bold text-slate-900">
              対応が必要なもの
            </h2>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 desktop:grid-cols-4">
              <Tile
                label="審査待ちの一括問い合わせ"
                value={data.bulkInquiriesInReview}
                href="/owner/inquiries?type=BULK&status=REVIEW"
                alert
              />
              <Tile
                label="入金待ちのチケット購入"
                value={data.pendingTicketPurchases}
                href="/owner/ticket-purchases?status=PENDING"
                alert
              />
              <Tile
                label="無制限プランの申込"
                value={data.planApplicationsWaiting}
                href="/owner/plans"
                alert
              />
              <Tile
                label="送信に失敗したメール"
                value={data.outbox.failed}
                href="/owner/outbox?status=FAILED"
                note={`送信待ち ${data.outbox.pending.toLocaleString("ja-JP")}件`}
                alert
              />
            </div>
          </section>
          <section aria-labelledby="recent-title" className="flex flex-col gap-3">
            <h2 id="recent-title" className="text-lg font-bold text-slate-900">
              最近の動き
            </h2>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 desktop:grid-cols-4">
              <Tile
                label={`新規登録の発注者（${data.registrations.days}日間）`}
                value={data.registrations.buyers}
                href="/owner/buyers"
              />
              <Tile
                label={`新規登録のOEMメーカー（${data.registrations.days}日間）`}
                value={data.registrations.suppliers}
                href="/owner/suppliers"
              />
              <Tile label="資料請求（7日間）" value={data.leadsLast7Days} href="/owner/leads" />
              <Tile
                label="お問い合わせ（7日間）"
                value={data.supportRequestsLast7Days}
                href="/owner/support-requests"
              />
            </div>
          </section>
        </>
      )}
    </div>
  );
}
