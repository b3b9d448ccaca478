"use client";

// Small pieces shared by the console pages: status badges with the Japanese words of
// owner.labels.ts, yen, a definition list for detail pages, and each record's audit trail.
import { ChevronLeft } from "lucide-react";
import type { ReactNode } from "react";
import type { PageOf } from "@/components/owner/console-list";
import { Badge } from "@/components/ui/card";
import Link from "@/components/ui/link";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { formatDateTime } from "@/lib/japanese-date";
import type { AuditItem } from "@/lib/owner/audit-item";
import * as L from "@/lib/owner/console-labels";
import { useOwnerApi } from "@/lib/owner/owner-session";
import { auditChanges } from "./audit-wording";

type Tone = "slate" | "brand" | "gold" | "red" | "green";

const TONES: Record<string, Tone> = {
  ACTIVE: "green",
  DEACTIVATED: "slate",
  OEM_FREE: "slate",
  OEM_PAID: "gold",
  REVIEW: "gold",
  OPEN: "green",
  CLOSED: "slate",
  CANCELLED: "slate",
  REJECTED: "red",
  ENTERED: "brand",
  SHORTLISTED: "green",
  DECLINED: "slate",
  AWARDED: "green",
  WITHDRAWN: "slate",
  DRAFT: "slate",
  PUBLISHED: "green",
  PENDING: "gold",
  PAID: "green",
  WAITING: "gold",
  CANCEL_SCHEDULED: "gold",
  ENDED: "slate",
  SENDING: "brand",
  SENT: "green",
  FAILED: "red",
  NEW: "gold",
  IN_PROGRESS: "brand",
  DONE: "green",
  VERIFIED: "green",
};

export const LABELS = {
  company: L.COMPANY_STATUS,
  payment: L.PAYMENT_STATUS,
  inquiryType: L.INQUIRY_TYPE,
  inquiry: L.INQUIRY_STATUS,
  entry: L.ENTRY_STATUS,
  audience: L.AUDIENCE,
  news: L.NEWS_STATUS,
  purchase: L.PURCHASE_STATUS,
  plan: L.PLAN_STATUS,
  outbox: L.OUTBOX_STATUS,
  role: L.ROLE,
  support: L.SUPPORT_STATUS,
} as const;

/** A status word in its colour; `kind` picks the vocabulary. */
export function StatusBadge({ kind, value }: { kind: keyof typeof LABELS; value: string }) {
  const words = LABELS[kind] as Record<string, string>;
  return (
    <Badge tone={kind === "inquiryType" ? "brand" : (TONES[value] ?? "slate")} className="whitespace-nowrap">
      {words[value] ?? value}
    </Badge>
  );
}

/** Select options for a filter: 「すべて」 first, then the vocabulary. */
export function optionsOf(kind: keyof typeof LABELS, all = "すべて") {
  const words = LABELS[kind] as Record<string, string>;
  return [{ value: "", label: all }, ...Object.entries(words).map(([value, label]) => ({ value, label }))];
}

export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="inline-flex items-center gap-1 text-sm font-bold text-brand-700 underline-offset-4 hover:underline"
    >
      <ChevronLeft aria-hidden className="size-4" />
      {children}
    </Link>
  );
}

/** A titled card of a detail page. */
export function Panel({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm desktop:p-6"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 pb-3">
        <h2 className="text-base font-bold text-slate-900">{title}</h2>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/** Label/value rows of a record. Empty values show 「—」. */
export function Fields({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-bold text-slate-500">{label}</dt>
          <dd className="min-w-0 break-words whitespace-pre-wrap text-slate-900">
            {value === null || value === undefined || value === "" ? "—" : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

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
  "ticket_usage.refund_no_reply": "チケットを自動返還（発注者の返信なし）",
  "plan.activate": "無制限プランを開始",
  "plan.reject": "無制限プランの申込を非承認",
  "plan.end": "無制限プランを終了",
  "outbox.resend": "メールを再送",
  "support_request.status": "お問い合わせの対応状況を変更",
  "deal_thread.read": "商談スレッドの内容を確認",
  "deal_message.resolve_report": "通報メッセージを対応済みに",
  "company.suspend_nominations": "指名での依頼を停止",
  "company.lift_nomination_suspension": "指名での依頼の停止を解除",
  "supplier_certification.verify": "証明書を認証確認済みに",
  "supplier_certification.reject": "証明書を差し戻し",
  "supplier_certification.expire": "証明書の有効期限切れ（表示を外す）",
  "process.create": "加工を追加",
  "material.create": "素材を追加",
  "certification_type.create": "認証・許可の種類を追加",
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
  deal_thread: "商談スレッド",
  deal_message: "商談メッセージ",
  company: "企業",
  supplier_certification: "認証・許可の証明書",
  process: "加工",
  material: "素材",
  certification_type: "認証・許可の種類",
};

/** Who made a change without an operator: a scheduled job (operators are never deleted). */
export const SYSTEM_ACTOR = "システム（自動処理）";

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
                  {formatDateTime(item.createdAt)}・{item.owner?.name ?? SYSTEM_ACTOR}
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
