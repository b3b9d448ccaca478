// Both-way ratings after an award (docs/trust-plan.md "Ratings"): pure rules, client-safe.

/**
 * A rating joins the aggregates once both rated, or this long after the award (so that a rating's
 * arrival cannot be read off the other side's figures the moment it is sent). Never shown alone.
 */
export const RATING_REVEAL_DAYS = 14;
const DAY_MS = 86_400_000;

/** Aggregates (count and averages) are shown only from this many visible ratings. */
export const MIN_RATINGS_SHOWN = 3;

export const RATING_CRITERIA = {
  communication: "コミュニケーション",
  accuracy: "正確さ",
  speed: "スピード",
} as const;
export type RatingCriterion = keyof typeof RATING_CRITERIA;

export const RATING_NOT_AWARDED = "評価は、発注先に決定した商談でのみできます。";
export const RATING_ALREADY_GIVEN = "この商談はすでに評価済みです。評価は一度だけ送信できます。";

/** When a rating joins the aggregates whatever the other side does: the award + 14 days. */
export function revealAt(decidedAt: Date): Date {
  return new Date(decidedAt.getTime() + RATING_REVEAL_DAYS * DAY_MS);
}

/** The award time before which the 14 days have not passed at `now` (for the visibility in SQL). */
export function revealCutoff(now: Date): Date {
  return new Date(now.getTime() - RATING_REVEAL_DAYS * DAY_MS);
}

export interface RatingTotals {
  count: number;
  communication: number | null;
  accuracy: number | null;
  speed: number | null;
}

export interface RatingAggregate {
  /** Visible ratings received. */
  count: number;
  /** Averages to one decimal, null below MIN_RATINGS_SHOWN visible ratings. */
  overall: number | null;
  communication: number | null;
  accuracy: number | null;
  speed: number | null;
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** Averages from 3 visible ratings; the overall figure is the mean of the three criteria. */
export function ratingAggregate(t: RatingTotals): RatingAggregate {
  if (t.count < MIN_RATINGS_SHOWN || t.communication === null || t.accuracy === null || t.speed === null) {
    return { count: t.count, overall: null, communication: null, accuracy: null, speed: null };
  }
  return {
    count: t.count,
    overall: oneDecimal((t.communication + t.accuracy + t.speed) / 3),
    communication: oneDecimal(t.communication),
    accuracy: oneDecimal(t.accuracy),
    speed: oneDecimal(t.speed),
  };
}
