import { z } from "zod";
import { MIN_RATINGS_SHOWN, RATING_CRITERIA } from "./rating.policy";

// The ratings' API contract (docs/trust-plan.md "Ratings"): after an award, each side rates the
// other once, 1–5 on three criteria with an optional comment.

export const MAX_RATING_COMMENT = 1000;

const score = (label: string) =>
  z
    .number({ error: `${label}を1〜5で選んでください` })
    .int(`${label}は1〜5の整数で選んでください`)
    .min(1, `${label}は1〜5で選んでください`)
    .max(5, `${label}は1〜5で選んでください`);

export const ratingInput = z.object({
  communication: score(RATING_CRITERIA.communication),
  accuracy: score(RATING_CRITERIA.accuracy),
  speed: score(RATING_CRITERIA.speed),
  /** Optional; "" and null mean none. */
  comment: z
    .string({ error: "コメントは文字で入力してください" })
    .trim()
    .max(MAX_RATING_COMMENT, `コメントは${MAX_RATING_COMMENT}文字以内で入力してください`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type RatingInput = z.infer<typeof ratingInput>;

export const dealRating = z.object({
  communication: z.number(),
  accuracy: z.number(),
  speed: z.number(),
  comment: z.string().nullable(),
  createdAt: z.string(),
});
export type DealRating = z.infer<typeof dealRating>;

export const ratingState = z.object({
  threadId: z.string(),
  side: z.enum(["BUYER", "SUPPLIER"]),
  /** The thread is awarded and the caller's company has not rated it yet. */
  canRate: z.boolean(),
  /** The caller's company's rating of the other side; the other side's rating of the caller is never shown. */
  mine: dealRating.nullable(),
  /**
   * The award + 14 days: from then on the caller's rating counts in the other side's aggregates
   * (shown from 3) even if the other side never rates; null before an award.
   */
  countsFrom: z.string().nullable(),
});
export type RatingState = z.infer<typeof ratingState>;

export const ratingAggregate = z
  .object({
    /** Visible ratings received. */
    count: z.number(),
    overall: z.number().nullable(),
    communication: z.number().nullable(),
    accuracy: z.number().nullable(),
    speed: z.number().nullable(),
  })
  .describe(`受け取った評価（公開済みのみ）。平均は${MIN_RATINGS_SHOWN}件以上で表示し、それ未満は null`);
export type RatingAggregateDto = z.infer<typeof ratingAggregate>;
