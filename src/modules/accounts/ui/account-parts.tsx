"use client";
import { type ReactNode, useState } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useZodForm } from "@/components/ui/use-zod-form";
import { ApiError } from "@/lib/api/client";
import { messageOf } from "@/lib/form-helpers";

export function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex w-full flex-col gap-8">
      <h1 className="text-2xl font-bold desktop:text-[28px]">{title}</h1>
      {children}
    </div>
  );
}

export function Section({
  id,
  title,
  icon,
  lead,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="p-5 desktop:p-8">
      <section aria-labelledby={id}>
        <h2 id={id} className="flex items-center gap-2 border-b border-slate-200 pb-3 text-lg font-bold">
          <span className="text-brand-600">{icon}</span>
          {title}
        </h2>
        {lead && <div className="mt-4 text-sm leading-7 text-slate-600">{lead}</div>}
        <div className="mt-6 max-w-[508px]">{children}</div>
      </section>
    </Card>
  );
}

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" disabled={busy} className="w-full desktop:w-auto desktop:min-w-48">
      {busy ? "送信中…" : children}
    </Button>
  );
}

/** Field errors of a failed call go onto the form; the rest becomes one message. */
function applyApiError<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string {
  if (!(error instanceof ApiError)) return messageOf(error);
  let first = true;
  for (const [key, message] of Object.entries(error.fields)) {
    const field = fields.find((f) => f === key);
    if (!field) continue;
    setError(field, { type: "server", message }, { shouldFocus: first });
    first = false;
  }
  return error.message;
}

/**
 * One of the page's forms: `submit(action)` clears the message above the form, runs the call,
 * and on failure puts the field errors on `fields` (focusing the first) and shows the message.
 */
export function useAccountForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: Parameters<typeof useZodForm<S>>[1],
  fields: readonly Path<z.input<S>>[],
) {
  const [formError, setFormError] = useState<string>();
  const form = useZodForm(schema, defaultValues);
  const submit = (action: (input: z.output<S>) => Promise<void>) =>
    form.handleSubmit(async (input) => {
      setFormError(undefined);
      try {
        await action(input);
      } catch (e) {
        setFormError(applyApiError(e, fields, form.setError));
      }
    });
  return { ...form, formError, submit };
}
