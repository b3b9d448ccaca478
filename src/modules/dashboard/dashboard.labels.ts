// Japanese words of the my-page tops.
import type { EntryStatus, InquiryStatus, InquiryType } from "./dashboard.service";

export const INQUIRY_STATUS_LABELS: Record<InquiryStatus, string> = {
  REVIEW: "審査中",
  OPEN: "公開中",
  CLOSED: "締切",
  CANCELLED: "取り下げ",
  REJECTED: "非承認",
};

export const INQUIRY_TYPE_LABELS: Record<InquiryType, string> = {
  BULK: "一括",
  NOMINATION: "指名",
};

export const ENTRY_STATUS_LABELS: Record<EntryStatus, string> = {
  ENTERED: "エントリー中",
  SHORTLISTED: "候補入り",
  DECLINED: "見送り",
  CANCELLED: "取り消し",
};

const dateFormat = new Intl.DateTimeFormat("ja-JP", {
  timeZone: "Asia/Tokyo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** 2026/01/05 in Japan time; a date column (YYYY-MM-DD) is shown as it is stored. */
export function formatDate(value: Date | string | null | undefined): string {
  if (!value) return "—";
  if (typeof value === "string") {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (m) return `${m[1]}/${m[2]}/${m[3]}`;
    return dateFormat.format(new Date(value));
  }
  return dateFormat.format(value);
}
