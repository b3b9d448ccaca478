"use client";

import { useState } from "react";
import { linkClass } from "@/components/owner/console-helpers";
import { MiniTable } from "@/components/owner/mini-table";
import { Panel } from "@/components/owner/parts";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
// The inquiry page's 「商談スレッド」 panel: one row per supplier with states, counts and dates — never
// the content. Reading a thread goes through ReadThreadDialog (a reason, recorded first).
import Link from "@/components/ui/link";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { formatDateTime } from "@/lib/japanese-date";
import { useOwnerApi } from "@/lib/owner/owner-session";
import type { DealStatus } from "../../deal.policy";
import type { OwnerDealThread } from "../../deal-operator.schema";
import { ReadThreadDialog } from "./read-thread-dialog";

const TONE: Record<DealStatus, "slate" | "brand" | "gold" | "red" | "green"> = {
  NEW: "gold",
  QUOTED: "brand",
  AWARDED: "green",
  DECLINED: "slate",
  WITHDRAWN: "slate",
};

function Decision({ t }: { t: OwnerDealThread }) {
  const d = t.decision;
  if (!d) return <span className="text-slate-500">未決定</span>;
  return (
    <span className="flex flex-col gap-0.5">
      <span className="font-bold text-slate-900">
        {t.statusLabel}
        {d.awardedVersion ? `（第${d.awardedVersion}版）` : ""}
      </span>
      {d.reasonLabel && <span className="text-xs text-slate-600">理由：{d.reasonLabel}</span>}
      {d.poNumber && <span className="text-xs text-slate-600">発注番号：{d.poNumber}</span>}
      <span className="text-xs text-slate-500">{formatDateTime(d.decidedAt)}</span>
    </span>
  );
}

export function DealThreadsPanel({ contactId }: { contactId: string }) {
  const { data, error, mutate } = useOwnerApi<{ items: OwnerDealThread[] }>(
    `/api/owner/contact/${contactId}/deal-threads`,
  );
  const [reading, setReading] = useState<OwnerDealThread | null>(null);
  const title = data ? `商談スレッド（${data.items.length}件）` : "商談スレッド";
  return (
    <Panel title={title}>
      {error ? (
        <LoadError error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingBlock rows={1} />
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-xs text-slate-600">
            状態・件数・日時のみを表示しています。メッセージの内容は「内容を確認（理由を記録）」から、理由を記録したうえで確認できます。
          </p>
          <MiniTable
            label="商談スレッドの一覧"
            rows={data.items}
            rowKey={(t) => t.id}
            empty="商談スレッドはまだありません。"
            columns={[
              {
                header: "OEMメーカー",
                wrap: true,
                cell: (t) => (
                  <Link href={`/owner/suppliers/${t.supplier.id}`} className={linkClass}>
                    {t.supplier.name}
                  </Link>
                ),
              },
              {
                header: "状態",
                cell: (t) => (
                  <span className="flex flex-col items-start gap-1">
                    <Badge tone={TONE[t.status]} className="whitespace-nowrap">
                      {t.statusLabel}
                    </Badge>
                    {t.openReports > 0 && <Badge tone="red">通報 {t.openReports}件</Badge>}
                  </span>
                ),
              },
              { header: "見積", cell: (t) => (t.quoteVersion > 0 ? `第${t.quoteVersion}版` : "未提出") },
              // Count, last activity and unread in one column: as eight columns the table was wider
              // than the panel at 1440 px and cut the read button off (issue 33 item 24).
              {
                header: "メッセージ",
                cell: (t) => (
                  <span className="flex flex-col gap-0.5">
                    <span className="tabular-nums">{t.messageCount.toLocaleString("ja-JP")}件</span>
                    <span className="text-xs text-slate-600">
                      未読 発注者{t.buyerUnread}件／メーカー{t.supplierUnread}件
                    </span>
                    <span className="text-xs text-slate-500">
                      最終更新 {formatDateTime(t.lastMessageAt ?? t.openedAt)}
                    </span>
                  </span>
                ),
              },
              { header: "決定", wrap: true, cell: (t) => <Decision t={t} /> },
              {
                header: "内容",
                cell: (t) => (
                  <Button
                    variant="outline"
                    size="sm"
                    className="whitespace-nowrap"
                    onClick={() => setReading(t)}
                  >
                    内容を確認（理由を記録）
                    <span className="sr-only">（{t.supplier.name}）</span>
                  </Button>
                ),
              },
            ]}
          />
        </div>
      )}
      <ReadThreadDialog thread={reading} onClose={() => setReading(null)} />
    </Panel>
  );
}
