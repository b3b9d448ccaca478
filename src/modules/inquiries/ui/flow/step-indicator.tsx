import { Check } from "lucide-react";
import { Fragment } from "react";
import { cn } from "@/lib/cn";

export const FLOW_STEPS = ["内容入力", "アカウント", "確認", "完了"] as const;

/** 「1 内容入力 → 2 アカウント → 3 確認 → 4 完了」: where the buyer is in the inquiry flow. */
export function FlowStepIndicator({ current, skipped = [] }: { current: number; skipped?: number[] }) {
  return (
    <ol aria-label="お問い合わせの流れ" className="mx-auto flex w-full max-w-[640px] items-start">
      {FLOW_STEPS.map((label, i) => {
        const n = i + 1;
        const state =
          n < current || (skipped.includes(n) && n !== current) ? "done" : n === current ? "current" : "todo";
        return (
          <Fragment key={label}>
            {i > 0 && (
              <li
                aria-hidden
                className={cn(
                  "mt-4 h-0.5 min-w-3 flex-1",
                  state === "todo" ? "bg-slate-200" : "bg-brand-600",
                )}
              />
            )}
            <li
              className="flex w-[72px] shrink-0 flex-col items-center gap-1.5 text-center desktop:w-24"
              aria-current={state === "current" ? "step" : undefined}
            >
              <span
                className={cn(
                  "flex size-8 items-center justify-center rounded-full border-2 text-sm font-bold",
                  state === "done" && "border-brand-600 bg-brand-600 text-white",
                  state === "current" && "border-brand-600 bg-brand-600 text-white ring-4 ring-brand-600/20",
                  state === "todo" && "border-slate-300 bg-white text-slate-500",
                )}
              >
                {state === "done" ? <Check aria-hidden className="size-4" strokeWidth={3} /> : n}
              </span>
              <span
                className={cn(
                  "text-xs font-bold leading-tight desktop:text-sm",
                  state === "todo"
                    ? "text-slate-500"
                    : state === "current"
                      ? "text-brand-700"
                      : "text-slate-700",
                )}
              >
                {label}
                {state === "done" && <span className="sr-only">（完了）</span>}
                {state === "current" && <span className="sr-only">（現在のステップ）</span>}
              </span>
            </li>
          </Fragment>
        );
      })}
    </ol>
  );
}
