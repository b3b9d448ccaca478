"use client";

import type { InputHTMLAttributes, ReactNode } from "react";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-6">
      <h2 className="border-b-2 border-brand-600 pb-2 text-lg font-bold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** The scroll target of a field (the error summary links here). */
export function Anchor({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div id={`field-${name}`} className="flex scroll-mt-24 flex-col gap-1">
      {children}
    </div>
  );
}

export function Counter({ value, max }: { value: string; max: number }) {
  const n = [...value.trim()].length;
  return (
    <p
      className={cn("text-right text-xs tabular-nums", n > max ? "font-bold text-red-600" : "text-slate-500")}
    >
      {n.toLocaleString("ja-JP")} / {max.toLocaleString("ja-JP")}文字
    </p>
  );
}

/** A yen amount: digits with 「円」 after them; the id and aria props go to the input itself. */
export function YenInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="flex items-center gap-2 desktop:max-w-72">
      <Input inputMode="numeric" autoComplete="off" {...props} />
      <span aria-hidden className="shrink-0 text-sm font-bold text-slate-700">
        円
      </span>
    </div>
  );
}
