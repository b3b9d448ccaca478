// Dates as Japanese readers expect them, always in Japan time (the server and the browser may run in any zone).
import { todayInJapan } from "./japan-time";

/** A business date as Japanese readers expect it: "2026-11-25" → "2026年11月25日". */
export function japaneseDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  return m ? `${m[1]}年${Number(m[2])}月${Number(m[3])}日` : isoDate;
}

const WEEKDAYS = ["日", "月", "火", "水", "木", "金", "土"];

/** 2026-07-01 → 「2026年7月1日（水）」; anything but YYYY-MM-DD is returned as it is. */
export function japaneseDateWithWeekday(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const weekday = WEEKDAYS[new Date(Date.UTC(y, mo - 1, d)).getUTCDay()];
  return `${y}年${mo}月${d}日（${weekday}）`;
}

const dateFormat = new Intl.DateTimeFormat("ja-JP", {
  timeZone: "Asia/Tokyo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const dateTimeFormat = new Intl.DateTimeFormat("ja-JP", {
  timeZone: "Asia/Tokyo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** 2026/01/05, or — when unknown; a date column (YYYY-MM-DD) is shown as stored, an instant in Japan time. */
export function formatDate(value: Date | string | null | undefined): string {
  if (!value) return "—";
  if (typeof value === "string") {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (m) return `${m[1]}/${m[2]}/${m[3]}`;
    return dateFormat.format(new Date(value));
  }
  return dateFormat.format(value);
}

/** 2026/01/05 14:30 in Japan time, or — when unknown. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? dateTimeFormat.format(new Date(value)) : "—";
}

/** 6月30日 from YYYY-MM-DD (or an instant, in Japan time), or — when unknown. */
export function monthDay(value: string | null | undefined): string {
  if (!value) return "—";
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (m && value.length === 10) return `${Number(m[2])}月${Number(m[3])}日`;
  const parts = new Intl.DateTimeFormat("ja-JP", { timeZone: "Asia/Tokyo", month: "numeric", day: "numeric" })
    .formatToParts(new Date(value))
    .reduce<Record<string, string>>((acc, p) => Object.assign(acc, { [p.type]: p.value }), {});
  return `${parts.month}月${parts.day}日`;
}

/** 「あと3日」「本日締切」 for a YYYY-MM-DD deadline, or null when it has passed. */
export function daysLeft(deadline: string | null | undefined, now = new Date()): string | null {
  if (!deadline) return null;
  const today = todayInJapan(now);
  const diff = Math.round(
    (Date.parse(`${deadline}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
  );
  if (diff < 0) return null;
  return diff === 0 ? "本日締切" : `あと${diff}日`;
}
