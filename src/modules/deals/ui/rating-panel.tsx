"use client";

// The rating of an awarded thread (GET/POST …/threads/{threadId}/rating): the form while the
// caller's company has not rated, then its own rating. The other side's rating of the caller is
// never shown (issue 33: it reaches the figures only inside an aggregate of 3 or more).
import { Star } from "lucide-react";
import useSWR from "swr";
import { DetailSection } from "@/components/ui/list-parts";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { apiFetch } from "@/lib/api/client";
import { formatDate, formatDateTime } from "@/lib/japanese-date";
import { toast } from "@/lib/toast";
import { RATING_CRITERIA, type RatingCriterion } from "@/modules/deals/rating.policy";
import type { DealRating, RatingInput, RatingState } from "@/modules/deals/rating.schema";
import type { DealPaths } from "./deal-api";
import { RatingForm, REVEAL_NOTE, SCORE_WORDS } from "./rating-form";

const CRITERIA = Object.keys(RATING_CRITERIA) as RatingCriterion[];

export const ratingPath = (paths: DealPaths, threadId: string) => `${paths.thread(threadId)}/rating`;

function Stars({ value }: { value: number }) {
  return (
    <span className="inline-flex items-center gap-0.5" aria-hidden>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          className={n <= value ? "size-4 fill-amber-400 text-amber-500" : "size-4 text-slate-300"}
        />
      ))}
    </span>
  );
}

/** A sent rating: the three scores (stars with their words) and the comment. */
export function RatingSummary({ rating, label }: { rating: DealRating; label: string }) {
  return (
    <section aria-label={label} className="flex flex-col gap-2 rounded-md border border-slate-200 p-3">
      <h3 className="text-sm font-bold text-slate-800">{label}</h3>
      <dl className="flex flex-col gap-1.5 text-sm">
        {CRITERIA.map((key) => (
          <div key={key} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <dt className="w-36 shrink-0 text-slate-600">{RATING_CRITERIA[key]}</dt>
            <dd className="inline-flex items-center gap-2 text-slate-900">
              <Stars value={rating[key]} />
              {`${rating[key]}点（${SCORE_WORDS[rating[key]]}）`}
            </dd>
          </div>
        ))}
      </dl>
      {rating.comment && (
        <p className="text-sm leading-6 break-words whitespace-pre-wrap text-slate-800">{rating.comment}</p>
      )}
      <p className="text-xs text-slate-500">{formatDateTime(rating.createdAt)} 送信</p>
    </section>
  );
}

/** What the panel shows for a state; the page's container fetches it and sends the form. */
export function RatingPanelView({
  state,
  counterpartName,
  onSubmit,
}: {
  state: RatingState;
  counterpartName: string;
  onSubmit: (input: RatingInput) => Promise<void>;
}) {
  return (
    <div className="flex flex-col gap-4">
      {state.canRate ? (
        <>
          <p className="text-sm leading-6 text-slate-700">
            {counterpartName}とのお取引はいかがでしたか。今後の取引の参考として、評価をお寄せください。
          </p>
          <RatingForm counterpartName={counterpartName} onSubmit={onSubmit} />
        </>
      ) : (
        state.mine && <RatingSummary rating={state.mine} label="あなたの評価（送信済み）" />
      )}
      {!state.canRate && (
        <p className="text-xs leading-5 text-slate-500">
          {REVEAL_NOTE}
          {state.countsFrom ? `（この取引の反映日：遅くとも${formatDate(state.countsFrom)}）` : ""}。
        </p>
      )}
    </div>
  );
}

/** The thread page's panel (awarded threads only). */
export function RatingPanel({
  paths,
  threadId,
  counterpartName,
}: {
  paths: DealPaths;
  threadId: string;
  counterpartName: string;
}) {
  const path = ratingPath(paths, threadId);
  const { data, error, mutate } = useSWR<RatingState>(path);
  const submit = async (input: RatingInput) => {
    const next = await apiFetch<RatingState>(path, { method: "POST", body: input });
    await mutate(next, { revalidate: false });
    toast.success("評価を送信しました。");
  };
  return (
    <DetailSection id="deal-rating" title="取引の評価">
      {error && !data ? (
        <LoadError error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingBlock rows={1} label="評価を読み込み中…" />
      ) : (
        <RatingPanelView state={data} counterpartName={counterpartName} onSubmit={submit} />
      )}
    </DetailSection>
  );
}
