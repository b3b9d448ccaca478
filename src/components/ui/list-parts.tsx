"use client";

// Parts of the member area's lists and detail pages: filter tabs and pages that live in the URL,
// back link, empty state, titled detail sections, attachments, status badges.
import { ChevronLeft, FileText, Inbox, Paperclip } from "lucide-react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/card";
import Link from "@/components/ui/link";
import { Pager } from "@/components/ui/pager";
import { cn } from "@/lib/cn";
import { fileSize } from "@/lib/file-size";

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
    <nav
      aria-label={label}
      className={cn("relative -mx-4 overflow-x-auto px-4 desktop:mx-0 desktop:px-0", className)}
    >
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

/** The frame of a list of linked rows, dimmed while the next page loads. */
export function ListFrame({ label, busy, children }: { label: string; busy?: boolean; children: ReactNode }) {
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
