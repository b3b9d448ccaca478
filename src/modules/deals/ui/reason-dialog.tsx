"use client";

// A dialog that asks why (辞退 by the supplier, お見送り by the buyer): a list of reasons and a
// text, validated by the API's schema; the dialog stays open with the API's message on failure.
import { Loader2, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { type ReactNode, useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import { useZodForm } from "@/components/ui/use-zod-form";
import { messageOf, setFieldErrors } from "@/lib/form-helpers";
import { declineInput, noQuoteInput } from "@/modules/deals/deals.schema";

type ReasonValues = { reason: string; note?: string | null };

export function ReasonDialog({
  open,
  onOpenChange,
  kind,
  title,
  description,
  reasons,
  confirmLabel,
  noteLabel,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** noQuote: 辞退 (reason OTHER needs a text); decline: お見送り. */
  kind: "noQuote" | "decline";
  title: string;
  description: ReactNode;
  reasons: Record<string, string>;
  confirmLabel: string;
  noteLabel: string;
  onSubmit: (values: ReasonValues) => Promise<void>;
}) {
  const schema = kind === "noQuote" ? noQuoteInput : declineInput;
  const form = useZodForm(schema as typeof declineInput, { reason: undefined, note: "" } as never);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const [formError, setFormError] = useState<string>();
  const legendId = useId();

  const submit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await onSubmit(values as ReasonValues);
      onOpenChange(false);
    } catch (e) {
      setFieldErrors(e, setError, ["reason", "note"]);
      setFormError(messageOf(e));
    }
  });

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (isSubmitting) return;
        if (!next) setFormError(undefined);
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-[560px] -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-lg bg-white shadow-xl focus:outline-none">
          <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4 p-6">
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
            <Dialog.Description asChild>
              <div className="text-sm leading-7 text-slate-700">{description}</div>
            </Dialog.Description>
            {formError && <Alert tone="error">{formError}</Alert>}
            <fieldset
              aria-labelledby={legendId}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? `${legendId}-error` : undefined}
              className="flex flex-col gap-2"
            >
              <legend id={legendId} className="mb-1.5 text-sm font-bold text-slate-800">
                理由
                <span className="ml-2 rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white">
                  必須
                </span>
              </legend>
              {Object.entries(reasons).map(([value, label]) => (
                <label
                  key={value}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
                >
                  <input
                    {...register("reason")}
                    type="radio"
                    value={value}
                    className="size-4 accent-brand-600"
                  />
                  {label}
                </label>
              ))}
              {errors.reason?.message && (
                <p id={`${legendId}-error`} role="alert" className="text-sm text-red-600">
                  {errors.reason.message}
                </p>
              )}
            </fieldset>
            <FormField
              label={noteLabel}
              hint="1000文字以内。相手の企業に表示されます。"
              error={errors.note?.message}
            >
              <Textarea {...register("note")} rows={4} className="min-h-24" />
            </FormField>
            <div className="mt-2 flex flex-col-reverse gap-2 desktop:flex-row desktop:justify-end">
              <Dialog.Close asChild>
                <Button variant="ghost" disabled={isSubmitting} className="border border-slate-300">
                  キャンセル
                </Button>
              </Dialog.Close>
              <Button type="submit" variant="danger" disabled={isSubmitting}>
                {isSubmitting && <Loader2 aria-hidden className="size-4 animate-spin" />}
                {confirmLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
