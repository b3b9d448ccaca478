"use client";

import { type Ref, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { revealFirstError } from "@/lib/form-utils";

/** Where a form's message above its fields stands (empty while there is none). */
export function FormErrorBanner({
  ref,
  message,
  className,
}: {
  ref: Ref<HTMLDivElement>;
  message: string | undefined;
  className?: string;
}) {
  return (
    <div ref={ref} className={className}>
      {message && <Alert tone="error">{message}</Alert>}
    </div>
  );
}

/**
 * The message above a form: `show` sets it and brings it into view; `reveal` shows it, or
 * with none (every error landed on a field) brings the first invalid field into view.
 */
export function useFormError() {
  const [formError, setFormError] = useState<string>();
  const ref = useRef<HTMLDivElement>(null);
  const show = (message: string) => {
    setFormError(message);
    requestAnimationFrame(() => ref.current?.scrollIntoView({ behavior: "smooth", block: "center" }));
  };
  const reveal = (message: string | undefined) => {
    if (message) show(message);
    else {
      setFormError(message);
      revealFirstError();
    }
  };
  return { formError, setFormError, ref, show, reveal };
}
