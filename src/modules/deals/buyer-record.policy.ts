// How the buyer figures read in Japanese (client-safe, no server imports): the card on the inquiry
// page and the compact line of the supplier's lists use the same words.

export const NEW_BUYER_LABEL = "実績なし（新規）";
/** A rate of a buyer that is not new but has nothing counted yet (no thread's window ended, no closed inquiry). */
export const NOT_COUNTED_LABEL = "集計前";

/** 「80%」, or 「実績なし（新規）」 / 「集計前」. */
export function rateLabel(isNew: boolean, rate: number | null): string {
  if (isNew) return NEW_BUYER_LABEL;
  return rate === null ? NOT_COUNTED_LABEL : `${rate}%`;
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
