// Shown to a free supplier where a paid feature would be: what the unlimited plan adds and
// the way to /account/oem/subscribe.
import { Check, Crown } from "lucide-react";
import { Button } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { PLAN_MONTHLY_FEE_YEN } from "@/modules/billing/billing.products";

export function UpgradePrompt({ title, lead }: { title: string; lead: string }) {
  return (
    <section
      aria-labelledby="upgrade-title"
      className="rounded-lg border border-amber-300 bg-gradient-to-br from-amber-50 to-white p-4 desktop:p-6"
    >
      <h2
        id="upgrade-title"
        className="flex items-center gap-2 text-base font-bold text-amber-900 desktop:text-lg"
      >
        <Crown aria-hidden className="size-5 text-amber-600" />
        {title}
      </h2>
      <p className="mt-2 text-sm leading-7 text-slate-700">{lead}</p>
      <ul className="mt-3 grid gap-1.5 text-sm text-slate-800 desktop:grid-cols-2">
        {[
          "公開案件へのエントリーが無制限",
          "指名案件への返信にチケット不要",
          "エントリー済み案件を一覧で管理",
          "OEMメーカー検索の「おすすめ順」で優先して表示",
        ].map((t) => (
          <li key={t} className="flex items-start gap-2">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-600" />
            {t}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-col gap-2 desktop:flex-row desktop:items-center desktop:gap-4">
        <Button asChild>
          <Link href="/account/oem/subscribe">
            <Crown aria-hidden className="size-4" />
            無制限プランにアップグレード
          </Link>
        </Button>
        <p className="text-xs text-slate-600">
          月額 {PLAN_MONTHLY_FEE_YEN.toLocaleString("ja-JP")}円（税抜）・請求書払い
        </p>
      </div>
    </section>
  );
}
