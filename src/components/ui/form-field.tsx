import { cloneElement, type ReactElement, useId } from "react";
import { withOverrides } from "@/lib/cn";

interface FormFieldProps {
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  className?: string;
  /** One control; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
}

/** Label, control, hint and the field's Japanese error message, wired for screen readers. */
export function FormField({ label, required, hint, error, className, children }: FormFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={withOverrides("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-bold text-slate-800">
        {label}
        {required ? (
          <span className="ml-2 inline-block rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold whitespace-nowrap text-white">
            必須
          </span>
        ) : (
          <span className="ml-2 inline-block rounded bg-slate-500 px-1.5 py-0.5 text-xs font-bold whitespace-nowrap text-white">
            任意
          </span>
        )}
      </label>
      {cloneElement(children, {
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
      })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
