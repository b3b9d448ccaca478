"use client";

// Inquiry parts of the buyer's history and the supplier's recruit lists: list items, the frame
// of a list, the facts of an inquiry, contact details. Generic list parts are in components/ui/list-parts.
import { CalendarClock, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import useSWR from "swr";
import type { z } from "zod";
import { Badge } from "@/components/ui/card";
import Link from "@/components/ui/link";
import { cn } from "@/lib/cn";
import { daysLeft, formatDate } from "@/lib/japanese-date";
import { yenOrDash } from "@/lib/yen";
import type { inquirySummary } from "@/modules/inquiries/inquiry.schema";

export type InquirySummary = z.infer<typeof inquirySummary>;

/**
 * The deal room's unread messages per inquiry (GET /api/deals/company/{companyId}/unread), for the
 * badge on each row; refreshed with the sidebar's count. Empty while loading or when it fails.
 */
export function useUnreadByInquiry(companyId: string): Record<string, number> {
  const { data } = useSWR<{ unread: number; byInquiry: Record<string, number> }>(
    `/api/deals/company/${companyId}/unread`,
    { refreshInterval: 30_000 },
  );
  return data?.byInquiry ?? {};
}

/** 「未読 N件」 on an inquiry row with unread messages in its deal threads. */
export function UnreadBadge({ count }: { count: number | undefined }) {
  return count ? <Badge tone="red">未読メッセージ {count}件</Badge> : null;
}

/** One inquiry in a list: badges, the title as the link, the key facts. */
export function InquiryListItem({
  inquiry,
  href,
  badges,
  meta,
  showEntries = false,
  children,
}: {
  inquiry: InquirySummary;
  href: string;
  badges: ReactNode;
  /** The date shown at the right of the badges (登録日, 公開日 …). */
  meta?: ReactNode;
  showEntries?: boolean;
  /** Shown under the key facts (a recruit's fit reasons). */
  children?: ReactNode;
}) {
  const left = inquiry.type === "BULK" && inquiry.status === "OPEN" ? daysLeft(inquiry.entryDeadline) : null;
  return (
    <li>
      <Link
        href={href}
        className="group flex items-center gap-3 px-4 py-4 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 desktop:px-6"
      >
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-1.5">
            {badges}
            {meta && <span className="ml-auto text-xs tabular-nums text-slate-500">{meta}</span>}
          </div>
          <p className="mt-2 font-bold leading-6 text-slate-900 group-hover:text-brand-700 group-hover:underline desktop:text-[17px]">
            {inquiry.title}
          </p>
          <p className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 desktop:text-sm">
            <span>{inquiry.category.name}</span>
            <span>数量 {inquiry.quantity}</span>
            {inquiry.targetUnitPriceYen !== null && (
              <span>希望単価 {yenOrDash(inquiry.targetUnitPriceYen)}</span>
            )}
            {inquiry.budgetYen !== null && <span>予算 {yenOrDash(inquiry.budgetYen)}</span>}
            {inquiry.desiredDeliveryDate && <span>希望納期 {formatDate(inquiry.desiredDeliveryDate)}</span>}
            {inquiry.type === "BULK" && inquiry.entryDeadline && (
              <span className="inline-flex items-center gap-1">
                <CalendarClock aria-hidden className="size-3.5" />
                締切 {formatDate(inquiry.entryDeadline)}
                {left && <span className="font-bold text-amber-700">（{left}）</span>}
              </span>
            )}
            {showEntries && (
              <span>
                エントリー <span className="font-bold text-slate-900">{inquiry.entryCount}</span>件
              </span>
            )}
          </p>
          {children}
        </div>
        <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-400 group-hover:text-brand-600" />
      </Link>
    </li>
  );
}

/** The facts of an inquiry as a definition list. */
export function InquiryFacts({ inquiry }: { inquiry: InquirySummary & { description?: string } }) {
  const rows: [string, ReactNode][] = [
    ["カテゴリ", inquiry.category.name],
    ["数量・ロット", inquiry.quantity],
    ["希望単価", yenOrDash(inquiry.targetUnitPriceYen)],
    ["予算", yenOrDash(inquiry.budgetYen)],
    ["希望納期", formatDate(inquiry.desiredDeliveryDate)],
  ];
  if (inquiry.type === "BULK") rows.push(["エントリー締切", formatDate(inquiry.entryDeadline)]);
  rows.push(
    [
      "希望する製造地域",
      inquiry.prefectures.length ? inquiry.prefectures.map((p) => p.name).join("、") : "指定なし",
    ],
    ["NDAの締結", inquiry.ndaRequired ? "希望する" : "不要"],
  );
  return (
    <dl className="grid grid-cols-1 gap-x-6 text-sm desktop:grid-cols-2">
      {rows.map(([k, v]) => (
        <div key={k} className="flex gap-3 border-b border-slate-100 py-2.5">
          <dt className="w-32 shrink-0 font-bold text-slate-600">{k}</dt>
          <dd className="min-w-0 break-words text-slate-900">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A row of contact details (会社名, 担当者, メール …) with mail and phone links. */
export function ContactList({
  rows,
  className,
}: {
  rows: { label: string; value: string | null | undefined; kind?: "mail" | "tel" | "url" }[];
  className?: string;
}) {
  return (
    <dl className={cn("grid gap-x-6 text-sm desktop:grid-cols-2", className)}>
      {rows.map((r) => (
        <div key={r.label} className="flex gap-3 border-b border-slate-100 py-2">
          <dt className="w-20 shrink-0 font-bold text-slate-600">{r.label}</dt>
          <dd className="min-w-0 break-all text-slate-900">
            {!r.value ? (
              <span className="text-slate-500">未登録</span>
            ) : r.kind === "mail" ? (
              <a
                href={`mailto:${r.value}`}
                className="font-bold text-brand-700 underline-offset-4 hover:underline"
              >
                {r.value}
              </a>
            ) : r.kind === "tel" ? (
              <a
                href={`tel:${r.value.replace(/[^\d+]/g, "")}`}
                className="font-bold text-brand-700 underline-offset-4 hover:underline"
              >
                {r.value}
              </a>
            ) : r.kind === "url" && /^https?:\/\//i.test(r.value) ? (
              <a
                href={r.value}
                target="_blank"
                rel="noopener noreferrer"
                className="font-bold text-brand-700 underline-offset-4 hover:underline"
              >
                {r.value}
                <span className="sr-only">（新しいタブで開きます）</span>
              </a>
            ) : (
              r.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
