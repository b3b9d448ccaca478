"use client";

// What a list or form shows while its data loads, and when loading failed.
import { Alert } from "@/components/ui/alert";
import { messageOf } from "@/lib/form-helpers";

export function LoadingBlock({ rows = 3, label = "読み込み中…" }: { rows?: number; label?: string }) {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-4">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="h-40 animate-pulse rounded-lg bg-slate-100" />
      ))}
    </div>
  );
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert tone="error" title="読み込みに失敗しました">
      <p>{messageOf(error)}</p>
      {onRetry && (
        <button type="button" onClick={onRetry} className="mt-2 font-bold underline underline-offset-4">
          もう一度読み込む
        </button>
      )}
    </Alert>
  );
}
