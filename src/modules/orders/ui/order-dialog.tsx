"use client";

// The frame of every order action's dialog: title, explanation, the fields, and the API's
// Japanese message (and its field errors) when it refuses; it stays open until the call succeeds.
import { Loader2, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { type ReactNode, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api/client";
import { messageOf } from "@/lib/form-helpers";

export type FieldErrors = Record<string, string>;

export function OrderDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  tone = "primary",
  wide,
  onSubmit,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  submitLabel: string;
  tone?: "primary" | "danger";
  wide?: boolean;
  /** Resolve to close; throw (an ApiError) to keep the dialog open with the message. */
  onSubmit: () => Promise<void>;
  children?: (fields: FieldErrors) => ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<FieldErrors>({});
  const change = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setError(undefined);
      setFields({});
    }
    onOpenChange(next);
  };
  const submit = async () => {
    setBusy(true);
    setError(undefined);
    setFields({});
    try {
      await onSubmit();
      setBusy(false);
      onOpenChange(false);
    } catch (e) {
      setBusy(false);
      setError(messageOf(e));
      setFields(e instanceof ApiError ? e.fields : {});
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          className={`fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-lg bg-white shadow-xl focus:outline-none ${wide ? "max-w-[720px]" : "max-w-[560px]"}`}
        >
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
            className="flex flex-col gap-4 p-5 desktop:p-6"
          >
            <div className="flex items-start justify-between gap-3">
              <Dialog.Title className="text-lg font-bold text-slate-900">{title}</Dialog.Title>
              <Dialog.Close asChild>
                <button
                  type="button"
                  aria-label="閉じる"
                  className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <X aria-hidden className="size-5" />
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
            {children?.(fields)}
            <div className="mt-2 flex flex-col-reverse gap-2 desktop:flex-row desktop:justify-end">
              <Dialog.Close asChild>
                <Button type="button" variant="ghost" disabled={busy} className="border border-slate-300">
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
