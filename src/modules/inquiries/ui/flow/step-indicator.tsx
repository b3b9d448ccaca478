import { Check } from "lucide-react";
import { Fragment } from "react";
import { cn } from "@/lib/cn";
import type { FlowKind } from "./draft";
import { type FlowStep, flowSteps } from "./step-param";

/**
 * 「1 内容入力 → 2 アカウント → 3 確認 → 4 完了」 (the bulk flow with 「条件に合うメーカー」 after
 * the content): where the buyer is in the inquiry flow. The circles count the steps shown.
 */
export function FlowStepIndicator({
  kind,
  current,
  skipped = [],
}: {
  kind: FlowKind;
  current: FlowStep;
  skipped?: FlowStep[];
}) {
  const steps = flowSteps(kind);
  const at = steps.findIndex((s) => s.step === current);
  // Five steps share a 375 px screen: narrower columns and shorter lines between them.
  const five = steps.length > 4;
  return (
    <ol aria-label="お問い合わせの流れ" className="mx-auto flex w-full max-w-[720px] items-start">
      {steps.map(({ step, label }, i) => {
        const n = i + 1;
        const state =
          i < at || (skipped.includes(step) && step !== current) ? "done" : i === at ? "current" : "todo";
        return (
          <Fragment key={step}>
            {i > 0 && (
              <li
                aria-hidden
                className={cn(
                  "mt-4 h-0.5 flex-1",
                  five ? "min-w-1.5" : "min-w-3",
                  state === "todo" ? "bg-slate-200" : "bg-brand-600",
                )}
              />
            )}
            <li
              className={cn(
                "flex shrink-0 flex-col items-center gap-1.5 text-center desktop:w-24",
                five ? "w-[60px]" : "w-[72px]",
              )}
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
                  "text-xs font-bold leading-tight break-keep desktop:text-sm",
                  state === "todo"
                    ? "text-slate-500"
                    : state === "current"
                      ? "text-brand-700"
                      : "text-slate-700",
                )}
              >
                {label.map((part, j) => (
                  <Fragment key={part}>
                    {j > 0 && <wbr />}
                    {part}
                  </Fragment>
                ))}
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
