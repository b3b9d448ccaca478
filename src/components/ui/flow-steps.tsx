"use client";

import { cn } from "@/lib/cn";

/** 「1 退会理由 → 2 内容の確認 → 3 退会完了」: where the person is in a short flow. */
export function FlowSteps({ label, steps, current }: { label: string; steps: string[]; current: number }) {
  return (
    <ol aria-label={label} className="flex items-start">
      {steps.map((step, i) => {
        const state = i < current ? "done" : i === current ? "current" : "todo";
        return (
          <li key={step} className={cn("flex items-start", i > 0 && "flex-1")}>
            {i > 0 && (
              <span
                aria-hidden
                className={cn("mt-4 h-0.5 flex-1", state === "todo" ? "bg-slate-200" : "bg-brand-600")}
              />
            )}
            <span
              className="flex w-20 shrink-0 flex-col items-center gap-1.5 text-center"
              aria-current={state === "current" ? "step" : undefined}
            >
              <span
                className={cn(
                  "flex size-8 items-center justify-center rounded-full border-2 text-sm font-bold",
                  state === "done" && "border-brand-600 bg-brand-600 text-white",
                  state === "current" && "border-brand-600 bg-white text-brand-600",
                  state === "todo" && "border-slate-300 bg-white text-slate-500",
                )}
              >
                {i + 1}
              </span>
              <span
                className={cn(
                  "text-xs font-bold leading-tight",
                  state === "todo" ? "text-slate-500" : "text-slate-800",
                )}
              >
                {step}
                {state === "done" && <span className="sr-only">（完了）</span>}
                {state === "current" && <span className="sr-only">（現在のステップ）</span>}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
