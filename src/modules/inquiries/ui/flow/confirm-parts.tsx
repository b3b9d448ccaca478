"use client";

import { Pencil } from "lucide-react";
import type { ReactNode } from "react";
import Link from "@/components/ui/link";

// The read-only rows of the confirmation step, with the 「修正する」 link of each section.

export function None() {
  return <span className="text-slate-500">指定なし</span>;
}

export function ConfirmSection({
  title,
  edit,
  children,
}: {
  title: string;
  edit?: string;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col">
      <div className="flex items-center justify-between gap-3 border-b-2 border-brand-600 pb-2">
        <h2 className="text-lg font-bold text-slate-900">{title}</h2>
        {edit && (
          <Link
            href={edit}
            aria-label={`${title}を修正する`}
            className="inline-flex h-9 shrink-0 items-center gap-1 rounded-md border border-slate-300 bg-white px-3 text-sm font-bold text-slate-700 hover:border-brand-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <Pencil aria-hidden className="size-3.5" />
            修正する
          </Link>
        )}
      </div>
      <dl className="divide-y divide-slate-200">{children}</dl>
    </section>
  );
}

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 py-3 desktop:grid-cols-[220px_minmax(0,1fr)] desktop:gap-6">
      <dt className="text-sm font-bold text-slate-600">{label}</dt>
      <dd className="min-w-0 text-sm leading-7 text-slate-900 desktop:text-base">{children}</dd>
    </div>
  );
}
