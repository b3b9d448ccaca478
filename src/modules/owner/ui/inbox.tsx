"use client";

// What visitors send the operator: brochure requests from /lp and messages from /support.
import { useState } from "react";
import { ConsoleList, type ListColumn, type ListFilter } from "@/components/owner/console-list";
import { optionsOf } from "@/components/owner/parts";
import { Select } from "@/components/ui/input";
import { messageOf } from "@/lib/form-helpers";
import { formatDateTime } from "@/lib/japanese-date";
import { SUPPORT_STATUS } from "@/lib/owner/console-labels";
import { useOwnerSession } from "@/lib/owner/owner-session";
import { toast } from "@/lib/toast";
import type { LeadItem, SupportRequestItem } from "../owner.schema";
import { linkClass, useRefreshOwner } from "./common";

// The links are at least 24 px tall: on phones they are tap targets one above the other (axe target-size).
const contact = (r: { name: string; email: string; phone: string | null }) => (
  <span className="flex flex-col">
    <span className="font-bold text-slate-900">{r.name}</span>
    <a
      href={`mailto:${r.email}`}
      className={`${linkClass} flex min-h-6 items-center text-xs font-normal break-all`}
    >
      {r.email}
    </a>
    {r.phone && (
      <a href={`tel:${r.phone}`} className="flex min-h-6 items-center text-xs text-slate-600">
        {r.phone}
      </a>
    )}
  </span>
);

export function LeadsList() {
  const filters: ListFilter[] = [
    { name: "keyword", label: "キーワード", type: "search", placeholder: "会社名・氏名・メール" },
  ];
  const columns: Array<ListColumn<LeadItem>> = [
    { header: "日時", cell: (r) => formatDateTime(r.createdAt) },
    { header: "会社名", cell: (r) => r.companyName },
    { header: "担当者", cell: contact },
    { header: "ご検討中の立場", cell: (r) => r.role ?? "—" },
    {
      header: "ご興味のある内容",
      cell: (r) => <span className="break-words whitespace-pre-wrap">{r.interest ?? "—"}</span>,
    },
  ];
  return (
    <ConsoleList
      title="資料請求"
      lead="ランディングページから資料をダウンロードした方です。"
      endpoint="/api/owner/leads"
      filters={filters}
      columns={columns}
      rowKey={(r) => r.id}
      csvName="leads.csv"
      empty="該当する資料請求はありません。"
    />
  );
}

/** The operator sets 新規 / 対応中 / 完了 right in the list; the server audits each change. */
function SupportStatusSelect({ item }: { item: SupportRequestItem }) {
  const { call } = useOwnerSession();
  const refresh = useRefreshOwner();
  const [saving, setSaving] = useState(false);
  const change = async (status: string) => {
    setSaving(true);
    try {
      await call<SupportRequestItem>(`/api/owner/support-requests/${item.id}`, {
        method: "PUT",
        body: { status },
      });
      await refresh("/api/owner/support-requests", "/api/owner/audit-log");
      toast.success(`対応状況を「${SUPPORT_STATUS[status as keyof typeof SUPPORT_STATUS]}」にしました。`);
    } catch (e) {
      toast.error(messageOf(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Select
      aria-label={`${item.name} 様のお問い合わせの対応状況`}
      value={item.status}
      disabled={saving}
      onChange={(e) => void change(e.target.value)}
      className="h-10 w-28"
    >
      {Object.entries(SUPPORT_STATUS).map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </Select>
  );
}

export function SupportRequestsList() {
  const filters: ListFilter[] = [
    { name: "keyword", label: "キーワード", type: "search", placeholder: "会社名・氏名・メール・内容" },
    { name: "status", label: "対応状況", type: "select", options: optionsOf("support") },
  ];
  const columns: Array<ListColumn<SupportRequestItem>> = [
    { header: "対応状況", cell: (r) => <SupportStatusSelect item={r} /> },
    { header: "日時", cell: (r) => formatDateTime(r.createdAt) },
    { header: "種別", cell: (r) => r.category },
    {
      header: "送信者",
      cell: (r) => (
        <span className="flex flex-col gap-0.5">
          {r.companyName && <span className="text-xs text-slate-600">{r.companyName}</span>}
          {contact(r)}
          {r.userId && <span className="text-xs text-slate-500">ログイン中に送信</span>}
        </span>
      ),
    },
    {
      header: "内容",
      cell: (r) => (
        <p className="max-w-xl text-sm leading-6 break-words whitespace-pre-wrap text-slate-800">
          {r.message}
        </p>
      ),
    },
  ];
  return (
    <ConsoleList
      title="お問い合わせ"
      lead="お問い合わせフォーム（/support）から運営に届いたメッセージです。返信はメールで行い、対応状況を更新してください。"
      endpoint="/api/owner/support-requests"
      filters={filters}
      columns={columns}
      rowKey={(r) => r.id}
      csvName="support-requests.csv"
      empty="該当するお問い合わせはありません。"
    />
  );
}
