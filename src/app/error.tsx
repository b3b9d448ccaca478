"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";
import { statusOfError } from "@/components/layout/error-catalogue";
import { ErrorScreen } from "@/components/layout/error-screen";
import { PlainShell } from "@/components/layout/plain-shell";

// An ApiError thrown in a client component keeps its status (401, 403, 404 …); anything
// else, including every error of a server component, shows the 500 screen.
export default function ErrorBoundary({ error }: { error: unknown }) {
  const pathname = usePathname();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <PlainShell>
      <title>エラー | OEMマッチ</title>
      <ErrorScreen status={statusOfError(error)} redirect={pathname ?? undefined} />
    </PlainShell>
  );
}
