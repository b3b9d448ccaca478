// Helpers shared by the supplier settings forms: inputs hold text, the API takes the schema's
// shape; the schema the API validates with runs in the browser on the body that would be sent.
import { toNestErrors, validateFieldsNatively } from "@hookform/resolvers";
import type { FieldError, FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from "react-hook-form";
import type { z } from "zod";
import { ApiError } from "@/lib/api/client";
import { messageOf } from "@/lib/form-helpers";

/** Full-width digits and thousands separators, as people type them, into plain digits. */
export function normalizeDigits(value: string): string {
  return value
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/[,，、\s]/g, "");
}

/** Text that is blank after trimming. */
export const isBlank = (v: unknown): boolean => typeof v === "string" && v.trim() === "";

/** Leaves out blank text fields (the schemas read an absent optional field as "none"). */
export function withoutBlanks<T extends Record<string, unknown>>(values: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(values) as [keyof T, T[keyof T]][]) {
    if (!isBlank(v)) out[k] = v;
  }
  return out;
}

/**
 * The schema the API validates with, run on the API body the form would send, so the messages and
 * rules match. Field errors keep the body's field names. Each field shows its issue's own message,
 * as the API answers it: zodResolver would show a union's (「なし」 or a number) first branch's
 * message instead, 「正しい形式で入力してください」 for 「-10」 (issue 33 item 22).
 */
export function bodyResolver<V extends FieldValues, S extends z.ZodType>(
  schema: S,
  toBody: (values: V) => unknown,
): Resolver<V, unknown, z.output<S>> {
  return async (values, _context, options) => {
    const parsed = await schema.safeParseAsync(toBody(values));
    if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
    if (parsed.success) return { values: parsed.data as z.output<S>, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of parsed.error.issues) {
      const name = issue.path.join(".");
      errors[name] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: toNestErrors(errors as FieldErrors, options) };
  };
}

/**
 * Field errors of a failed call go onto the inputs they are about (they stay until the field is
 * edited); the first one is focused. Answers the message to show above the form, if any.
 */
export function applyApiError<V extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<V>,
  isField: (key: string) => boolean,
  alias: Record<string, string> = {},
): string | undefined {
  if (!(error instanceof ApiError)) return messageOf(error);
  const rest: string[] = [];
  let first = true;
  for (const [key, message] of Object.entries(error.fields)) {
    const name = alias[key] ?? key;
    if (!isField(name)) {
      rest.push(message);
      continue;
    }
    setError(name as Path<V>, { type: "server", message }, { shouldFocus: first });
    first = false;
  }
  if (first) return error.message; // nothing landed on a field
  return rest.length ? rest.join(" ") : undefined;
}

/** Brings the first element marked invalid into view, below the sticky header. */
export function revealFirstError(): void {
  requestAnimationFrame(() => {
    const el = document.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]');
    if (!el) return;
    el.scrollIntoView({ behavior: "smooth", block: "center" });
    if (typeof el.focus === "function") el.focus({ preventScroll: true });
  });
}
