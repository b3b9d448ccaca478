"use client";

// The rating of the other side after an award: 1–5 stars on three criteria (each a radio group with
// a legend, every star a labelled radio, so it works with a keyboard and a screen reader) and an
// optional comment, validated by the API's schema. Sent once; the panel shows it afterwards.
import { Loader2, Star } from "lucide-react";
import { useId, useState } from "react";
import { Controller } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import { useZodForm } from "@/components/ui/use-zod-form";
import { cn } from "@/lib/cn";
import { messageOf, setFieldErrors } from "@/lib/form-helpers";
import { RATING_CRITERIA, RATING_REVEAL_DAYS, type RatingCriterion } from "@/modules/deals/rating.policy";
import { MAX_RATING_COMMENT, type RatingInput, ratingInput } from "@/modules/deals/rating.schema";

/** What each score means, read with the star (「4点：満足」). */
export const SCORE_WORDS: Record<number, string> = {
  1: "不満",
  2: "やや不満",
  3: "普通",
  4: "満足",
  5: "大変満足",
};

/** Ratings are never shown one by one (issue 33): only as an average of 3 or more, after a delay. */
export const REVEAL_NOTE = `評価の内容とコメントは、相手の企業に個別に表示されることはありません。3件以上集まった平均と件数だけを実績として表示し、この評価は双方が評価した時点、または発注決定から${RATING_REVEAL_DAYS}日後に反映されます`;

const CRITERIA = Object.keys(RATING_CRITERIA) as RatingCriterion[];

function StarGroup({
  name,
  legend,
  value,
  onChange,
  onBlur,
  error,
}: {
  name: string;
  legend: string;
  value: number | undefined;
  onChange: (n: number) => void;
  onBlur: () => void;
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      className="flex flex-col gap-1.5"
    >
      <legend className="mb-1 text-sm font-bold text-slate-800">
        {legend}
        <span className="ml-2 rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white">必須</span>
      </legend>
      <div className="flex flex-wrap items-center gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="inline-flex size-11 cursor-pointer items-center justify-center rounded-md has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              onBlur={onBlur}
              className="sr-only"
            />
            <Star
              aria-hidden
              className={cn(
                "size-7",
                value !== undefined && n <= value ? "fill-amber-400 text-amber-500" : "text-slate-300",
              )}
            />
            <span className="sr-only">{`${n}点：${SCORE_WORDS[n]}`}</span>
          </label>
        ))}
        <span className="ml-2 text-sm text-slate-700" aria-hidden>
          {value ? `${value}点（${SCORE_WORDS[value]}）` : "未選択"}
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function RatingForm({
  counterpartName,
  onSubmit,
}: {
  /** The company rated, as the caller sees it. */
  counterpartName: string;
  onSubmit: (input: RatingInput) => Promise<void>;
}) {
  const form = useZodForm(ratingInput, { comment: "" });
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const [formError, setFormError] = useState<string>();

  const submit = handleSubmit(
    async (values) => {
      setFormError(undefined);
      try {
        await onSubmit(values);
      } catch (e) {
        setFieldErrors(e, setError, [...CRITERIA, "comment"]);
        setFormError(messageOf(e));
      }
    },
    () => setFormError("入力内容に誤りがあります。赤字の項目を確認してください。"),
  );

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={`${counterpartName}の評価`}
      className="flex flex-col gap-4"
    >
      <p className="text-sm leading-6 text-slate-700">{REVEAL_NOTE}。送信後は変更できません。</p>
      {formError && <Alert tone="error">{formError}</Alert>}
      {CRITERIA.map((key) => (
        <Controller
          key={key}
          control={control}
          name={key}
          render={({ field, fieldState }) => (
            <StarGroup
              name={field.name}
              legend={RATING_CRITERIA[key]}
              value={field.value as number | undefined}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      ))}
      <FormField
        label="コメント"
        hint={`${MAX_RATING_COMMENT.toLocaleString("ja-JP")}文字以内。相手の企業にも公開ページにも表示されません。`}
        error={errors.comment?.message}
      >
        <Textarea {...register("comment")} rows={4} className="min-h-24" />
      </FormField>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting && <Loader2 aria-hidden className="size-4 animate-spin" />}
        評価を送信する
      </Button>
    </form>
  );
}
