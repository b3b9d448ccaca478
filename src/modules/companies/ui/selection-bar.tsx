"use client";

import { clsx } from "clsx";
import { useEffect, useId, useRef, useState } from "react";
import Link from "@/components/ui/link";
import { SpriteIcon } from "@/components/ui/sprite-icon";
import {
  clearSelectedCompanies,
  MAX_SELECTED_COMPANIES,
  removeSelectedCompany,
  useSelectedCompanies,
} from "@/lib/selected-companies";
import { BULK_INQUIRY_HREF, companyHref } from "@/lib/site-paths";

/**
 * The bar fixed to the bottom of the search and company pages while companies are
 * selected: 「◯社を選択中」, the list (removable one by one), the way to the bulk inquiry
 * and a clear button. A spacer of the same height keeps the page's end visible above it.
 */
export function SelectionBar() {
  const selected = useSelectedCompanies();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const count = selected.length;

  useEffect(() => {
    if (count === 0) setOpen(false);
  }, [count]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <>
      {/* Announces changes of the count to screen readers, also when the bar appears. */}
      <p className="sr-only" aria-live="polite">
        {count > 0 ? `一括問い合わせに${count}社を選んでいます` : ""}
      </p>
      {count > 0 && (
        <>
          <div aria-hidden className="h-[132px] desktop:h-[88px]" />
          <section
            aria-label="一括問い合わせの選択状況"
            className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur"
          >
            {open && (
              <div id={listId} className="mx-auto w-full max-w-[1080px] px-4 pt-4 desktop:px-10">
                <div className="flex items-baseline justify-between gap-3">
                  <h2 className="text-sm font-bold text-slate-800">選択中の企業</h2>
                  <p className="text-xs text-slate-500">最大{MAX_SELECTED_COMPANIES}社まで選べます</p>
                </div>
                <ul className="mt-2 max-h-[40dvh] divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200">
                  {selected.map((c) => (
                    <li key={c.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                      <Link
                        href={companyHref(c.id)}
                        className="min-w-0 truncate font-bold text-slate-800 hover:text-brand-700 hover:underline"
                      >
                        {c.name || "企業名非公開"}
                      </Link>
                      <button
                        type="button"
                        onClick={() => removeSelectedCompany(c.id)}
                        aria-label={`${c.name || "企業名非公開"}を選択から外す`}
                        className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
                      >
                        <SpriteIcon name="x" className="size-4" />
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <div className="mx-auto flex w-full max-w-[1080px] flex-col gap-3 px-4 py-3 desktop:flex-row desktop:items-center desktop:justify-between desktop:px-10 desktop:py-4">
              <div className="flex items-center justify-between gap-3 desktop:justify-start">
                <button
                  ref={toggleRef}
                  type="button"
                  aria-expanded={open}
                  aria-controls={open ? listId : undefined}
                  onClick={() => setOpen((v) => !v)}
                  className="inline-flex items-center gap-2 rounded-md px-1 py-1 text-left focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <span className="text-base font-bold text-slate-900 desktop:text-lg">
                    <span className="text-2xl text-brand-700 tabular-nums">{count}</span>社を選択中
                  </span>
                  <SpriteIcon
                    name="chevron-up"
                    className={clsx("size-4 text-slate-500 transition-transform", open && "rotate-180")}
                  />
                  <span className="sr-only">（一覧を{open ? "閉じる" : "表示"}）</span>
                </button>
                <button
                  type="button"
                  onClick={() => clearSelectedCompanies()}
                  className="rounded-md px-3 py-2 text-sm font-bold text-slate-600 underline-offset-2 hover:bg-slate-100 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  選択をクリア
                </button>
              </div>
              <Link
                href={BULK_INQUIRY_HREF}
                className="inline-flex h-12 items-center justify-center gap-2 rounded-md bg-brand-600 px-6 text-base font-bold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 desktop:h-14 desktop:text-lg"
              >
                <SpriteIcon name="send" className="size-5" />
                選択した企業に一括問い合わせ
              </Link>
            </div>
          </section>
        </>
      )}
    </>
  );
}
