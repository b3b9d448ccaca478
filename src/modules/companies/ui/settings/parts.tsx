"use client";

// Building blocks of the supplier settings pages (company, OEM information, cases, members,
// news): page title, section cards, confirmation dialog, pager, loading and save bar.
import { ChevronLeft, ChevronRight, Loader2 } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { type ReactNode, useState } from "react";
import useSWR from "swr";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { messageOf } from "@/modules/identity/ui/form-helpers";

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

export function LoadingBlock({ rows = 3, label = "読み込み中…" }: { rows?: number; label?: string }) {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-4">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="h-40 animate-pulse rounded-lg bg-slate-100" />
      ))}
    </div>
  );
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert tone="error" title="読み込みに失敗しました">
      <p>{messageOf(error)}</p>
      {onRetry && (
        <button type="button" onClick={onRetry} className="mt-2 font-bold underline underline-offset-4">
          もう一度読み込む
        </button>
      )}
    </Alert>
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

/**
 * A confirmation dialog for an action that changes or removes something. It stays open while
 * the action runs and shows the API's message when it fails (e.g. 「管理者が1人以上必要です…」).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = "キャンセル",
  tone = "danger",
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** 「閉じる」 where the action itself is a cancellation, so two buttons never both say キャンセル. */
  cancelLabel?: string;
  tone?: "danger" | "primary";
  /** Resolve to close the dialog; throw to keep it open with the error shown. */
  onConfirm: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const change = (next: boolean) => {
    if (busy) return;
    if (!next) setError(undefined);
    onOpenChange(next);
  };
  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await onConfirm();
      setBusy(false);
      onOpenChange(false);
    } catch (e) {
      setBusy(false);
      setError(messageOf(e));
    }
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={change}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-[508px] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-lg bg-white p-6 shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-bold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="text-sm leading-7 text-slate-700">{description}</div>
          </AlertDialog.Description>
          {error && <Alert tone="error">{error}</Alert>}
          <div className="mt-2 flex flex-col-reverse gap-2 desktop:flex-row desktop:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="ghost" disabled={busy} className="border border-slate-300">
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant={tone === "danger" ? "danger" : "primary"}
              disabled={busy}
              onClick={() => void confirm()}
            >
              {busy && <Loader2 aria-hidden className="size-4 animate-spin" />}
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

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

// ------------------------------------------------------------------ master data

export interface Prefecture {
  id: number;
  name: string;
  region: string;
}
export interface NamedItem {
  id: number;
  slug: string;
  name: string;
}

const masterOptions = { revalidateIfStale: false, dedupingInterval: 60 * 60 * 1000 } as const;

export function usePrefectures() {
  return useSWR<{ items: Prefecture[] }>("/api/prefectures", masterOptions);
}
export function useCategories() {
  return useSWR<{ items: NamedItem[] }>("/api/categories", masterOptions);
}
export function useFeatures() {
  return useSWR<{ items: NamedItem[] }>("/api/features", masterOptions);
}

/** 都道府県 options grouped by region (北海道・東北, 関東 …). */
export function PrefectureOptions({ items }: { items: Prefecture[] | undefined }) {
  const groups = new Map<string, Prefecture[]>();
  for (const p of items ?? []) groups.set(p.region, [...(groups.get(p.region) ?? []), p]);
  return (
    <>
      <option value="">{items ? "選択してください" : "読み込み中…"}</option>
      {[...groups].map(([region, list]) => (
        <optgroup key={region} label={region}>
          {list.map((p) => (
            <option key={p.id} value={String(p.id)}>
              {p.name}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}

const dateFormat = new Intl.DateTimeFormat("ja-JP", {
  timeZone: "Asia/Tokyo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const dateTimeFormat = new Intl.DateTimeFormat("ja-JP", {
  timeZone: "Asia/Tokyo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** 2026/01/05 in Japan time. */
export const formatDate = (iso: string | null | undefined) => (iso ? dateFormat.format(new Date(iso)) : "—");
/** 2026/01/05 14:30 in Japan time. */
export const formatDateTime = (iso: string | null | undefined) =>
  iso ? dateTimeFormat.format(new Date(iso)) : "—";

/** 「1 退会理由 → 2 内容の確認 → 3 退会完了」: where the person is in a short flow. */
export function FlowSteps({ label, steps, current }: { label: string; steps: string[]; current: number }) {
  return (
    <ol aria-label={label} className="flex items-start">
      {steps.map((step, i) => {
        const state = i < current ? "done" : i === current ? "current" : "todo";
        return (
          <li key={step} className={cn("flex items-start", i > 0 && "flex-1")}>
            {i > 0 && (
              <span
                aria-hidden
                className={cn("mt-4 h-0.5 flex-1", state === "todo" ? "bg-slate-200" : "bg-brand-600")}
              />
            )}
            <span
              className="flex w-20 shrink-0 flex-col items-center gap-1.5 text-center"
              aria-current={state === "current" ? "step" : undefined}
            >
              <span
                className={cn(
                  "flex size-8 items-center justify-center rounded-full border-2 text-sm font-bold",
                  state === "done" && "border-brand-600 bg-brand-600 text-white",
                  state === "current" && "border-brand-600 bg-white text-brand-600",
                  state === "todo" && "border-slate-300 bg-white text-slate-500",
                )}
              >
                {i + 1}
              </span>
              <span
                className={cn(
                  "text-xs font-bold leading-tight",
                  state === "todo" ? "text-slate-500" : "text-slate-800",
                )}
              >
                {step}
                {state === "done" && <span className="sr-only">（完了）</span>}
                {state === "current" && <span className="sr-only">（現在のステップ）</span>}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
