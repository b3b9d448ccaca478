"use client";

// Page and form layout parts: page title, titled section card, sticky save bar, progress bar.
import { Loader2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";

export function PageHeader({
  title,
  lead,
  actions,
}: {
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 desktop:flex-row desktop:items-end desktop:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold text-slate-900 desktop:text-3xl">{title}</h1>
        {lead && <div className="mt-2 text-sm leading-7 text-slate-600">{lead}</div>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** A titled card of a settings form; `id` is the anchor the section navigation jumps to. */
export function SettingsSection({
  id,
  title,
  icon,
  lead,
  aside,
  children,
  className,
}: {
  id: string;
  title: string;
  icon?: ReactNode;
  lead?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={cn(
        "scroll-mt-36 rounded-lg border border-slate-200 bg-white p-4 shadow-sm desktop:scroll-mt-40 desktop:p-8",
        className,
      )}
    >
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 pb-3">
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-bold text-slate-900">
          {icon && <span className="text-brand-600">{icon}</span>}
          {title}
        </h2>
        {aside}
      </div>
      {lead && <div className="mt-4 text-sm leading-7 text-slate-600">{lead}</div>}
      <div className="mt-6 flex flex-col gap-6">{children}</div>
    </section>
  );
}

/** The bottom bar of a long form: what is filled in, and the save button, always in reach. */
export function SaveBar({ busy, label, status }: { busy: boolean; label: string; status?: ReactNode }) {
  return (
    <div className="sticky bottom-0 z-20 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.06)] backdrop-blur desktop:mx-0 desktop:rounded-lg desktop:border desktop:px-6">
      <div className="flex flex-col items-stretch gap-2 desktop:flex-row desktop:items-center desktop:justify-between">
        <div className="text-center text-sm text-slate-600 desktop:text-left">{status}</div>
        <Button type="submit" disabled={busy} className="w-full desktop:w-auto desktop:min-w-56">
          {busy && <Loader2 aria-hidden className="size-4 animate-spin" />}
          {busy ? "保存しています…" : label}
        </Button>
      </div>
    </div>
  );
}

/** A thin progress bar with its percentage. */
export function ProgressBar({
  value,
  label,
  className,
}: {
  /** 0–100 */
  value: number;
  label: string;
  className?: string;
}) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      className={cn("h-2 w-full overflow-hidden rounded-full bg-slate-200", className)}
    >
      <div
        className={cn(
          "h-full rounded-full transition-[width] duration-300",
          pct >= 80 ? "bg-emerald-500" : "bg-brand-600",
        )}
        style={{ width: `${pct}%` }}
      />
    </div>
  );
}
