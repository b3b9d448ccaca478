"use client";

// Parts of the unlimited plan's pages (plan.tsx): the paths, the plan state, the current contract
// and the comparison with the free plan.
import { Check, Minus } from "lucide-react";
import type { ReactNode } from "react";
import useSWR from "swr";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/card";
import Link from "@/components/ui/link";
import { todayInJapan } from "@/lib/japan-time";
import { formatDate, monthDay } from "@/lib/japanese-date";
import { PLAN_MONTHLY_FEE_YEN, priced } from "@/modules/billing/billing.products";
import type { planState } from "@/modules/billing/billing.schema";

export type PlanState = z.infer<typeof planState>;
export type Contract = NonNullable<PlanState["contract"]>;

export const PLAN_PATHS = {
  subscribe: "/account/oem/subscribe",
  complete: "/account/oem/subscribe/complete",
  cancel: "/account/oem/subscribe/cancel",
  cancelComplete: "/account/oem/subscribe/cancel-complete",
} as const;

export const price = priced(PLAN_MONTHLY_FEE_YEN);

export function usePlanState(companyId: string) {
  return useSWR<PlanState>(`/api/billing/plan_contract/waiting/company/${companyId}`);
}

/** The contract that still means something to the person (an ended or refused one does not). */
export function live(contract: Contract | null | undefined): Contract | null {
  return contract && ["WAITING", "ACTIVE", "CANCEL_SCHEDULED"].includes(contract.status) ? contract : null;
}

/** The last day of this month in Japan, YYYY-MM-DD. */
export function endOfThisMonth(): string {
  const [y, m] = todayInJapan().split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${y}-${String(m).padStart(2, "0")}-${String(last).padStart(2, "0")}`;
}

export function AdminOnlyNote({ action }: { action: string }) {
  return (
    <Alert tone="info" title={`${action}は管理者のみ行えます`}>
      お手続きが必要な場合は、貴社の管理者の方にご依頼ください。
    </Alert>
  );
}

// ------------------------------------------------------------------ /account/oem/subscribe

export function CurrentPlan({
  contract,
  paid,
  admin,
}: {
  contract: Contract | null;
  paid: boolean;
  admin: boolean;
}) {
  let badge: ReactNode;
  let text: ReactNode;
  let action: ReactNode = null;
  if (contract?.status === "WAITING") {
    badge = <Badge tone="gold">お申し込み中</Badge>;
    text = `${formatDate(contract.appliedAt)}にお申し込みを受け付けました。運営事務局が確認して開始し、開始日をメールでお知らせします。`;
    if (admin) action = <SmallLink href={PLAN_PATHS.cancel}>お申し込みを取り消す</SmallLink>;
  } else if (contract?.status === "ACTIVE") {
    badge = <Badge tone="gold">ご契約中</Badge>;
    text = `無制限プランをご利用中です${contract.startsOn ? `（${formatDate(contract.startsOn)}から）` : ""}。`;
    if (admin) action = <SmallLink href={PLAN_PATHS.cancel}>解約のお手続き</SmallLink>;
  } else if (contract?.status === "CANCEL_SCHEDULED") {
    badge = <Badge tone="slate">解約予定</Badge>;
    text = `解約のお手続きを承りました。${monthDay(contract.endsOn)}まで利用可能です。翌月から無料プランになります。`;
  } else if (paid) {
    badge = <Badge tone="gold">ご契約中</Badge>;
    text = "無制限プランをご利用中です。";
  } else {
    badge = <Badge tone="slate">無料プラン</Badge>;
    text = "現在は無料プランをご利用中です。指名案件への返信にはチケットを使います。";
  }
  return (
    <section
      aria-labelledby="current-plan-title"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm desktop:flex-row desktop:items-center desktop:justify-between desktop:p-6"
    >
      <div>
        <h2 id="current-plan-title" className="flex items-center gap-2 text-base font-bold text-slate-900">
          現在のご契約
          {badge}
        </h2>
        <p className="mt-1 text-sm leading-6 text-slate-700">{text}</p>
      </div>
      {action}
    </section>
  );
}

export function SmallLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="shrink-0 rounded text-sm font-bold text-slate-600 underline underline-offset-4 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {children}
    </Link>
  );
}

export function Comparison() {
  const yes = (label = "ご利用いただけます") => (
    <>
      <Check aria-hidden className="mx-auto size-5 text-emerald-600" />
      <span className="sr-only">{label}</span>
    </>
  );
  const no = (
    <>
      <Minus aria-hidden className="mx-auto size-5 text-slate-300" />
      <span className="sr-only">ご利用いただけません</span>
    </>
  );
  const rows: [string, ReactNode, ReactNode][] = [
    ["公開案件・指名案件の閲覧", yes(), yes()],
    ["公開案件へのエントリー", no, <strong key="u">無制限</strong>],
    ["指名案件への返信", "1件につきチケット1枚", <strong key="u">無制限（チケット不要）</strong>],
    ["エントリー済み案件一覧", no, yes()],
    ["OEMメーカー検索での表示", "通常", "おすすめ順で優先"],
  ];
  return (
    <table className="w-full text-sm">
      <caption className="mb-2 text-left text-sm font-bold text-slate-900">無料プランとの違い</caption>
      <thead>
        <tr className="border-b border-slate-200 text-xs text-slate-600">
          <th scope="col" className="py-2 text-left font-bold">
            <span className="sr-only">機能</span>
          </th>
          <th scope="col" className="w-[28%] py-2 text-center font-bold">
            無料プラン
          </th>
          <th scope="col" className="w-[34%] bg-amber-50 py-2 text-center font-bold text-amber-900">
            無制限プラン
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map(([label, free, unlimited]) => (
          <tr key={label}>
            <th scope="row" className="py-3 pr-2 text-left font-bold text-slate-700">
              {label}
            </th>
            <td className="px-1 py-3 text-center text-slate-600">{free}</td>
            <td className="bg-amber-50/60 px-1 py-3 text-center text-slate-900">{unlimited}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
