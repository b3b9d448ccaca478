// A public recruit's fit with the supplier's capabilities (issue 20) on its list row: the score
// out of 100 and the short reasons (what is missing, and the required certifications and
// quantities it meets). The server computes both (fitOf); this only shows them.
import { Check, X } from "lucide-react";
import Link from "next/link";
import { Badge } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import type { RecruitFit } from "../../inquiry.schema";

/** The capabilities settings page (the supplier registers its MOQ, capacity and certificates there). */
export const CAPABILITIES_HREF = "/account/oem/capabilities";
const MAX_REASONS = 4;

export function FitBadge({ fit }: { fit: RecruitFit }) {
  return (
    <Badge tone={fit.fits ? "green" : "slate"} title="貴社の対応能力・認証との適合度（100点満点）">
      適合度 {fit.score}
      {!fit.fits && <span className="ml-1 font-normal">（条件外）</span>}
    </Badge>
  );
}

export function FitReasons({ fit }: { fit: RecruitFit }) {
  if (!fit.reasons.length) return null;
  const shown = fit.reasons.slice(0, MAX_REASONS);
  const more = fit.reasons.length - shown.length;
  return (
    <ul aria-label="適合度の理由" className="mt-2 flex flex-col gap-1 text-xs leading-5 desktop:text-sm">
      {shown.map((r) => (
        <li
          key={r.text}
          className={cn(
            "flex items-start gap-1.5",
            r.met ? "text-emerald-800" : r.hard ? "font-bold text-red-700" : "text-slate-600",
          )}
        >
          {r.met ? (
            <Check aria-hidden className="mt-0.5 size-3.5 shrink-0" />
          ) : (
            <X aria-hidden className="mt-0.5 size-3.5 shrink-0" />
          )}
          <span className="sr-only">{r.met ? "満たしている：" : "満たしていない："}</span>
          <span className="min-w-0 break-words">{r.text}</span>
        </li>
      ))}
      {more > 0 && <li className="text-slate-500">ほか{more}件</li>}
    </ul>
  );
}

/** Under the recruit filters: how the fit is computed, and where to register what it reads. */
export function FitNote() {
  return (
    <p className="text-xs leading-5 text-slate-500 desktop:col-span-3">
      適合度は、貴社が登録した対応能力（MOQ・月産能力・加工・素材など）と確認済みの認証を、案件の条件と比べた目安です。
      <Link href={CAPABILITIES_HREF} className="font-bold text-brand-700 underline underline-offset-2">
        対応能力・認証を登録する
      </Link>
    </p>
  );
}
