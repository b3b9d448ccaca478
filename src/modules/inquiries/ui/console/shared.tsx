"use client";

// Pieces the console's inquiry and entry pages share: links, dates, refresh, the form dialog, the scope notice.
import { Loader2, X } from "lucide-react";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { Dialog } from "radix-ui";
import { type FormEvent, type ReactNode, useState } from "react";
import { linkClass, useRefreshOwner } from "@/components/owner/console-helpers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api/client";
import { messageOf } from "@/lib/form-helpers";
import { useOwnerApi } from "@/lib/owner/owner-session";
import type { OwnerEntryItem, OwnerInquiryItem } from "../../inquiry-operator.schema";

/** The console's link style and list refresh, under the names these pages use. */
export const link = linkClass;
export const useRefresh = useRefreshOwner;

export type InquiryType = "BULK" | "NOMINATION";
export type InquiryStatus = OwnerInquiryItem["status"];
export type EntryStatus = OwnerEntryItem["status"];

/** 2026-04-01 → 2026/04/01 (calendar dates of the API). */
export const day = (d: string | null | undefined) => (d ? d.replaceAll("-", "/") : "—");

// ---------------------------------------------------------------- shared pieces

/** A dialog with a form: stays open while sending and on errors, keeping what was typed. */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  busy,
  error,
  tone = "primary",
  onSubmit,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  submitLabel: string;
  busy: boolean;
  /** The form's message (the API's message, or a check before sending). */
  error?: string;
  tone?: "primary" | "danger";
  onSubmit: () => void;
  children: ReactNode;
}) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-[640px] -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-lg bg-white shadow-xl focus:outline-none">
          <form onSubmit={submit} noValidate className="flex flex-col gap-4 p-6">
            <div className="flex items-start justify-between gap-3">
              <Dialog.Title className="text-lg font-bold text-slate-900">{title}</Dialog.Title>
              <Dialog.Close asChild>
                <button
                  type="button"
                  disabled={busy}
                  className="-mt-1 -mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
                >
                  <X aria-hidden className="size-5" />
                  <span className="sr-only">閉じる</span>
                </button>
              </Dialog.Close>
            </div>
            {description ? (
              <Dialog.Description asChild>
                <div className="text-sm leading-7 text-slate-700">{description}</div>
              </Dialog.Description>
            ) : (
              <Dialog.Description className="sr-only">{title}</Dialog.Description>
            )}
            {error && <Alert tone="error">{error}</Alert>}
            {children}
            <div className="mt-2 flex flex-col-reverse gap-2 desktop:flex-row desktop:justify-end">
              <Dialog.Close asChild>
                <Button variant="ghost" disabled={busy} className="border border-slate-300">
                  キャンセル
                </Button>
              </Dialog.Close>
              <Button type="submit" variant={tone} disabled={busy}>
                {busy && <Loader2 aria-hidden className="size-4 animate-spin" />}
                {submitLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * A form dialog's submit: busy while the action runs; when it fails, the API's message and the
 * errors of the known fields (errorsOf).
 */
export function useDialogSubmit(known: string[]) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<Record<string, string>>({});
  const clear = () => {
    setError(undefined);
    setFields({});
  };
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    clear();
    try {
      await action();
    } catch (e) {
      const out = errorsOf(e, known);
      setError(out.message);
      setFields(out.fields);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, fields, setFields, clear, run };
}

/** The API's message and field errors of a failed change; other field keys join the message. */
export function errorsOf(e: unknown, known: string[]): { message: string; fields: Record<string, string> } {
  if (!(e instanceof ApiError)) return { message: messageOf(e), fields: {} };
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const [k, v] of Object.entries(e.fields)) {
    if (known.includes(k)) fields[k] = v;
    else rest.push(v);
  }
  return { message: [e.message, ...rest].join(" "), fields };
}

/** 「OEMメーカー「○○」で絞り込んでいます。解除」 for list parameters passed in the URL. */
export function ScopeNotice({ items }: { items: Array<{ param: string; label: string; name?: string }> }) {
  const pathname = usePathname() ?? "";
  const params = useSearchParams() ?? new URLSearchParams();
  const active = items.filter((i) => params.get(i.param));
  if (active.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-col gap-2">
      {active.map((i) => {
        const next = new URLSearchParams(params);
        next.delete(i.param);
        next.delete("page");
        const qs = next.toString();
        return (
          <li
            key={i.param}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900"
          >
            <span className="min-w-0 break-words">
              {i.label}「{i.name ?? "読み込み中…"}」で絞り込んでいます。
            </span>
            <Link href={qs ? `${pathname}?${qs}` : pathname} className={link}>
              解除する
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The name of a company (or inquiry) a list is scoped to, for ScopeNotice. */
export function useScopeName<T>(path: string | null, pick: (data: T) => string): string | undefined {
  const { data, error } = useOwnerApi<T>(path);
  if (error) return "（見つかりません）";
  return data ? pick(data) : undefined;
}
