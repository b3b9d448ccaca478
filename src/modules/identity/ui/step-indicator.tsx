import { Check } from "lucide-react";
import { Fragment } from "react";
import { cn } from "@/lib/cn";

export type StepState = "done" | "current" | "todo";

/** 「1 会社情報 → 2 ご担当者情報 → 3 登録完了」: where the person is in a multi-part form. */
export function StepIndicator({ steps }: { steps: { label: string; state: StepState }[] }) {
  return (
    <ol aria-label="登録の流れ" className="flex items-start">
      {steps.map((step, i) => (
        <Fragment key={step.label}>
          {i > 0 && (
            <li
              aria-hidden
              className={cn("mt-4 h-0.5 flex-1", step.state === "todo" ? "bg-slate-200" : "bg-brand-600")}
            />
          )}
          <li
            className="flex w-20 shrink-0 flex-col items-center gap-1.5 text-center"
            aria-current={step.state === "current" ? "step" : undefined}
          >
            <span
              className={cn(
                "flex size-8 items-center justify-center rounded-full border-2 text-sm font-bold",
                step.state === "done" && "border-brand-600 bg-brand-600 text-white",
                step.state === "current" && "border-brand-600 bg-white text-brand-600",
                step.state === "todo" && "border-slate-300 bg-white text-slate-500",
              )}
            >
              {step.state === "done" ? <Check aria-hidden className="size-4" strokeWidth={3} /> : i + 1}
            </span>
            <span
              className={cn(
                "text-xs font-bold leading-tight",
                step.state === "todo" ? "text-slate-500" : "text-slate-800",
              )}
            >
              {step.label}
              {step.state === "done" && <span className="sr-only">（完了）</span>}
              {step.state === "current" && <span className="sr-only">（入力中）</span>}
            </span>
          </li>
        </Fragment>
      ))}
    </ol>
  );
}
