"use client";

import type { ReactNode } from "react";
import { ConsoleList, type ListColumn, type ListFilter } from "@/components/owner/console-list";
import {
  ACTION_LABELS,
  AuditChanges,
  actionLabel,
  SYSTEM_ACTOR,
  TARGET_LABELS,
} from "@/components/owner/parts";
// The operators' changes (監査ログ): who changed what and when, each with its before → after,
// and a link to the changed record's console page where there is one.
import Link from "@/components/ui/link";
import { formatDateTime } from "@/lib/japanese-date";
import type { AuditItem } from "../owner.schema";
import { linkClass } from "./common";

const filters: ListFilter[] = [
  {
    name: "targetType",
    label: "対象の種類",
    type: "select",
    options: [
      { value: "", label: "すべて" },
      ...Object.entries(TARGET_LABELS).map(([value, label]) => ({ value, label })),
    ],
  },
  {
    name: "action",
    label: "操作",
    type: "select",
    options: [
      { value: "", label: "すべて" },
      ...Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label })),
    ],
  },
  { name: "targetId", label: "対象ID", type: "search", placeholder: "IDを貼り付け" },
];

const field = (v: unknown, key: string): string | undefined => {
  if (!v || typeof v !== "object") return undefined;
  const x = (v as Record<string, unknown>)[key];
  return typeof x === "string" ? x : undefined;
};

/** The console page of the company a change was about (suppliers and buyers have their own lists). */
function companyHref(item: AuditItem): string {
  const buyerSide = item.targetType === "inquiry";
  return `/owner/${buyerSide ? "buyers" : "suppliers"}/${item.company?.id}`;
}

/** The console page of the changed record, from its type and the ids the snapshots keep. */
export function auditTargetHref(
  item: Pick<AuditItem, "targetType" | "targetId" | "before" | "after" | "action">,
) {
  const snap = item.after ?? item.before;
  switch (item.targetType) {
    case "news":
      return item.action === "news.delete" ? undefined : `/owner/news/${item.targetId}`;
    case "ticket_purchase":
      return `/owner/ticket-purchases/${item.targetId}`;
    case "ticket_usage": {
      const companyId = field(snap, "companyId");
      return companyId ? `/owner/ticket-usages?companyId=${companyId}` : "/owner/ticket-usages";
    }
    case "plan_contract": {
      const contract = (snap as { contract?: unknown } | null)?.contract;
      const companyId = field(contract, "companyId");
      return companyId ? `/owner/suppliers/${companyId}` : "/owner/plans";
    }
    case "email_outbox":
      return `/owner/outbox/${item.targetId}`;
    case "inquiry":
      return `/owner/inquiries/${item.targetId}`;
    case "entry": {
      const inquiryId = field(snap, "inquiryId");
      return inquiryId ? `/owner/entries?contactId=${inquiryId}` : "/owner/entries";
    }
    default:
      return undefined;
  }
}

function Target({ item }: { item: AuditItem }) {
  const href = auditTargetHref(item);
  // The server names the record (「チケット5枚の購入」) and its company; the id stays for search.
  const body: ReactNode = item.targetLabel ?? TARGET_LABELS[item.targetType] ?? item.targetType;
  return (
    // Each link at least 24 px tall (WCAG 2.5.8): a certificate's row stacks its own link and its
    // company's, which at text height left them 2 px apart on phones.
    <span className="flex flex-col items-start gap-0.5">
      {href ? (
        <Link href={href} className={`${linkClass} inline-flex min-h-6 items-center`}>
          {body}
        </Link>
      ) : (
        <span className="font-bold text-slate-900">{body}</span>
      )}
      {item.company && (
        <Link
          href={companyHref(item)}
          className="inline-flex min-h-6 items-center text-xs text-slate-700 underline underline-offset-2"
        >
          {item.company.name}
        </Link>
      )}
      <span className="font-mono text-[11px] break-all text-slate-500">{item.targetId}</span>
    </span>
  );
}

export function AuditLogList() {
  const columns: Array<ListColumn<AuditItem>> = [
    { header: "日時", cell: (r) => <span className="whitespace-nowrap">{formatDateTime(r.createdAt)}</span> },
    {
      header: "運営者",
      cell: (r) =>
        r.owner ? (
          <span className="flex flex-col">
            <span>{r.owner.name}</span>
            <span className="text-xs break-all text-slate-500">{r.owner.email}</span>
          </span>
        ) : (
          SYSTEM_ACTOR
        ),
    },
    { header: "操作", cell: (r) => <span className="font-bold">{actionLabel(r.action)}</span> },
    { header: "対象", cell: (r) => <Target item={r} /> },
    {
      header: "変更内容",
      cell: (r) => (
        <div className="max-w-md">
          <AuditChanges item={r} />
        </div>
      ),
    },
  ];
  return (
    <ConsoleList
      title="操作履歴"
      lead="運営者による変更と、システムの自動処理（チケットの自動返還など）の記録です（新しい順）。変更前と変更後の値を確認できます。"
      endpoint="/api/owner/audit-log"
      filters={filters}
      columns={columns}
      rowKey={(r) => r.id}
      csvName="audit-log.csv"
      empty="該当する操作履歴はありません。"
    />
  );
}
