"use client";

// Shared pieces of the order form: a titled section, a radio/checkbox row, and what every section
// receives (the form, the draft and the field's message, from the browser's check or the server).
import type { InputHTMLAttributes, ReactNode } from "react";
import type { UseFormReturn } from "react-hook-form";
import { japaneseDate } from "@/lib/japanese-date";
import type { OrderDraft } from "@/modules/orders/order-view.schema";
import type { OrderFormValues } from "./order-form.schema";

export interface SectionProps {
  form: UseFormReturn<OrderFormValues>;
  draft: OrderDraft;
  /** The message of a field ("deliveries.0.paymentDue"), the browser's or the server's. */
  errorOf: (key: string) => string | undefined;
}

export function Section({
  title,
  required,
  children,
  id,
}: {
  title: string;
  required?: boolean;
  children: ReactNode;
  id?: string;
}) {
  return (
    <fieldset id={id} className="flex min-w-0 flex-col gap-4 border-t border-slate-200 pt-6">
      <legend className="float-left mb-1 w-full text-lg font-bold text-slate-900">
        {title}
        {required && (
          <span className="ml-2 inline-block rounded bg-red-600 px-1.5 py-0.5 align-middle text-xs font-bold whitespace-nowrap text-white">
            必須
          </span>
        )}
      </legend>
      {children}
    </fieldset>
  );
}

/** A radio or checkbox with its label to the right, a 44 px tall target. */
export function Choice({
  label,
  ...props
}: { label: ReactNode } & InputHTMLAttributes<HTMLInputElement> & { type: "radio" | "checkbox" }) {
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-800">
      <input className="size-5 shrink-0 accent-brand-600" {...props} />
      <span>{label}</span>
    </label>
  );
}

export function FieldError({ id, message }: { id?: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-600">
      {message}
    </p>
  );
}

/** A date in Japanese, or 「—」 while the input is empty. */
export const dateOrDash = (d: string | null | undefined) =>
  d && /^\d{4}-\d{2}-\d{2}$/.test(d) ? japaneseDate(d) : "—";

export const numeric = { type: "text", inputMode: "numeric", autoComplete: "off" } as const;
