// A public recruit's fit with the supplier's capabilities (issue 20) on its list row: the score
// out of 100 and the short reasons (what is missing, and the required certifications and
// quantities it meets). The server computes both (fitOf); this only shows them.

import { Badge } from "@/components/ui/card";
import Link from "@/components/ui/link";
import type { FitView } from "@/modules/matching/requirement.schema";
import { conditionsText, FitReasonList } from "../requirements/fit-reasons";

/** The capabilities settings page (the supplier registers its MOQ, capacity and certificates there). */
export const CAPABILITIES_HREF = "/account/oem/capabilities";
const MAX_REASONS = 4;

export function FitBadge({ fit }: { fit: FitView }) {
  // Outside the supplier's categories a score would only mislead (issue 33).
  if (!fit.inCategory)
    return (
      <Badge tone="slate" title="貴社の登録カテゴリに含まれない案件です">
        カテゴリ外
      </Badge>
    );
  return (
    <Badge
      tone={fit.fits ? "green" : "slate"}
      title={`貴社の対応能力・認証との適合度（100点満点、${conditionsText(fit)}）`}
    >
      適合度 {fit.score}
      {!fit.fits && <span className="ml-1 font-normal">（条件外）</span>}
    </Badge>
  );
}

export function FitReasons({ fit }: { fit: FitView }) {
  if (!fit.reasons.length) return null;
  const more = fit.reasons.length - MAX_REASONS;
  return (
    <div className="mt-2">
      <FitReasonList reasons={fit.reasons.slice(0, MAX_REASONS)} className="text-xs desktop:text-sm" />
      {more > 0 && <p className="mt-1 text-xs text-slate-500">ほか{more}件</p>}
    </div>
  );
}

/** Under the recruit filters: how the fit is computed, and where to register what it reads. */
export function FitNote() {
  return (
    <p className="text-xs leading-5 text-slate-500 desktop:col-span-3">
      適合度は、案件が指定した条件（MOQ・月産能力・加工・素材・認証など）のうち、貴社の登録内容が満たす割合です。登録カテゴリ外の案件は「カテゴリ外」と表示し、適合度順では最後に並びます。
      <Link href={CAPABILITIES_HREF} className="font-bold text-brand-700 underline underline-offset-2">
        対応能力・認証を登録する
      </Link>
      <span aria-hidden> ・ </span>
      <Link href="/guide/capabilities" className="font-bold text-brand-700 underline underline-offset-2">
        適合度の計算のしかた
      </Link>
    </p>
  );
}
