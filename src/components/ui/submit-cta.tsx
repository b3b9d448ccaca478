"use client";

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/lib/use-hydrated";

/**
 * The call-to-action submit button of a sign-in style form: disabled until the page is
 * interactive (an early click must not post natively) and while busy, when it reads 送信中….
 */
export function SubmitCta({
  busy,
  className,
  children,
}: {
  busy: boolean;
  className?: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <Button type="submit" size="cta" className={className} disabled={busy || !hydrated}>
      {busy ? "送信中…" : children}
    </Button>
  );
}
