// How the buyer figures read in Japanese (client-safe, no server imports): the card on the inquiry
// page and the compact line of the supplier's lists use the same words.

export const NEW_BUYER_LABEL = "実績なし（新規）";

/**
 * A figure shows only from this many data points, each figure on its own (issue 33): one reply is
 * not a "100 %" reply rate, one closed inquiry not a "0 %" decision rate, one reply not a median.
 */
export const MIN_DATA_POINTS = 3;

/** The figure, or null when it rests on fewer than MIN_DATA_POINTS data points. */
export function shownFrom<T>(points: number, value: T | null): T | null {
  return points >= MIN_DATA_POINTS ? value : null;
}

/** 「80%」, or 「実績なし（新規）」 for a new buyer or a rate from fewer than 3 data points (null). */
export function rateLabel(isNew: boolean, rate: number | null): string {
  if (isNew || rate === null) return NEW_BUYER_LABEL;
  return `${rate}%`;
}

/** Whole percent, or null when nothing was counted. */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((100 * part) / whole) : null;
}

/** A median reply time in plain words: 「約30分」「約3時間」「約2日」 (「1分未満」 for an instant reply). */
export function durationLabel(minutes: number): string {
  if (minutes < 1) return "1分未満";
  if (minutes < 60) return `約${Math.round(minutes)}分`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `約${hours}時間`;
  return `約${Math.round(minutes / 1440)}日`;
}

/** "2024-05" → 「2024年5月から利用」. */
export function memberSinceLabel(month: string): string {
  const [year, mm] = month.split("-");
  return `${year}年${Number(mm)}月から利用`;
}
