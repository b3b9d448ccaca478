// Japanese words of the my-page tops.
import type { EntryStatus, InquiryStatus, InquiryType } from "./dashboard.service";

export const INQUIRY_STATUS_LABELS: Record<InquiryStatus, string> = {
  REVIEW: "審査中",
  OPEN: "公開中",
  CLOSED: "締切",
  CANCELLED: "取り下げ",
  REJECTED: "非承認",
  AWARDED: "発注先決定",
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
  AWARDED: "受注",
  WITHDRAWN: "辞退",
};
