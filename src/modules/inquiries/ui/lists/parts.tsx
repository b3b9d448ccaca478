"use client";

// Building blocks of the inquiry lists and details, shared by the buyer's history and the
// supplier's recruit lists: filter tabs that live in the URL, list items, the facts of an
// inquiry, attachments, titled sections.
import { CalendarClock, ChevronLeft, ChevronRight, FileText, Inbox, Paperclip } from "lucide-react";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import type { ReactNode } from "react";
import type { z } from "zod";
import { Badge } from "@/components/ui/card";
import { Pager } from "@/components/ui/pager";
import { cn } from "@/lib/cn";
import { fileSize } from "@/lib/file-size";
import { daysLeft, formatDate } from "@/lib/japanese-date";
import { yenOrDash } from "@/lib/yen";
import type { inquirySummary } from "@/modules/inquiries/inquiry.schema";

export type InquirySummary = z.infer<typeof inquirySummary>;

export interface Paged<T> {
  items: T[];
  page: number;
  perPage: number;
  total: number;
}

export const PER_PAGE = 20;

/** The current query with some keys changed (undefined removes one); changing a filter resets the page. */
export function useQueryHref() {
  const pathname = usePathname() ?? "";
  const params = useSearchParams();
  return (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params?.toString());
    if (!("page" in changes)) next.delete("page");
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined || v === "") next.delete(k);
      else next.set(k, v);
    }
    const q = next.toString();
    return q ? `${pathname}?${q}` : pathname;
  };
}

/** A page number from the URL (1 when absent or wrong). */
export function usePageParam(): number {
  const params = useSearchParams();
  return Math.max(1, Math.floor(Number(params?.get("page")) || 1));
}

/** Tabs that are links (the filter lives in the URL, so it survives reloads and can be shared). */
export function FilterTabs({
  label,
  items,
  current,
  className,
}: {
  label: string;
  items: { value: string; label: string; href: string }[];
  current: string;
  className?: string;
}) {
  return (
    <nav aria-label={label} className={cn("-mx-4 overflow-x-auto px-4 desktop:mx-0 desktop:px-0", className)}>
      <ul className="flex min-w-max gap-1 border-b border-slate-200">
        {items.map((t) => {
          const active = t.value === current;
          return (
            <li key={t.value}>
              <Link
                href={t.href}
                scroll={false}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "-mb-px inline-flex h-11 items-center border-b-2 px-3 text-sm font-bold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-600 desktop:px-4",
                  active
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

/** A segmented switch of links (e.g. すべて / 一括 / 指名). */
export function SegmentLinks({
  label,
  items,
  current,
}: {
  label: string;
  items: { value: string; label: string; href: string }[];
  current: string;
}) {
  return (
    <nav aria-label={label}>
      <ul className="inline-flex rounded-md border border-slate-300 bg-white p-0.5">
        {items.map((t) => {
          const active = t.value === current;
          return (
            <li key={t.value}>
              <Link
                href={t.href}
                scroll={false}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-flex h-9 items-center rounded px-3 text-sm font-bold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-600",
                  active ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100",
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

/** 「前へ 1 2 3 次へ」 that keeps the other query parameters. */
export function ListPager({ page, perPage, total }: { page: number; perPage: number; total: number }) {
  const router = useRouter();
  const hrefWith = useQueryHref();
  return (
    <Pager
      page={page}
      perPage={perPage}
      total={total}
      onPage={(p) => {
        router.push(hrefWith({ page: p > 1 ? String(p) : undefined }));
        window.scrollTo({ top: 0 });
      }}
    />
  );
}

export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="inline-flex w-fit items-center gap-1 rounded text-sm font-bold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <ChevronLeft aria-hidden className="size-4" />
      {children}
    </Link>
  );
}

export function EmptyList({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-slate-50 px-4 py-12 text-center text-sm leading-6 text-slate-600">
      <Inbox aria-hidden className="size-8 text-slate-400" />
      <div>{children}</div>
      {action && <div className="mt-1 flex flex-wrap justify-center gap-3">{action}</div>}
    </div>
  );
}

/** A titled card of a detail page. */
export function DetailSection({
  title,
  id,
  aside,
  children,
  className,
}: {
  title: string;
  id: string;
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn("rounded-lg border border-slate-200 bg-white shadow-sm", className)}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-3 desktop:px-6">
        <h2 id={`${id}-title`} className="text-base font-bold text-slate-900">
          {title}
        </h2>
        {aside}
      </div>
      <div className="px-4 py-4 desktop:px-6 desktop:py-5">{children}</div>
    </section>
  );
}

/** One inquiry in a list: badges, the title as the link, the key facts. */
export function InquiryListItem({
  inquiry,
  href,
  badges,
  meta,
  showEntries = false,
}: {
  inquiry: InquirySummary;
  href: string;
  badges: ReactNode;
  /** The date shown at the right of the badges (登録日, 公開日 …). */
  meta?: ReactNode;
  showEntries?: boolean;
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
        </div>
        <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-400 group-hover:text-brand-600" />
      </Link>
    </li>
  );
}

export function InquiryListFrame({
  label,
  busy,
  children,
}: {
  label: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <ul
      aria-label={label}
      aria-busy={busy || undefined}
      className={cn(
        "divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition-opacity",
        busy && "opacity-60",
      )}
    >
      {children}
    </ul>
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

export function Description({ text }: { text: string }) {
  return <div className="text-[15px] leading-8 whitespace-pre-wrap break-words text-slate-800">{text}</div>;
}

export interface Attachment {
  id: string;
  name: string;
  url: string;
  contentType: string;
  byteSize: number;
}

export function AttachmentList({ items }: { items: Attachment[] }) {
  if (items.length === 0) return <p className="text-sm text-slate-500">添付ファイルはありません。</p>;
  return (
    <ul className="flex flex-col gap-2">
      {items.map((a) => (
        <li key={a.id}>
          <a
            href={a.url || `/api/attachment/${a.id}`}
            target="_blank"
            rel="noopener noreferrer"
            className="flex items-center gap-3 rounded-md border border-slate-200 px-3 py-2.5 text-sm hover:border-brand-600/50 hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {a.contentType.startsWith("image/") ? (
              <Paperclip aria-hidden className="size-4 shrink-0 text-slate-500" />
            ) : (
              <FileText aria-hidden className="size-4 shrink-0 text-slate-500" />
            )}
            <span className="min-w-0 flex-1 truncate font-bold text-brand-700">{a.name}</span>
            <span className="shrink-0 text-xs text-slate-500">{fileSize(a.byteSize)}</span>
            <span className="sr-only">（新しいタブで開きます）</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

export function StatusBadge({ label, tone }: { label: string; tone: Parameters<typeof Badge>[0]["tone"] }) {
  return <Badge tone={tone}>{label}</Badge>;
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
