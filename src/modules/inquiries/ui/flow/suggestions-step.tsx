"use client";

import { ArrowRight, Check, MapPin, Plus, SearchX } from "lucide-react";
import useSWR from "swr";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { VerifiedBadges } from "@/components/ui/verified-badge";
import { ApiError } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import {
  MAX_SELECTED_COMPANIES,
  SELECTION_FULL_MESSAGE,
  toggleSelectedCompany,
  useSelectedCompanies,
} from "@/lib/selected-companies";
import { companyHref } from "@/lib/site-paths";
import { toast } from "@/lib/toast";
import type { SuggestedSupplier } from "@/modules/matching/suggestion.schema";
import { FitReasonList, FitScore } from "../requirements/fit-reasons";
import { suggestSuppliers } from "./api";
import { BackToContent } from "./back-to-content";
import { type FlowTarget, flowHref, type InquiryDraft, toNeedsBody } from "./draft";

const GENERIC = "通信に失敗しました。時間をおいてもう一度お試しください。";

/**
 * The bulk flow's 「条件に合うメーカー」 (?step=suggest, issue 20): the public suppliers that fit the
 * content's category, regions and requirements (POST /api/contact/suggestions), best first, each
 * added to the selected companies with one click. Skippable; the draft is not changed here.
 */
export function SuggestionsStep({
  target,
  draft,
  isBuyer,
  onNext,
}: {
  target: FlowTarget;
  draft: InquiryDraft;
  isBuyer: boolean;
  onNext: () => void;
}) {
  const body = toNeedsBody(draft);
  const { data, error, isLoading, mutate } = useSWR(
    ["/api/contact/suggestions", JSON.stringify(body)],
    () => suggestSuppliers(body),
    { shouldRetryOnError: false, revalidateOnFocus: false, revalidateOnReconnect: false },
  );
  const selected = useSelectedCompanies();
  const nextLabel = isBuyer ? "確認画面へ進む" : "次へ進む";

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 desktop:flex-row desktop:items-start desktop:justify-between">
        <p className="text-sm leading-7 text-slate-700">
          入力した条件（カテゴリ・希望する製造地域・詳しい条件）に合うOEMメーカーを、適合度の高い順に最大20社表示しています。追加した企業には、公開時に個別にお知らせが届きます。
          <Link
            href="/guide/capabilities"
            target="_blank"
            className="ml-1 font-bold text-brand-700 underline underline-offset-2"
          >
            適合度の計算のしかた（新しいタブ）
          </Link>
        </p>
        <Button variant="outline" className="shrink-0 self-end desktop:self-auto" onClick={onNext}>
          スキップ
        </Button>
      </div>
      <p role="status" className="text-sm font-bold text-slate-800">
        お知らせを届ける企業：{selected.length}社選択中（最大{MAX_SELECTED_COMPANIES}社）
      </p>

      {error ? (
        <Alert tone="error" title="条件に合うOEMメーカーを読み込めませんでした">
          <p>{error instanceof ApiError && error.status !== 0 ? error.message : GENERIC}</p>
          <button
            type="button"
            onClick={() => mutate()}
            className="mt-2 font-bold underline underline-offset-2"
          >
            もう一度読み込む
          </button>
        </Alert>
      ) : isLoading || !data ? (
        <div role="status" aria-label="条件に合うOEMメーカーを探しています" className="flex flex-col gap-4">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-40 animate-pulse rounded-lg bg-slate-100" />
          ))}
        </div>
      ) : data.length === 0 ? (
        <NothingFits target={target} />
      ) : (
        <>
          <h2 className="text-lg font-bold text-slate-900">条件に合うOEMメーカー（{data.length}社）</h2>
          <ul className="flex flex-col gap-4">
            {data.map((s) => (
              <li key={s.id}>
                <SuggestionCard supplier={s} added={selected.some((c) => c.id === s.id)} />
              </li>
            ))}
          </ul>
        </>
      )}

      <div className="flex flex-col items-center gap-4 border-t border-slate-200 pt-8">
        <Button size="cta" onClick={onNext}>
          {nextLabel}
          <ArrowRight aria-hidden className="size-5" />
        </Button>
        <BackToContent target={target} />
      </div>
    </div>
  );
}

function NothingFits({ target }: { target: FlowTarget }) {
  return (
    <section
      aria-labelledby="nothing-fits"
      className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-slate-50 px-4 py-8 text-center"
    >
      <SearchX aria-hidden className="size-8 text-slate-400" />
      <h2 id="nothing-fits" className="text-base font-bold text-slate-900">
        条件に合うOEMメーカーは見つかりませんでした
      </h2>
      <p className="max-w-xl text-sm leading-6 text-slate-600">
        必要な認証・許可やロット数量・月間数量の条件をゆるめると見つかることがあります。このまま次へ進んでも、一括問い合わせは公開後にすべてのOEMメーカーが見られます。
      </p>
      <Link
        href={flowHref(target, 1, "field-requirements")}
        className="text-sm font-bold text-brand-700 underline-offset-4 hover:underline"
      >
        条件を見直す
      </Link>
    </section>
  );
}

function SuggestionCard({ supplier: s, added }: { supplier: SuggestedSupplier; added: boolean }) {
  const headingId = `suggested-${s.id}`;
  const toggle = () => {
    if (toggleSelectedCompany({ id: s.id, name: s.name }) === "full")
      toast.error(SELECTION_FULL_MESSAGE, { id: "selection-full" });
  };
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm desktop:flex-row desktop:gap-6 desktop:p-5"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-col gap-1">
          <h3 id={headingId} className="text-base leading-snug font-bold break-words text-slate-900">
            <Link
              href={companyHref(s.id)}
              target="_blank"
              rel="noopener"
              className="hover:text-brand-700 hover:underline"
            >
              {s.name}
              <span className="sr-only">（企業ページを新しいタブで開きます）</span>
            </Link>
          </h3>
          {s.prefectureName && (
            <p className="inline-flex items-center gap-1 text-xs text-slate-600">
              <MapPin aria-hidden className="size-3.5" />
              {s.prefectureName}
            </p>
          )}
          {s.catchphrase && <p className="text-sm text-slate-700">{s.catchphrase}</p>}
        </div>
        <FitScore fit={{ ...s, inCategory: true }} />
        <VerifiedBadges names={s.verifiedCertifications.map((c) => c.name)} />
        <FitReasonList reasons={s.reasons} />
      </div>
      <div className="flex shrink-0 desktop:w-40 desktop:flex-col desktop:justify-start">
        <button
          type="button"
          aria-pressed={added}
          aria-label={`${s.name}を一括問い合わせに追加`}
          onClick={toggle}
          className={cn(
            "inline-flex h-11 w-full items-center justify-center gap-2 rounded-md border px-4 text-sm font-bold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
            added
              ? "border-emerald-600 bg-emerald-50 text-emerald-800 hover:bg-emerald-100"
              : "border-brand-600 bg-brand-600 text-white hover:bg-brand-700",
          )}
        >
          {added ? (
            <Check aria-hidden className="size-4" strokeWidth={3} />
          ) : (
            <Plus aria-hidden className="size-4" strokeWidth={3} />
          )}
          {added ? "追加済み" : "追加する"}
        </button>
      </div>
    </article>
  );
}
