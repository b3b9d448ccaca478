"use client";

// The capabilities form's parts: a three-way choice (対応する / 対応しない / 登録しない), a quantity
// input with its unit (processes and materials use the OEM information's ChoiceGroup, without a maximum).
import { type InputHTMLAttributes, useId } from "react";
import { cn } from "@/lib/cn";
import type { Choice } from "./capabilities-model";

const CHOICES: Array<[Choice, string]> = [
  ["yes", "対応する"],
  ["no", "対応しない"],
  ["", "登録しない"],
];

/** A radio group; `name` is the form field, `value`/`onChange` its value. */
export function ChoiceRadios({
  legend,
  hint,
  name,
  value,
  onChange,
  error,
}: {
  legend: string;
  hint?: string;
  name: string;
  value: Choice;
  onChange: (next: Choice) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={
        [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined
      }
      data-invalid={error ? true : undefined}
    >
      <legend className="mb-1 text-sm font-bold text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {CHOICES.map(([choice, label]) => (
          <label
            key={label}
            className={cn(
              "flex h-11 cursor-pointer items-center justify-center gap-2 rounded-md border px-3 text-sm whitespace-nowrap transition-colors desktop:min-w-32",
              value === choice
                ? "border-brand-600 bg-brand-50 font-bold text-brand-700"
                : "border-slate-300 bg-white text-slate-700 hover:border-brand-600/50",
            )}
          >
            <input
              type="radio"
              name={name}
              value={choice}
              checked={value === choice}
              onChange={() => onChange(choice)}
              className="size-4 shrink-0 accent-brand-600"
            />
            {label}
          </label>
        ))}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A number input with its unit after it (FormField gives it id and aria attributes). */
export function QuantityInput({
  unit,
  className,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { unit: string }) {
  return (
    <div className={cn("flex items-center gap-2", className)}>
      <input
        inputMode="numeric"
        autoComplete="off"
        className="h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-right text-base text-slate-900 tabular-nums placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none aria-[invalid=true]:border-red-500"
        {...props}
      />
      <span className="w-10 shrink-0 text-sm text-slate-600">{unit}</span>
    </div>
  );
}
