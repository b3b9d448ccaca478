"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { ConsoleList, type ListColumn, type ListFilter } from "@/components/owner/console-list";
import { optionsOf, StatusBadge } from "@/components/owner/parts";
import Link from "@/components/ui/link";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/japanese-date";
import type { OwnerInquiryItem } from "../../inquiry-operator.schema";
import { day, type InquiryType, link, ScopeNotice, useScopeName } from "./shared";

// ---------------------------------------------------------------- the list

const TABS: Array<{ type: "" | InquiryType; label: string; endpoint: string }> = [
  { type: "", label: "すべて", endpoint: "/api/owner/contact/common" },
  { type: "BULK", label: "一括問い合わせ", endpoint: "/api/owner/contact/bulk" },
  { type: "NOMINATION", label: "指名問い合わせ", endpoint: "/api/owner/contact/nomination" },
];

const SCOPES = ["buyerCompanyId", "supplierCompanyId"] as const;

function InquiryTabs({ current }: { current: "" | InquiryType }) {
  const pathname = usePathname() ?? "/owner/inquiries";
  const params = useSearchParams() ?? new URLSearchParams();
  return (
    <nav aria-label="問い合わせの種類" className="mt-1 border-b border-slate-200">
      <ul className="relative -mb-px flex gap-1 overflow-x-auto">
        {TABS.map((t) => {
          const next = new URLSearchParams(params);
          next.delete("page");
          if (t.type) next.set("type", t.type);
          else next.delete("type");
          const qs = next.toString();
          const on = t.type === current;
          return (
            <li key={t.label} className="shrink-0">
              <Link
                href={qs ? `${pathname}?${qs}` : pathname}
                aria-current={on ? "page" : undefined}
                className={cn(
                  "inline-flex h-11 items-center border-b-2 px-3 text-sm font-bold whitespace-nowrap",
                  on
                    ? "border-brand-600 text-brand-700"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
                )}
              >
                {t.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function InquiriesList() {
  const params = useSearchParams() ?? new URLSearchParams();
  const raw = params.get("type");
  const tab = TABS.find((t) => t.type === raw) ?? TABS[0]!;
  const fixed: Record<string, string> = {};
  for (const s of SCOPES) {
    const v = params.get(s);
    if (v) fixed[s] = v;
  }
  const buyerName = useScopeName(
    fixed.buyerCompanyId ? `/api/owner/buyer/${fixed.buyerCompanyId}` : null,
    (d: { company: { name: string } }) => d.company.name,
  );
  const supplierName = useScopeName(
    fixed.supplierCompanyId ? `/api/owner/oem/${fixed.supplierCompanyId}` : null,
    (d: { company: { name: string } }) => d.company.name,
  );

  const filters: ListFilter[] = [
    { name: "keyword", label: "キーワード", type: "search", placeholder: "案件名・依頼内容・発注者名" },
    { name: "status", label: "状態", type: "select", options: optionsOf("inquiry") },
    {
      name: "sort",
      label: "並び順",
      type: "select",
      options: [
        { value: "", label: "登録日が新しい順" },
        { value: "oldest", label: "登録日が古い順" },
        { value: "deadline", label: "エントリー締切が近い順" },
      ],
    },
  ];

  const columns: Array<ListColumn<OwnerInquiryItem>> = [
    {
      header: "案件名",
      cell: (r) => (
        <span className="flex min-w-0 flex-col gap-0.5">
          <Link href={`/owner/inquiries/${r.id}`} className={cn(link, "break-words")}>
            {r.title}
          </Link>
          <span className="text-xs text-slate-500">{r.category.name}</span>
        </span>
      ),
    },
    ...(tab.type === ""
      ? [{ header: "種類", cell: (r: OwnerInquiryItem) => <StatusBadge kind="inquiryType" value={r.type} /> }]
      : []),
    { header: "状態", cell: (r) => <StatusBadge kind="inquiry" value={r.status} /> },
    {
      header: "発注者",
      cell: (r) => (
        <Link href={`/owner/buyers/${r.buyer.id}`} className={link}>
          {r.buyer.name}
        </Link>
      ),
    },
    ...(tab.type !== "BULK"
      ? [
          {
            header: "指名先",
            desktopOnly: tab.type === "",
            cell: (r: OwnerInquiryItem) =>
              r.nominatedCompany ? (
                <Link href={`/owner/suppliers/${r.nominatedCompany.id}`} className={link}>
                  {r.nominatedCompany.name}
                </Link>
              ) : (
                "—"
              ),
          },
        ]
      : []),
    {
      header: "エントリー",
      cell: (r) => <span className="whitespace-nowrap">{r.entryCount}件</span>,
      numeric: true,
    },
    ...(tab.type !== "NOMINATION"
      ? [
          {
            header: "エントリー締切",
            cell: (r: OwnerInquiryItem) => <span className="whitespace-nowrap">{day(r.entryDeadline)}</span>,
          },
        ]
      : []),
    {
      header: "登録日",
      cell: (r) => <span className="whitespace-nowrap">{formatDate(r.createdAt)}</span>,
      desktopOnly: true,
    },
  ];

  return (
    <ConsoleList
      title="問い合わせ"
      lead={
        <>
          <InquiryTabs current={tab.type} />
          <ScopeNotice
            items={[
              { param: "buyerCompanyId", label: "発注者", name: buyerName },
              { param: "supplierCompanyId", label: "OEMメーカー", name: supplierName },
            ]}
          />
        </>
      }
      endpoint={tab.endpoint}
      fixed={fixed}
      preserve={["type", ...SCOPES]}
      filters={filters}
      columns={columns}
      rowKey={(r) => r.id}
      csvName={`${tab.type === "BULK" ? "bulk-inquiries" : tab.type === "NOMINATION" ? "nomination-inquiries" : "inquiries"}.csv`}
      empty="条件に合う問い合わせはありません。"
    />
  );
}
