"use client";

// The console's small pieces: status badges with the Japanese words of src/lib/console-labels.ts,
// select options of a filter, a back link, a titled card, a definition list and a small table.
import { ChevronLeft } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import * as L from "@/lib/console-labels";

type Tone = "slate" | "brand" | "gold" | "red" | "green";

const TONES: Record<string, Tone> = {
  ACTIVE: "green",
  DEACTIVATED: "slate",
  OEM_FREE: "slate",
  OEM_PAID: "gold",
  REVIEW: "gold",
  OPEN: "green",
  CLOSED: "slate",
  CANCELLED: "slate",
  REJECTED: "red",
  ENTERED: "brand",
  SHORTLISTED: "green",
  DECLINED: "slate",
  DRAFT: "slate",
  PUBLISHED: "green",
  PENDING: "gold",
  PAID: "green",
  WAITING: "gold",
  CANCEL_SCHEDULED: "gold",
  ENDED: "slate",
  SENDING: "brand",
  SENT: "green",
  FAILED: "red",
  NEW: "gold",
  IN_PROGRESS: "brand",
  DONE: "green",
};

export const LABELS = {
  company: L.COMPANY_STATUS,
  payment: L.PAYMENT_STATUS,
  inquiryType: L.INQUIRY_TYPE,
  inquiry: L.INQUIRY_STATUS,
  entry: L.ENTRY_STATUS,
  audience: L.AUDIENCE,
  news: L.NEWS_STATUS,
  purchase: L.PURCHASE_STATUS,
  plan: L.PLAN_STATUS,
  outbox: L.OUTBOX_STATUS,
  role: L.ROLE,
  support: L.SUPPORT_STATUS,
} as const;

/** A status word in its colour; `kind` picks the vocabulary. */
export function StatusBadge({ kind, value }: { kind: keyof typeof LABELS; value: string }) {
  const words = LABELS[kind] as Record<string, string>;
  return (
    <Badge tone={kind === "inquiryType" ? "brand" : (TONES[value] ?? "slate")} className="whitespace-nowrap">
      {words[value] ?? value}
    </Badge>
  );
}

/** Select options for a filter: 「すべて」 first, then the vocabulary. */
export function optionsOf(kind: keyof typeof LABELS, all = "すべて") {
  const words = LABELS[kind] as Record<string, string>;
  return [{ value: "", label: all }, ...Object.entries(words).map(([value, label]) => ({ value, label }))];
}

export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="inline-flex items-center gap-1 text-sm font-bold text-brand-700 underline-offset-4 hover:underline"
    >
      <ChevronLeft aria-hidden className="size-4" />
      {children}
    </Link>
  );
}

/** A titled card of a detail page. */
export function Panel({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm desktop:p-6"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 pb-3">
        <h2 className="text-base font-bold text-slate-900">{title}</h2>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/** Label/value rows of a record. Empty values show 「—」. */
export function Fields({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-bold text-slate-500">{label}</dt>
          <dd className="min-w-0 break-words whitespace-pre-wrap text-slate-900">
            {value === null || value === undefined || value === "" ? "—" : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export interface MiniColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
  /** Long text that may wrap (the other cells keep to one line). */
  wrap?: boolean;
}

/** A small table of a detail page; it scrolls sideways inside its card on phones. */
export function MiniTable<T>({
  label,
  columns,
  rows,
  rowKey,
  empty,
}: {
  label: string;
  columns: Array<MiniColumn<T>>;
  rows: T[];
  rowKey: (row: T) => string;
  empty: string;
}) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <section aria-label={label} className="-mx-4 overflow-x-auto px-4 desktop:mx-0 desktop:px-0">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-xs text-slate-600">
          <tr>
            {columns.map((c) => (
              <th
                key={c.header}
                scope="col"
                className={cn("px-3 py-2 font-bold whitespace-nowrap", c.numeric && "text-right")}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="align-top">
              {columns.map((c) => (
                <td
                  key={c.header}
                  className={cn(
                    "px-3 py-2",
                    c.wrap ? "min-w-48" : "whitespace-nowrap",
                    c.numeric && "text-right tabular-nums",
                  )}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
