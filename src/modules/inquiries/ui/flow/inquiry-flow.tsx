"use client";

import { useRouter } from "next/navigation";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import useSWR from "swr";
import { ApiErrorScreen } from "@/components/layout/error-screen";
import { todayInJapan } from "@/lib/japan-time";
import { clearSelectedCompanies, useSelectedCompanies } from "@/lib/selected-companies";
import { useSession } from "@/lib/session/session-provider";
import { AccountStep } from "./account-step";
import { CompleteStep } from "./complete-step";
import { ConfirmStep } from "./confirm-step";
import { ContentStep } from "./content-step";
import {
  clearSent,
  type FlowKind,
  type FlowTarget,
  flowHref,
  loadSent,
  type SentInquiry,
  saveSent,
} from "./draft";
import type { NominatedCompany } from "./recipients";
import { useReuseInquiry } from "./reuse-inquiry";
import { FlowStepIndicator } from "./step-indicator";
import { FLOW_NAMES, type FlowStep, STEP_TITLES, SUGGEST_STEP } from "./step-param";
import { SuggestionsStep } from "./suggestions-step";
import { useInquiryDraft } from "./use-draft";

/**
 * The stepped inquiry flows (?step=1..4): content → account → confirm → complete; the bulk flow
 * has 「条件に合うメーカー」 (?step=suggest) after the content. The draft lives in sessionStorage;
 * a step that cannot be shown yet sends the buyer to the one that can (no checked draft → 1;
 * signed in as a buyer → past 2; not signed in → 2; the suggestions outside the bulk flow → 1).
 * `registerForm` (step 2) is identity's buyer registration form, composed by the page.
 * `sendBlocked` (the page's words, e.g. a buyer whose nominations the operator stopped) replaces
 * the steps' submit buttons with a notice.
 */
export function InquiryFlow({
  kind,
  step,
  companyId,
  registerForm,
  sendBlocked,
}: {
  kind: FlowKind;
  step: FlowStep;
  companyId?: string;
  registerForm: ReactNode;
  sendBlocked?: string;
}) {
  const target = useMemo<FlowTarget>(() => ({ kind, companyId }), [kind, companyId]);
  const router = useRouter();
  const { status, data: session, update: refreshSession } = useSession();
  const { draft, ready, update, reset } = useInquiryDraft(target);
  const picked = useSelectedCompanies();
  const selected = kind === "bulk" ? picked : [];
  const isBuyer = status === "authenticated" && session?.companyType === "BUYER";
  const [sent, setSent] = useState<SentInquiry>();
  const [today] = useState(() => todayInJapan());
  const reusing = useReuseInquiry({
    target,
    step,
    ready,
    buyerCompanyId: isBuyer ? session?.companyDetails?.id : undefined,
    today,
    replaceDraft: update,
  });
  const { data: company, error: companyError } = useSWR<NominatedCompany>(
    kind === "single" && companyId ? `/api/oem/${companyId}` : null,
  );

  // Which step may be shown, once the draft and the session are known.
  const settled = ready && status !== "loading";
  const redirect: FlowStep | undefined = !settled
    ? undefined
    : step === 4
      ? undefined
      : step === SUGGEST_STEP && kind !== "bulk"
        ? 1
        : step !== 1 && !draft.checked
          ? 1
          : step === 2 && isBuyer
            ? 3
            : step === 3 && !isBuyer
              ? 2
              : undefined;
  /** The step after the content (the bulk flow: after its suggestions): the account, or past it for a buyer. */
  const afterSuggestions: FlowStep = isBuyer ? 3 : 2;

  useEffect(() => {
    if (redirect) router.replace(flowHref(target, redirect));
  }, [redirect, router, target]);

  // Step 4: the sent inquiry (also after a reload); the draft and the selection are spent.
  useEffect(() => {
    if (!ready) return;
    if (step !== 4) {
      if (step === 1) clearSent(target);
      setSent(undefined);
      return;
    }
    const s = loadSent(target);
    if (!s) {
      router.replace(flowHref(target, 1));
      return;
    }
    if (!s.cleared) {
      reset();
      if (target.kind === "bulk") clearSelectedCompanies();
      saveSent(target, { ...s, cleared: true });
    }
    setSent(s);
  }, [ready, step, target, reset, router]);

  // Each step starts at the top, except that a 「修正する」 link points at a field: bring it
  // into view once the form is there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again on every change of step
  useEffect(() => {
    if (!settled) return;
    const el = window.location.hash ? document.getElementById(window.location.hash.slice(1)) : null;
    if (el) el.scrollIntoView({ block: "start" });
    else window.scrollTo({ top: 0 });
  }, [step, settled]);

  if (kind === "single" && companyError) return <ApiErrorScreen error={companyError} />;

  const showing = settled && !redirect && !reusing && (step !== 4 || sent);
  const skipped: FlowStep[] = isBuyer && (step === 3 || step === 4) ? [2] : [];

  return (
    <div className="w-full px-4 py-8 desktop:px-10 desktop:py-12">
      <div className="mx-auto flex w-full max-w-[994px] flex-col gap-8 desktop:gap-10">
        {step !== 4 && (
          <header className="flex flex-col gap-1 text-center">
            <p className="text-sm font-bold text-brand-600">{FLOW_NAMES[kind]}</p>
            <h1 className="text-2xl leading-snug font-bold text-slate-900 desktop:text-[28px]">
              {STEP_TITLES[step]}
            </h1>
          </header>
        )}
        <FlowStepIndicator kind={kind} current={step} skipped={skipped} />
        {!showing ? (
          <div role="status" className="flex flex-col gap-4 py-10" aria-label="読み込み中">
            <div className="h-6 w-1/3 animate-pulse rounded bg-slate-200" />
            <div className="h-11 animate-pulse rounded bg-slate-100" />
            <div className="h-32 animate-pulse rounded bg-slate-100" />
          </div>
        ) : step === 1 ? (
          <ContentStep
            target={target}
            draft={draft}
            update={update}
            isBuyer={isBuyer}
            selected={selected}
            nominated={company}
            blocked={isBuyer ? sendBlocked : undefined}
            onDone={() => router.push(flowHref(target, kind === "bulk" ? SUGGEST_STEP : afterSuggestions))}
          />
        ) : step === SUGGEST_STEP ? (
          <SuggestionsStep
            target={target}
            draft={draft}
            isBuyer={isBuyer}
            onNext={() => router.push(flowHref(target, afterSuggestions))}
          />
        ) : step === 2 ? (
          <AccountStep target={target} session={session} registerForm={registerForm} />
        ) : step === 3 && session ? (
          <ConfirmStep
            target={target}
            draft={draft}
            session={session}
            selected={selected}
            nominated={company}
            blocked={sendBlocked}
            onVerifiedCheck={refreshSession}
            onSent={() => router.push(flowHref(target, 4))}
            onBackWithErrors={() => router.push(flowHref(target, 1))}
          />
        ) : sent ? (
          <CompleteStep sent={sent} />
        ) : null}
      </div>
    </div>
  );
}
