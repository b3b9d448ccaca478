"use client";

import { ChevronLeft, ChevronRight } from "lucide-react";
import { cn } from "@/lib/cn";

/** 「前へ 1 2 3 次へ」 for a paginated list; hidden when everything fits on one page. */
export function Pager({
  page,
  perPage,
  total,
  onPage,
  label = "ページ送り",
}: {
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
  label?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  const around = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const list = [...around].sort((a, b) => a - b);
  const item =
    "inline-flex h-10 min-w-10 items-center justify-center rounded-md border px-3 text-sm font-bold focus-visible:outline-2 focus-visible:outline-brand-600";
  return (
    <nav aria-label={label} className="flex flex-col items-center gap-2">
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <li>
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
            className={cn(
              item,
              "border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:opacity-40",
            )}
          >
            <ChevronLeft aria-hidden className="size-4" />
            前へ
          </button>
        </li>
        {list.map((p, i) => (
          <li key={p} className="flex items-center gap-1.5">
            {i > 0 && p - list[i - 1]! > 1 && (
              <span aria-hidden className="px-1 text-slate-400">
                …
              </span>
            )}
            <button
              type="button"
              aria-current={p === page ? "page" : undefined}
              onClick={() => onPage(p)}
              className={cn(
                item,
                p === page
                  ? "border-brand-600 bg-brand-600 text-white"
                  : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
              )}
            >
              <span className="sr-only">ページ</span>
              {p}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
            className={cn(
              item,
              "border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:opacity-40",
            )}
          >
            次へ
            <ChevronRight aria-hidden className="size-4" />
          </button>
        </li>
      </ul>
      <p className="text-xs text-slate-500">
        全{total}件中 {(page - 1) * perPage + 1}〜{Math.min(total, page * perPage)}件を表示
      </p>
    </nav>
  );
}
