"use client";

// Audit words and each record's audit trail in the console; the shared pieces (badges, panels,
// fields) live in components/owner/parts.tsx and are re-exported for the console's other pages.
import type { PageOf } from "@/components/owner/console-list";
import { Panel } from "@/components/owner/parts";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { formatDateTime } from "@/lib/japanese-date";
import { useOwnerApi } from "@/lib/owner/owner-session";
import type { AuditItem } from "@/modules/owner/owner.schema";
import { auditChanges } from "./audit-wording";

export { BackLink, Fields, LABELS, optionsOf, Panel, StatusBadge } from "@/components/owner/parts";

export const ACTION_LABELS: Record<string, string> = {
  "inquiry.approve": "一括問い合わせを承認",
  "inquiry.reject": "一括問い合わせを非承認",
  "inquiry.close": "問い合わせを締切",
  "inquiry.edit": "問い合わせを編集",
  "entry.status": "エントリーの状態を訂正",
  "news.create": "お知らせを作成",
  "news.update": "お知らせを更新",
  "news.delete": "お知らせを削除",
  "ticket_purchase.confirm": "入金を確認",
  "ticket_purchase.cancel": "購入をキャンセル",
  "ticket_purchase.grant": "チケットを付与",
  "ticket_usage.refund": "チケット利用を返還",
  "plan.activate": "無制限プランを開始",
  "plan.reject": "無制限プランの申込を非承認",
  "plan.end": "無制限プランを終了",
  "outbox.resend": "メールを再送",
  "support_request.status": "お問い合わせの対応状況を変更",
};

export const TARGET_LABELS: Record<string, string> = {
  inquiry: "問い合わせ",
  entry: "エントリー",
  news: "お知らせ",
  ticket_purchase: "チケット購入",
  ticket_usage: "チケット利用",
  plan_contract: "無制限プラン",
  email_outbox: "送信メール",
  support_request: "お問い合わせ",
};

export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;

export function AuditChanges({ item }: { item: Pick<AuditItem, "before" | "after" | "targetType"> }) {
  const changes = auditChanges(item.before, item.after, item.targetType);
  if (changes.length === 0) return <span className="text-slate-500">変更なし</span>;
  return (
    <ul className="flex flex-col gap-1 text-xs">
      {changes.map((c) => (
        <li key={c.field} className="break-all">
          <span className="font-bold text-slate-700">{c.field}</span>：
          <span className="text-slate-500">{c.from}</span> → <span className="text-slate-900">{c.to}</span>
        </li>
      ))}
    </ul>
  );
}

/** The operators' changes of one record, newest first (GET /api/owner/audit-log). */
export function AuditTrail({ targetType, targetId }: { targetType: string; targetId: string }) {
  const q = new URLSearchParams({ targetType, targetId, perPage: "50" });
  const { data, error, mutate } = useOwnerApi<PageOf<AuditItem>>(`/api/owner/audit-log?${q.toString()}`);
  return (
    <Panel title="操作履歴">
      {error ? (
        <LoadError error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingBlock rows={1} />
      ) : data.items.length === 0 ? (
        <p className="text-sm text-slate-600">運営者による変更はまだありません。</p>
      ) : (
        <ol className="flex flex-col divide-y divide-slate-100">
          {data.items.map((item) => (
            <li key={item.id} className="flex flex-col gap-1 py-3 text-sm">
              <p>
                <span className="font-bold text-slate-900">{actionLabel(item.action)}</span>
                <span className="ml-2 text-slate-600">
                  {formatDateTime(item.createdAt)}・{item.owner?.name ?? "（削除された運営者）"}
                </span>
              </p>
              <AuditChanges item={item} />
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
