"use client";

// The console's form dialog (inquiries, entries, the deal room): a title, a form that stays open
// while sending and on errors (keeping what was typed); wide for reading a thread; without a
// submit label it only reads (one 「閉じる」 button).
import { Loader2, X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { FormEvent, ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";

export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  busy = false,
  error,
  submitLabel,
  onSubmit,
  wide = false,
  tone = "primary",
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  busy?: boolean;
  error?: string;
  /** Without it the dialog only reads (one 「閉じる」 button). */
  submitLabel?: string;
  onSubmit?: () => void;
  wide?: boolean;
  tone?: "primary" | "danger";
  children: ReactNode;
}) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!busy) onSubmit?.();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          className={cn(
            "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-lg bg-white shadow-xl focus:outline-none",
            wide ? "max-w-[880px]" : "max-w-[640px]",
          )}
        >
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
                  {submitLabel ? "キャンセル" : "閉じる"}
                </Button>
              </Dialog.Close>
              {submitLabel && (
                <Button type="submit" variant={tone} disabled={busy}>
                  {busy && <Loader2 aria-hidden className="size-4 animate-spin" />}
                  {submitLabel}
                </Button>
              )}
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
