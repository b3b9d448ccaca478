import { cn } from "@/lib/cn";
import type { FitView } from "@/modules/matching/requirement.schema";

// The reasons of a fit (issue 20) with their marks: ✓ met, ✗ not met, ? not registered.

const MARKS = {
  true: { mark: "✓", said: "対応：", tone: "bg-emerald-100 text-emerald-800" },
  false: { mark: "✗", said: "条件外：", tone: "bg-red-100 text-red-700" },
  null: { mark: "?", said: "未登録：", tone: "bg-slate-200 text-slate-700" },
} as const;

export function FitReasonList({ reasons, className }: { reasons: FitView["reasons"]; className?: string }) {
  return (
    <ul className={cn("flex flex-col gap-1.5 text-sm", className)}>
      {reasons.map((r) => {
        const m = MARKS[String(r.met) as keyof typeof MARKS];
        return (
          <li key={r.text} className="flex items-start gap-2">
            <span
              aria-hidden
              className={cn(
                "mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold",
                m.tone,
              )}
            >
              {m.mark}
            </span>
            <span
              className={cn("min-w-0 break-words", r.hard && r.met === false && "font-bold text-red-700")}
            >
              <span className="sr-only">{m.said}</span>
              {r.text}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** 「5件中4件」: the stated conditions met (issue 33); the score's words where nothing is stated. */
export function conditionsText(fit: Pick<FitView, "met" | "stated">): string {
  return fit.stated ? `条件${fit.stated}件中${fit.met}件に対応` : "カテゴリ以外の条件の指定なし";
}

/**
 * 「適合度 80/100 ・ 条件5件中4件に対応」 with a bar: the score over the conditions the inquiry states.
 * Outside the category there is no score to show, only 「カテゴリ外」.
 */
export function FitScore({ fit }: { fit: Pick<FitView, "score" | "met" | "stated" | "inCategory"> }) {
  if (!fit.inCategory)
    return (
      <span className="inline-flex rounded-full bg-slate-200 px-2.5 py-0.5 text-sm font-bold text-slate-700">
        カテゴリ外
      </span>
    );
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="text-sm font-bold whitespace-nowrap text-slate-700">
        適合度 <span className="text-lg text-brand-700 tabular-nums">{fit.score}</span>
        <span className="text-xs font-normal text-slate-500">/100</span>
      </span>
      <span aria-hidden className="h-2 w-20 overflow-hidden rounded-full bg-slate-200">
        <span className="block h-full rounded-full bg-brand-600" style={{ width: `${fit.score}%` }} />
      </span>
      <span className="text-xs text-slate-600">{conditionsText(fit)}</span>
    </div>
  );
}
