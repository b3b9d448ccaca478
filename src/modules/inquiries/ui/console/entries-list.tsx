"use client";

import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { ConsoleList, type ListColumn, type ListFilter } from "@/components/owner/console-list";
import { optionsOf, StatusBadge } from "@/components/owner/parts";
import { Button } from "@/components/ui/button";
// Every supplier's entries in the console (GET /api/owner/contact/entry), filtered by status and
// keyword, or by the inquiry / supplier the page was opened for; a row's status can be corrected.
import Link from "@/components/ui/link";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/japanese-date";
import { yenOrDash } from "@/lib/yen";
import type { OwnerEntryItem } from "../../inquiry-operator.schema";
import { EntryStatusDialog } from "./entry-status-dialog";
import { ScopeNotice, useScopeName } from "./shared";

const link = "font-bold text-brand-700 underline-offset-4 hover:underline";

const SCOPES = ["contactId", "supplierCompanyId"] as const;

const filters: ListFilter[] = [
  { name: "keyword", label: "キーワード", type: "search", placeholder: "案件名・企業名・メッセージなど" },
  { name: "status", label: "状態", type: "select", options: optionsOf("entry") },
];

export function EntriesList() {
  const params = useSearchParams() ?? new URLSearchParams();
  const [editing, setEditing] = useState<OwnerEntryItem | null>(null);
  const fixed: Record<string, string> = {};
  for (const s of SCOPES) {
    const v = params.get(s);
    if (v) fixed[s] = v;
  }
  const inquiryTitle = useScopeName(
    fixed.contactId ? `/api/owner/contact/${fixed.contactId}` : null,
    (d: { title: string }) => d.title,
  );
  const supplierName = useScopeName(
    fixed.supplierCompanyId ? `/api/owner/oem/${fixed.supplierCompanyId}` : null,
    (d: { company: { name: string } }) => d.company.name,
  );

  const columns: Array<ListColumn<OwnerEntryItem>> = [
    {
      header: "案件",
      cell: (r) => (
        <span className="flex min-w-0 flex-col gap-1">
          <Link href={`/owner/inquiries/${r.inquiry.id}`} className={cn(link, "break-words")}>
            {r.inquiry.title}
          </Link>
          <span className="flex flex-wrap gap-1">
            <StatusBadge kind="inquiryType" value={r.inquiry.type} />
            <StatusBadge kind="inquiry" value={r.inquiry.status} />
          </span>
        </span>
      ),
    },
    {
      header: "OEMメーカー",
      cell: (r) => (
        <span className="flex flex-col gap-0.5">
          <Link href={`/owner/suppliers/${r.supplier.id}`} className={link}>
            {r.supplier.name}
          </Link>
          <span className="text-xs text-slate-500">担当：{r.enteredBy.name}</span>
        </span>
      ),
    },
    {
      header: "発注者",
      desktopOnly: true,
      cell: (r) => (
        <Link href={`/owner/buyers/${r.buyer.id}`} className={link}>
          {r.buyer.name}
        </Link>
      ),
    },
    { header: "状態", cell: (r) => <StatusBadge kind="entry" value={r.status} /> },
    {
      header: "提案単価",
      cell: (r) => <span className="whitespace-nowrap">{yenOrDash(r.proposedUnitPriceYen)}</span>,
      numeric: true,
      desktopOnly: true,
    },
    {
      header: "エントリー日",
      cell: (r) => <span className="whitespace-nowrap">{formatDate(r.createdAt)}</span>,
    },
    {
      header: "操作",
      cell: (r) => (
        <Button variant="outline" size="sm" className="whitespace-nowrap" onClick={() => setEditing(r)}>
          状態を訂正
          <span className="sr-only">
            （{r.supplier.name}・{r.inquiry.title}）
          </span>
        </Button>
      ),
    },
  ];

  return (
    <>
      <ConsoleList
        title="エントリー"
        lead={
          <>
            OEMメーカーから案件へのエントリーです。状態の訂正は操作履歴に記録されます。
            <ScopeNotice
              items={[
                { param: "contactId", label: "案件", name: inquiryTitle },
                { param: "supplierCompanyId", label: "OEMメーカー", name: supplierName },
              ]}
            />
          </>
        }
        endpoint="/api/owner/contact/entry"
        fixed={fixed}
        preserve={[...SCOPES]}
        filters={filters}
        columns={columns}
        rowKey={(r) => r.id}
        csvName="entries.csv"
        empty="条件に合うエントリーはありません。"
      />
      <EntryStatusDialog entry={editing} onClose={() => setEditing(null)} onDone={() => undefined} />
    </>
  );
}
