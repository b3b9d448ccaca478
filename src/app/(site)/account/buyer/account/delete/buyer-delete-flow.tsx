"use client";

// /account/buyer/account/delete (退会, ADMIN): reasons (GET /api/reason?audience=BUYER) and a
// comment, a confirmation listing the effects, then POST /api/reason and
// DELETE /api/buyer/company/{companyId}/deactivate. Deactivation revokes the company's
// sessions, so the browser signs out on purpose and goes to the completion page.
import { AlertTriangle, Loader2 } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import useSWR from "swr";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import { apiFetch } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import { useSession } from "@/lib/session/session-provider";
import { FlowSteps, LoadError, PageHeader, SettingsSection } from "@/modules/companies/ui/settings/parts";
import { messageOf, scrollToTop } from "@/modules/identity/ui/form-helpers";
import { BackLink } from "@/modules/inquiries/ui/lists/parts";

export const BUYER_DEACTIVATION_COMPLETE_PATH = "/account/buyer/account/delete/complete";
export const BUYER_DEACTIVATION_STEPS = ["退会理由", "内容の確認", "退会完了"];
const MAX_COMMENT = 2000;

interface Reason {
  id: number;
  label: string;
}

export function BuyerDeleteFlow({ companyId, companyName }: { companyId: string; companyName: string }) {
  const { signOut } = useSession();
  const {
    data: reasons,
    error: reasonsError,
    mutate,
  } = useSWR<{ items: Reason[] }>("/api/reason?audience=BUYER");
  const open = useSWR<{ total: number }>(`/api/buyer/company/${companyId}/contacts?status=OPEN&perPage=1`);
  const review = useSWR<{ total: number }>(
    `/api/buyer/company/${companyId}/contacts?status=REVIEW&perPage=1`,
  );
  const [step, setStep] = useState<0 | 1>(0);
  const [chosen, setChosen] = useState<number[]>([]);
  const [comment, setComment] = useState("");
  const [errors, setErrors] = useState<{ reasonIds?: string; comment?: string }>({});
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const validate = (ids = chosen, text = comment) => {
    const next: typeof errors = {};
    if (ids.length === 0) next.reasonIds = "退会理由を1つ以上選択してください";
    if (text.trim().length > MAX_COMMENT)
      next.comment = `ご意見・ご要望は${MAX_COMMENT.toLocaleString("ja-JP")}文字以内で入力してください`;
    return next;
  };

  const toConfirm = (e: React.FormEvent) => {
    e.preventDefault();
    const next = validate();
    setErrors(next);
    if (Object.keys(next).length) {
      document
        .querySelector<HTMLElement>(next.reasonIds ? "#delete-reasons input" : "#delete-comment textarea")
        ?.focus();
      return;
    }
    setStep(1);
    setAgreed(false);
    setError(undefined);
    scrollToTop();
  };

  const toggle = (id: number, on: boolean) => {
    const ids = on ? [...chosen, id] : chosen.filter((x) => x !== id);
    setChosen(ids);
    if (errors.reasonIds) setErrors(validate(ids));
  };

  const deactivate = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await apiFetch("/api/reason", {
        method: "POST",
        body: { companyId, reasonIds: chosen, comment: comment.trim() || undefined },
      });
      await apiFetch(`/api/buyer/company/${companyId}/deactivate`, { method: "DELETE" });
    } catch (e) {
      setBusy(false);
      setError(messageOf(e));
      return;
    }
    try {
      await signOut(BUYER_DEACTIVATION_COMPLETE_PATH);
    } catch {
      window.location.assign(BUYER_DEACTIVATION_COMPLETE_PATH);
    }
  };

  const openCount = (open.data?.total ?? 0) + (review.data?.total ?? 0);

  return (
    <div className="flex flex-col gap-6 desktop:gap-8">
      <BackLink href="/account/buyer/account">個人アカウント情報へ戻る</BackLink>
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
        <FlowSteps label="退会手続きの流れ" steps={BUYER_DEACTIVATION_STEPS} current={step} />
      </div>

      {step === 0 ? (
        <form noValidate onSubmit={toConfirm} aria-label="退会理由" className="flex flex-col gap-6">
          <SettingsSection
            id="delete-reasons"
            title="退会の理由をお聞かせください"
            lead="今後のサービス改善のために活用させていただきます。"
          >
            <fieldset className="flex flex-col gap-2">
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
                            aria-describedby={errors.reasonIds ? "delete-reasons-error" : undefined}
                            onChange={(e) => toggle(r.id, e.target.checked)}
                          />
                          {r.label}
                        </label>
                      </li>
                    );
                  })}
                </ul>
              )}
              {errors.reasonIds && (
                <p id="delete-reasons-error" role="alert" className="text-sm text-red-600">
                  {errors.reasonIds}
                </p>
              )}
            </fieldset>
            <div id="delete-comment">
              <FormField
                label="ご意見・ご要望"
                hint={`${comment.length.toLocaleString("ja-JP")} / ${MAX_COMMENT.toLocaleString("ja-JP")}文字`}
                error={errors.comment}
              >
                <Textarea
                  rows={5}
                  name="comment"
                  value={comment}
                  placeholder="よろしければ、詳しい理由やご要望をお聞かせください。"
                  onChange={(e) => {
                    setComment(e.target.value);
                    if (errors.comment) setErrors(validate(chosen, e.target.value));
                  }}
                />
              </FormField>
            </div>
          </SettingsSection>
          <div className="flex flex-col items-center gap-3">
            <Button type="submit" size="cta">
              確認画面へ進む
            </Button>
            <Link
              href="/account/buyer"
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
              <li>
                <span className="font-bold">審査中・公開中の問い合わせはすべて締め切られます。</span>
                {openCount > 0 && <>（現在 {openCount}件）</>}
                OEMメーカーは新しくエントリーできなくなります。
              </li>
              <li>
                <span className="font-bold">メンバー全員がこの会社の情報にアクセスできなくなります。</span>
                この会社でログイン中のメンバーは、あなたを含めてログアウトされます。
              </li>
              <li>
                問い合わせ履歴や、エントリーしたOEMメーカーの連絡先は閲覧できなくなります。やり取り中の相手がいる場合は、連絡先を控えてから手続きしてください。
              </li>
              <li>退会の手続きは、この画面から取り消すことはできません。</li>
            </ul>
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
                <dd className="mt-1 whitespace-pre-wrap break-words text-slate-800">
                  {comment.trim() || "（なし）"}
                </dd>
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
