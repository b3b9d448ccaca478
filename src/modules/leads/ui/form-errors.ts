import type { FieldErrors, FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError, apiFetch } from "@/lib/api/client";
import { scrollToField } from "@/lib/form-helpers";

export { scrollToField };

export const GENERIC_ERROR = "送信に失敗しました。時間をおいてもう一度お試しください。";

/**
 * Puts the API's field errors (422 `fields`) on the form's fields, keeping what was typed.
 * Returns the message to show above the form, if any (a non-field error or unknown fields).
 */
export function applyApiError<T extends FieldValues>(
  error: unknown,
  fieldOrder: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string | undefined {
  if (!(error instanceof ApiError)) return GENERIC_ERROR;
  const fields = Object.entries(error.fields ?? {});
  if (!fields.length) return error.message || GENERIC_ERROR;
  const known = new Set<string>(fieldOrder);
  const rest: string[] = [];
  for (const [key, message] of fields) {
    if (known.has(key)) setError(key as Path<T>, { type: "server", message });
    else rest.push(message);
  }
  const first = fieldOrder.find((f) => error.fields[f]);
  if (first) scrollToField(first);
  return rest.length ? rest.join(" ") : "入力内容をご確認ください。";
}

/**
 * The two handlers a public form gives `handleSubmit`: POST the input to `path` and go on
 * with `next`, or put the API's field errors on their fields (keeping the input); on invalid
 * input, bring the first field with an error into view.
 */
export function postHandlers<T extends FieldValues, O>(opts: {
  path: string;
  next: () => void;
  fieldOrder: readonly Path<T>[];
  setError: UseFormSetError<T>;
  setFormError: (message: string | undefined) => void;
}) {
  const onValid = async (input: O) => {
    opts.setFormError(undefined);
    try {
      await apiFetch(opts.path, { method: "POST", body: input });
    } catch (e) {
      opts.setFormError(applyApiError<T>(e, opts.fieldOrder, opts.setError));
      throw e;
    }
    opts.next();
  };
  const onInvalid = (invalid: FieldErrors<T>) => {
    const first = opts.fieldOrder.find((f) => invalid[f]);
    if (first) scrollToField(first);
  };
  return [onValid, onInvalid] as const;
}
