"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, type ReactNode, useState } from "react";
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/lib/use-hydrated";
import { postHandlers } from "./form-errors";

/**
 * A public form that POSTs its input to `path` and then goes to the page `next`: validated on
 * leaving a field, the API's field errors put on their fields, the first error brought into view.
 */
export function usePublicForm<T extends FieldValues, O>(opts: {
  resolver: Resolver<T, unknown, O>;
  defaultValues: DefaultValues<T>;
  path: string;
  next: string;
  fieldOrder: readonly Path<T>[];
}) {
  const router = useRouter();
  const hydrated = useHydrated();
  const [formError, setFormError] = useState<string>();
  const form = useForm<T, unknown, O>({
    resolver: opts.resolver,
    mode: "onTouched",
    shouldFocusError: false,
    defaultValues: opts.defaultValues,
  });
  const [onValid, onInvalid] = postHandlers<T, O>({
    path: opts.path,
    next: () => router.push(opts.next),
    fieldOrder: opts.fieldOrder,
    setError: form.setError,
    setFormError,
  });
  const submit = form.handleSubmit(onValid, onInvalid);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    submit(e).catch(() => {});
  };
  const { isSubmitting, isSubmitSuccessful } = form.formState;
  return { form, formError, onSubmit, sending: isSubmitting || isSubmitSuccessful, hydrated };
}

/** The form's one button: off until the page is interactive, and from the submit on. */
export function PublicSubmit({
  hydrated,
  sending,
  icon,
  children,
}: {
  hydrated: boolean;
  sending: boolean;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex justify-center">
      <Button type="submit" size="cta" disabled={!hydrated || sending}>
        {icon}
        {sending ? "送信しています…" : children}
      </Button>
    </div>
  );
}
