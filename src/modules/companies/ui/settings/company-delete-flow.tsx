"use client";

// The deactivation flow of both sides (退会, ADMIN): /account/oem/company/delete and
// /account/buyer/account/delete. Reasons and a comment, a confirmation listing every effect,
// then POST /api/reason and DELETE …/deactivate. The deactivation ends the session, so the
// browser signs out on purpose (no "session expired" notice) and goes to the completion page.
import { AlertTriangle, ChevronLeft, Loader2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import useSWR from "swr";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FlowSteps } from "@/components/ui/flow-steps";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import Link from "@/components/ui/link";
import { LoadError } from "@/components/ui/load-state";
import { PageHeader, SettingsSection } from "@/components/ui/page-parts";
import { apiFetch } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import { messageOf, scrollToTop } from "@/lib/form-helpers";
import { bodyResolver, revealFirstError } from "@/lib/form-utils";
import { useSession } from "@/lib/session/session-provider";
import { reasonRecordInput } from "@/modules/companies/company.schema";

/** What differs between the buyer's and the supplier's flow. */
export const DEACTIVATION_SIDES = {
  SUPPLIER: {
    deactivatePath: (companyId: string) => `/api/oem/company/${companyId}/deactivate`,
    completePath: "/account/oem/company/delete/complete",
    back: { href: "/account/oem/company", label: "基本情報へ戻る" },
    home: "/account/oem",
  },
  BUYER: {
    deactivatePath: (companyId: string) => `/api/buyer/company/${companyId}/deactivate`,
    completePath: "/account/buyer/account/delete/complete",
    back: { href: "/account/buyer/account", label: "個人アカウント情報へ戻る" },
    home: "/account/buyer",
  },
} as const;

interface Reason {
  id: number;
  label: string;
}
interface ReasonValues {
  reasonIds: number[];
  comment: string;
}
const reasonStep = reasonRecordInput.pick({ reasonIds: true, comment: true });
const resolver = bodyResolver<ReasonValues, typeof reasonStep>(reasonStep, (v) => v);
const STEPS = ["退会理由", "内容の確認", "退会完了"];

export function CompanyDeleteFlow({
  side: sideName,
  companyId,
  companyName,
  effects,
  notice,
}: {
  side: keyof typeof DEACTIVATION_SIDES;
  companyId: string;
  companyName: string;
  /** The side's own effects, listed before the two every side shares. */
  effects: ReactNode;
  notice?: ReactNode;
}) {
  const side = DEACTIVATION_SIDES[sideName];
  const { signOut } = useSession();
  const {
    data: reasons,
    error: reasonsError,
    mutate,
  } = useSWR<{ items: Reason[] }>(`/api/reason?audience=${sideName}`);
  const [step, setStep] = useState<0 | 1>(0);
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const {
    handleSubmit,
    control,
    register,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<ReasonValues, unknown, z.output<typeof reasonStep>>({
    resolver,
    defaultValues: { reasonIds: [], comment: "" },
  });
  const chosen = useWatch({ control, name: "reasonIds" });
  const comment = useWatch({ control, name: "comment" });

  const toConfirm = handleSubmit(
    () => {
      setStep(1);
      setAgreed(false);
      setError(undefined);
      scrollToTop();
    },
    () => revealFirstError(),
  );

  const deactivate = async () => {
    setBusy(true);
    setError(undefined);
    const v = getValues();
    try {
      await apiFetch("/api/reason", {
        method: "POST",
        body: { companyId, reasonIds: v.reasonIds, comment: v.comment.trim() || undefined },
      });
      await apiFetch(side.deactivatePath(companyId), { method: "DELETE" });
    } catch (e) {
      setBusy(false);
      setError(messageOf(e));
      return;
    }
    // The company's sessions are revoked: sign out on purpose and show the completion page.
    try {
      await signOut(side.completePath);
    } catch {
      window.location.assign(side.completePath);
    }
  };

  const toggle = (id: number, on: boolean) =>
    setValue("reasonIds", on ? [...chosen, id] : chosen.filter((x) => x !== id), {
      shouldValidate: errors.reasonIds !== undefined,
    });

  return (
    <div className="flex flex-col gap-6 desktop:gap-8">
      <Link
        href={side.back.href}
        className="inline-flex w-fit items-center gap-1 text-sm font-bold text-brand-700 hover:underline"
      >
        <ChevronLeft aria-hidden className="size-4" />
        {side.back.label}
      </Link>
      <PageHeader
        title="退会手続き"
        lead={
          <>
            <span className="font-bold text-slate-800">{companyName}</span>
            の退会手続きを行います。
          </>
        }
      />
      <div className="mx-auto w-full max-w-[508px]">
        <FlowSteps label="退会手続きの流れ" steps={STEPS} current={step} />
      </div>

      {step === 0 ? (
        <form
          method="post"
          noValidate
          onSubmit={toConfirm}
          aria-label="退会理由"
          className="flex flex-col gap-6"
        >
          <SettingsSection
            id="delete-reasons"
            title="退会の理由をお聞かせください"
            lead="今後のサービス改善のために活用させていただきます。"
          >
            <fieldset className="flex flex-col gap-2" data-invalid={errors.reasonIds ? true : undefined}>
              <legend className="mb-2 text-sm font-bold text-slate-800">
                退会理由（複数選択可）
                <span className="ml-2 rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white">
                  必須
                </span>
              </legend>
              {reasonsError ? (
                <LoadError error={reasonsError} onRetry={() => void mutate()} />
              ) : !reasons ? (
                <div className="h-48 animate-pulse rounded-md bg-slate-100" />
              ) : (
                <ul className="grid gap-2 desktop:grid-cols-2">
                  {reasons.items.map((r) => {
                    const checked = chosen.includes(r.id);
                    return (
                      <li key={r.id}>
                        <label
                          className={cn(
                            "flex h-full cursor-pointer items-center gap-3 rounded-md border px-3 py-3 text-sm transition-colors",
                            checked
                              ? "border-brand-600 bg-brand-50 font-bold text-brand-700"
                              : "border-slate-300 bg-white text-slate-700 hover:border-brand-600/50",
                          )}
                        >
                          <input
                            type="checkbox"
                            className="size-4 shrink-0 accent-brand-600"
                            checked={checked}
                            aria-invalid={errors.reasonIds ? true : undefined}
                            onChange={(e) => toggle(r.id, e.target.checked)}
                          />
                          {r.label}
                        </label>
                      </li>
                    );
                  })}
                </ul>
              )}
              {errors.reasonIds?.message && (
                <p role="alert" className="text-sm text-red-600">
                  {errors.reasonIds.message}
                </p>
              )}
            </fieldset>
            <FormField
              label="ご意見・ご要望"
              hint={`${(comment ?? "").length.toLocaleString("ja-JP")} / 2,000文字`}
              error={errors.comment?.message}
            >
              <Textarea
                rows={5}
                placeholder="よろしければ、詳しい理由やご要望をお聞かせください。"
                {...register("comment")}
              />
            </FormField>
          </SettingsSection>
          <div className="flex flex-col items-center gap-3">
            <Button type="submit" size="cta">
              確認画面へ進む
            </Button>
            <Link
              href={side.home}
              className="text-sm font-bold text-slate-600 underline-offset-4 hover:underline"
            >
              退会せずにマイページへ戻る
            </Link>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-6">
          <section
            aria-labelledby="delete-effects"
            className="rounded-lg border-2 border-red-200 bg-red-50/60 p-4 desktop:p-8"
          >
            <h2 id="delete-effects" className="flex items-center gap-2 text-lg font-bold text-red-800">
              <AlertTriangle aria-hidden className="size-5" />
              退会すると、次のようになります
            </h2>
            <ul className="mt-4 list-disc space-y-2 pl-5 text-sm leading-7 text-slate-800">
              {effects}
              <li>
                <span className="font-bold">メンバー全員がこの会社の情報にアクセスできなくなります。</span>
                この会社でログイン中のメンバーは、あなたを含めてログアウトされます。
              </li>
              <li>退会の手続きは、この画面から取り消すことはできません。</li>
            </ul>
            {notice}
          </section>

          <SettingsSection id="delete-summary" title="入力内容">
            <dl className="grid gap-4 text-sm">
              <div>
                <dt className="font-bold text-slate-700">退会理由</dt>
                <dd className="mt-1">
                  <ul className="flex flex-wrap gap-1.5">
                    {reasons?.items
                      .filter((r) => chosen.includes(r.id))
                      .map((r) => (
                        <li key={r.id} className="rounded-full bg-slate-100 px-3 py-1 text-slate-800">
                          {r.label}
                        </li>
                      ))}
                  </ul>
                </dd>
              </div>
              <div>
                <dt className="font-bold text-slate-700">ご意見・ご要望</dt>
                <dd className="mt-1 whitespace-pre-wrap text-slate-800">{comment?.trim() || "（なし）"}</dd>
              </div>
            </dl>
          </SettingsSection>

          {error && <Alert tone="error">{error}</Alert>}

          <label className="mx-auto flex max-w-[508px] cursor-pointer items-start gap-3 rounded-md border border-slate-300 bg-white p-4 text-sm leading-6">
            <input
              type="checkbox"
              className="mt-1 size-5 shrink-0 accent-red-600"
              checked={agreed}
              onChange={(e) => setAgreed(e.target.checked)}
            />
            <span>
              上記の内容を確認し、<span className="font-bold">{companyName}</span>の退会に同意します。
            </span>
          </label>

          <div className="flex flex-col-reverse items-center gap-3 desktop:flex-row desktop:justify-center">
            <Button
              variant="ghost"
              size="cta"
              disabled={busy}
              onClick={() => {
                setStep(0);
                scrollToTop();
              }}
              className="border border-slate-300"
            >
              入力画面へ戻る
            </Button>
            <Button variant="danger" size="cta" disabled={!agreed || busy} onClick={() => void deactivate()}>
              {busy && <Loader2 aria-hidden className="size-5 animate-spin" />}
              {busy ? "手続きしています…" : "退会する"}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
