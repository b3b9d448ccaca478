"use client";

// The unlimited plan (無制限プラン): /account/oem/subscribe (price, what it includes, the
// current state, apply), /subscribe/complete, /subscribe/cancel and /subscribe/cancel-complete.
// State: GET /api/billing/plan_contract/waiting/company/{companyId}; apply: POST
// /api/billing/plan_contract/waiting; cancel (or withdraw an application): POST
// /api/billing/plan_contract/cancel. Only an ADMIN may apply or cancel.
import { AlertTriangle, CalendarCheck, Check, CheckCircle2, Clock, Crown, Loader2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import Link from "@/components/ui/link";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { PageHeader } from "@/components/ui/page-parts";
import { Result } from "@/components/ui/result";
import { apiFetch } from "@/lib/api/client";
import { submissionKey } from "@/lib/api/submission-key";
import { messageOf } from "@/lib/form-helpers";
import { monthDay } from "@/lib/japanese-date";
import { useSession } from "@/lib/session/session-provider";
import { yen } from "@/lib/yen";
import { PLAN_MONTHLY_FEE_YEN, TAX_RATE } from "@/modules/billing/billing.products";
import {
  AdminOnlyNote,
  Comparison,
  CurrentPlan,
  endOfThisMonth,
  live,
  PLAN_PATHS,
  price,
  usePlanState,
} from "./plan-parts";

export function PlanOverview({ companyId }: { companyId: string }) {
  const router = useRouter();
  const { data: session, update } = useSession();
  const { data, error, mutate } = usePlanState(companyId);
  const [confirming, setConfirming] = useState(false);
  const applyKey = useRef(submissionKey());
  const admin = session?.companyUserProfile?.role === "ADMIN";

  if (error) return <LoadError error={error} onRetry={() => void mutate()} />;
  const contract = live(data?.contract);

  const apply = async () => {
    // The application's Idempotency-Key, kept if the answer was lost and the user tries again.
    try {
      await apiFetch("/api/billing/plan_contract/waiting", {
        method: "POST",
        body: { companyId },
        idempotencyKey: applyKey.current.keyFor({ companyId }),
      });
      applyKey.current.settle();
    } catch (e) {
      applyKey.current.settle(e);
      throw e;
    }
    await Promise.all([mutate(), update()]);
    router.push(PLAN_PATHS.complete);
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="無制限プラン"
        lead="公開案件へのエントリーも、指名案件への返信も、回数を気にせずご利用いただけるプランです。"
      />

      {!data ? (
        <LoadingBlock rows={1} />
      ) : (
        <CurrentPlan contract={contract} paid={data.paymentStatus === "OEM_PAID"} admin={admin} />
      )}

      <section
        aria-labelledby="plan-price-title"
        className="overflow-hidden rounded-lg border-2 border-amber-300 bg-white shadow-sm"
      >
        <div className="flex flex-col gap-4 bg-gradient-to-br from-amber-50 to-white p-4 desktop:flex-row desktop:items-center desktop:justify-between desktop:p-8">
          <div>
            <h2 id="plan-price-title" className="flex items-center gap-2 text-xl font-bold text-slate-900">
              <Crown aria-hidden className="size-6 text-amber-600" />
              無制限プラン（月額）
            </h2>
            <p className="mt-3 font-bold text-slate-900">
              <span className="text-4xl tabular-nums">{yen(PLAN_MONTHLY_FEE_YEN)}</span>
              <span className="ml-1 text-base">/月（税抜）</span>
            </p>
            <p className="mt-1 text-sm text-slate-600 tabular-nums">
              消費税（{Math.round(TAX_RATE * 100)}%）{yen(price.taxYen)}・税込 {yen(price.totalYen)}/月
            </p>
          </div>
          <ul className="grid gap-2 text-sm text-slate-800">
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
        </div>
        <div className="p-4 desktop:p-8">
          <Comparison />
        </div>
      </section>

      <section
        aria-labelledby="plan-terms-title"
        className="rounded-lg border border-slate-200 bg-slate-50 p-4 desktop:p-6"
      >
        <h2 id="plan-terms-title" className="text-base font-bold text-slate-900">
          お支払いと契約について
        </h2>
        <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm leading-7 text-slate-700">
          <li>お支払いは請求書払い（銀行振込）です。毎月、適格請求書（インボイス）を発行します。</li>
          <li>
            お申し込み後、運営事務局が内容を確認して無制限プランを開始し、開始日をメールでお知らせします。開始月の分から毎月請求書をお送りしますので、記載の期限までにお振り込みください。
          </li>
          <li>
            解約はいつでもお手続きいただけます。解約したときは、その月の末日までご利用いただけ、翌月から無料プランに戻ります。
          </li>
          <li>お申し込みと解約のお手続きは、企業の管理者の方のみ行えます。</li>
        </ul>
      </section>

      {data && !contract && data.paymentStatus !== "OEM_PAID" && (
        <div className="flex flex-col items-center gap-3">
          {admin ? (
            <>
              <Button size="cta" onClick={() => setConfirming(true)}>
                <Crown aria-hidden className="size-5" />
                無制限プランに申し込む
              </Button>
              <p className="text-xs text-slate-500">お申し込みの時点では料金は発生しません。</p>
            </>
          ) : (
            <div className="w-full max-w-[508px]">
              <AdminOnlyNote action="無制限プランのお申し込み" />
            </div>
          )}
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        tone="primary"
        title="無制限プランに申し込みますか？"
        confirmLabel="申し込む"
        description={
          <>
            <p>
              月額 <span className="font-bold">{yen(PLAN_MONTHLY_FEE_YEN)}（税抜）</span>・税込{" "}
              {yen(price.totalYen)}
              。お支払いは請求書払いです。
            </p>
            <p>
              運営事務局が確認して開始し、開始月の分から毎月請求書をお送りします。開始まではこれまでどおり無料プランでご利用いただけます。
            </p>
          </>
        }
        onConfirm={apply}
      />
    </div>
  );
}

// ------------------------------------------------------------------ /account/oem/subscribe/complete

export function PlanApplied() {
  return (
    <div className="mx-auto flex w-full max-w-[640px] flex-col gap-8 py-4 desktop:py-10">
      <h1 className="sr-only">無制限プランのお申し込み完了</h1>
      <Result
        tone="success"
        icon={<CheckCircle2 aria-hidden className="size-8" />}
        title="お申し込みを受け付けました"
      >
        <p className="font-bold">お申し込みを受け付けました。運営事務局が確認して開始します。</p>
        <p className="mt-3 text-left text-slate-600">
          無制限プランを開始したら、開始日をメールでお知らせします。開始月の分から毎月、請求書（請求書払い・銀行振込）をお送りします。開始までは、これまでどおり無料プランでご利用いただけます。
        </p>
      </Result>
      <ol className="grid gap-3 desktop:grid-cols-3">
        {[
          { icon: CheckCircle2, title: "お申し込み", text: "受け付けました", done: true },
          { icon: CalendarCheck, title: "ご利用開始", text: "運営事務局の確認後に開始", done: false },
          { icon: Clock, title: "お支払い", text: "毎月の請求書で銀行振込", done: false },
        ].map((s, i) => (
          <li
            key={s.title}
            className={
              s.done
                ? "flex items-center gap-3 rounded-lg border border-emerald-300 bg-emerald-50 p-3"
                : "flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-3"
            }
          >
            <s.icon aria-hidden className={s.done ? "size-6 text-emerald-600" : "size-6 text-slate-400"} />
            <div className="text-sm">
              <p className="font-bold text-slate-900">
                {i + 1}. {s.title}
              </p>
              <p className="text-xs text-slate-600">{s.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <div className="flex flex-col items-center gap-3">
        <Button asChild size="cta">
          <Link href="/account/oem">マイページへ</Link>
        </Button>
        <Link
          href={PLAN_PATHS.subscribe}
          className="text-sm font-bold text-brand-700 underline-offset-4 hover:underline"
        >
          ご契約状況を見る
        </Link>
      </div>
    </div>
  );
}

// ------------------------------------------------------------------ /account/oem/subscribe/cancel

export function PlanCancel({ companyId }: { companyId: string }) {
  const router = useRouter();
  const { data: session, update } = useSession();
  const { data, error, mutate } = usePlanState(companyId);
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const admin = session?.companyUserProfile?.role === "ADMIN";

  if (error) return <LoadError error={error} onRetry={() => void mutate()} />;
  if (!data) return <LoadingBlock rows={2} />;
  const contract = live(data.contract);
  const withdrawing = contract?.status === "WAITING";

  const cancel = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await apiFetch("/api/billing/plan_contract/cancel", { method: "POST", body: { companyId } });
      await Promise.all([mutate(), update()]);
      router.push(withdrawing ? `${PLAN_PATHS.cancelComplete}?withdrawn=1` : PLAN_PATHS.cancelComplete);
    } catch (e) {
      setFailure(messageOf(e));
      setBusy(false);
    }
  };

  const back = (
    <Link
      href={PLAN_PATHS.subscribe}
      className="text-sm font-bold text-slate-600 underline-offset-4 hover:underline"
    >
      無制限プランのページへ戻る
    </Link>
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={withdrawing ? "無制限プランのお申し込みの取り消し" : "無制限プランの解約"}
        lead={
          withdrawing
            ? "お申し込み中の無制限プランを取り消します。"
            : "無制限プランの解約のお手続きを行います。"
        }
      />
      {!contract ? (
        <>
          <Alert tone="info" title="解約できるご契約はありません">
            現在、無制限プランのご契約やお申し込みはありません。
          </Alert>
          <div>{back}</div>
        </>
      ) : contract.status === "CANCEL_SCHEDULED" ? (
        <>
          <Alert tone="info" title="解約のお手続きは完了しています">
            {monthDay(contract.endsOn)}まで無制限プランをご利用いただけます。翌月から無料プランになります。
          </Alert>
          <div>{back}</div>
        </>
      ) : !admin ? (
        <>
          <AdminOnlyNote action={withdrawing ? "お申し込みの取り消し" : "無制限プランの解約"} />
          <div>{back}</div>
        </>
      ) : (
        <>
          <section
            aria-labelledby="cancel-effects"
            className="rounded-lg border-2 border-red-200 bg-red-50/60 p-4 desktop:p-8"
          >
            <h2 id="cancel-effects" className="flex items-center gap-2 text-lg font-bold text-red-800">
              <AlertTriangle aria-hidden className="size-5" />
              {withdrawing ? "お申し込みを取り消すと" : "解約すると、次のようになります"}
            </h2>
            {withdrawing ? (
              <ul className="mt-4 list-disc space-y-2 pl-5 text-sm leading-7 text-slate-800">
                <li>無制限プランは開始されず、引き続き無料プランでご利用いただけます。</li>
                <li>料金は発生しません。あらためてお申し込みいただくこともできます。</li>
              </ul>
            ) : (
              <ul className="mt-4 list-disc space-y-2 pl-5 text-sm leading-7 text-slate-800">
                <li>
                  <span className="font-bold">{monthDay(endOfThisMonth())}（今月末）まで</span>
                  は、引き続き無制限プランのすべての機能をご利用いただけます。
                </li>
                <li>
                  翌月1日から無料プランになります。公開案件へのエントリーと、エントリー済み案件一覧はご利用いただけなくなり、指名案件への返信にはチケットが必要になります。
                </li>
                <li>これまでのエントリーと、発注者とのやり取りはそのまま残ります。</li>
                <li>翌月分からのご請求はありません。</li>
              </ul>
            )}
          </section>
          {failure && <Alert tone="error">{failure}</Alert>}
          <label className="mx-auto flex max-w-[508px] cursor-pointer items-start gap-3 rounded-md border border-slate-300 bg-white p-4 text-sm leading-6">
            <input
              type="checkbox"
              className="mt-1 size-5 shrink-0 accent-red-600"
              checked={agreed}
              onChange={(e) => setAgreed(e.target.checked)}
            />
            <span>上記の内容を確認しました。</span>
          </label>
          <div className="flex flex-col-reverse items-center gap-3 desktop:flex-row desktop:justify-center">
            <Button asChild variant="ghost" size="cta" className="border border-slate-300">
              <Link href={PLAN_PATHS.subscribe}>{withdrawing ? "取り消さずに戻る" : "解約せずに戻る"}</Link>
            </Button>
            <Button variant="danger" size="cta" disabled={!agreed || busy} onClick={() => void cancel()}>
              {busy && <Loader2 aria-hidden className="size-5 animate-spin" />}
              {busy ? "手続きしています…" : withdrawing ? "お申し込みを取り消す" : "解約する"}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

// ------------------------------------------------------------------ /account/oem/subscribe/cancel-complete

export function PlanCancelled({ companyId, withdrawn }: { companyId: string; withdrawn: boolean }) {
  const { data } = usePlanState(companyId);
  const endsOn = data?.contract?.status === "CANCEL_SCHEDULED" ? data.contract.endsOn : null;
  return (
    <div className="mx-auto flex w-full max-w-[640px] flex-col gap-8 py-4 desktop:py-10">
      <h1 className="sr-only">{withdrawn ? "お申し込みの取り消し完了" : "無制限プランの解約完了"}</h1>
      {withdrawn ? (
        <Result
          tone="success"
          icon={<CheckCircle2 aria-hidden className="size-8" />}
          title="お申し込みを取り消しました"
        >
          <p>無制限プランのお申し込みを取り消しました。引き続き無料プランでご利用いただけます。</p>
        </Result>
      ) : (
        <Result
          tone="success"
          icon={<CheckCircle2 aria-hidden className="size-8" />}
          title="解約を受け付けました"
        >
          <p className="font-bold">
            {endsOn ? `${monthDay(endsOn)}（今月末）まで` : "今月末まで"}
            、無制限プランをご利用いただけます。
          </p>
          <p className="mt-3 text-left text-slate-600">
            翌月1日から無料プランになり、翌月分からのご請求はありません。月末までは、公開案件へのエントリーや指名案件への返信をこれまでどおりご利用いただけます。ご利用ありがとうございました。
          </p>
        </Result>
      )}
      <div className="flex flex-col items-center gap-3">
        <Button asChild size="cta">
          <Link href="/account/oem">マイページへ</Link>
        </Button>
      </div>
    </div>
  );
}
