"use client";

import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { linkClass, useRefreshOwner } from "@/components/owner/console-helpers";
import { ConsoleList, type ListColumn, type ListFilter } from "@/components/owner/console-list";
import { StatusBadge } from "@/components/owner/parts";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import Link from "@/components/ui/link";
import { formatDateTime } from "@/lib/japanese-date";
import { useOwnerSession } from "@/lib/owner/owner-session";
import { toast } from "@/lib/toast";
import type { OwnerUsageItem } from "@/modules/billing/billing-operator.schema";
import { person, supplierLink } from "./parts";

// ---------------------------------------------------------------- usages

const usageFilters: ListFilter[] = [
  { name: "keyword", label: "キーワード", type: "search", placeholder: "企業名・案件名" },
  {
    name: "refunded",
    label: "返還",
    type: "select",
    options: [
      { value: "", label: "すべて" },
      { value: "false", label: "返還していない" },
      { value: "true", label: "返還済み" },
    ],
  },
  { name: "companyId", label: "企業", type: "hidden" },
  { name: "contactId", label: "案件", type: "hidden" },
];

export function UsagesList() {
  const params = useSearchParams();
  const { call } = useOwnerSession();
  const refresh = useRefreshOwner();
  const [target, setTarget] = useState<OwnerUsageItem | null>(null);
  const scoped = params?.get("companyId") || params?.get("contactId");

  const refund = async () => {
    if (!target) return;
    await call<OwnerUsageItem>(`/api/owner/ticket-usage/${target.id}`, { method: "DELETE" });
    await refresh(
      "/api/owner/ticket-usage",
      "/api/owner/audit-log",
      `/api/owner/oem-detail/${target.company.id}`,
    );
    toast.success(`${target.company.name}にチケットを1枚返還しました。`);
  };

  const columns: Array<ListColumn<OwnerUsageItem>> = [
    { header: "使用日時", cell: (r) => formatDateTime(r.createdAt) },
    { header: "企業", cell: (r) => supplierLink(r.company) },
    {
      header: "案件",
      cell: (r) => (
        <span className="flex flex-col gap-1">
          <Link href={`/owner/inquiries/${r.inquiry.id}`} className={linkClass}>
            {r.inquiry.title}
          </Link>
          <span>
            <StatusBadge kind="inquiryType" value={r.inquiry.type} />
          </span>
        </span>
      ),
    },
    { header: "使用者", cell: (r) => person(r.usedBy), desktopOnly: true },
    {
      header: "返還",
      cell: (r) =>
        r.refundedAt ? (
          <span className="flex flex-col">
            <Badge tone="slate" className="self-start">
              返還済み
            </Badge>
            <span className="text-xs text-slate-500">{formatDateTime(r.refundedAt)}</span>
          </span>
        ) : (
          <Button
            size="sm"
            variant="ghost"
            className="border border-slate-300"
            onClick={() => setTarget(r)}
            aria-label={`${r.company.name}の「${r.inquiry.title}」のチケットを返還`}
          >
            返還
          </Button>
        ),
    },
  ];
  return (
    <>
      <ConsoleList
        title="チケット利用"
        lead={
          scoped
            ? "企業または案件で絞り込んでいます。「条件をクリア」ですべての利用を表示します。"
            : "指名案件で使われたチケットです。誤って使われたものは返還できます。"
        }
        endpoint="/api/owner/ticket-usage"
        filters={usageFilters}
        columns={columns}
        rowKey={(r) => r.id}
        csvName="ticket-usages.csv"
        empty="該当するチケット利用はありません。"
      />
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(o) => !o && setTarget(null)}
        title="チケットを返還しますか？"
        tone="primary"
        confirmLabel="返還する"
        description={
          target && (
            <>
              <p>
                {target.company.name}が「{target.inquiry.title}」で使ったチケット1枚を返還します。
              </p>
              <p className="mt-2 font-bold text-slate-900">
                {target.company.name}のチケット残数が1枚増えます。
              </p>
              <p className="mt-2">使用の記録は「返還済み」として残ります。</p>
            </>
          )
        }
        onConfirm={refund}
      />
    </>
  );
}
