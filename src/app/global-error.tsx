"use client";

import "./globals.css";
import { statusOfError } from "@/components/layout/error-catalogue";
import { ErrorScreen } from "@/components/layout/error-screen";
import { PlainShell } from "@/components/layout/plain-shell";

// Replaces the root layout when it fails, so it brings its own document and styles.
export default function GlobalError({ error }: { error: unknown }) {
  return (
    <html lang="ja">
      <body className="flex min-h-screen flex-col bg-white text-slate-800 antialiased">
        <title>エラー | OEMマッチ</title>
        <PlainShell>
          <ErrorScreen status={statusOfError(error)} />
        </PlainShell>
      </body>
    </html>
  );
}
