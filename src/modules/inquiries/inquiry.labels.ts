import type { EntryStatus } from "./entry.policy";
import { INQUIRY_STATUS_LABEL } from "./inquiry.policy";

// Japanese words for inquiries and entries in the console's CSV exports (the words the my-page tops use).

export const INQUIRY_TYPE_LABEL = { BULK: "一括問い合わせ", NOMINATION: "指名問い合わせ" } as const;
export { INQUIRY_STATUS_LABEL };
export const ENTRY_STATUS_LABEL: Record<EntryStatus, string> = {
  ENTERED: "エントリー中",
  SHORTLISTED: "候補入り",
  DECLINED: "見送り",
  CANCELLED: "取り消し",
};
