// Japanese words for the console's CSV exports (the same words the my-page tops use).

export const COMPANY_STATUS = { ACTIVE: "利用中", DEACTIVATED: "退会済み" } as const;
export const PAYMENT_STATUS = { OEM_FREE: "無料", OEM_PAID: "有料（無制限プラン）" } as const;
export const INQUIRY_TYPE = { BULK: "一括問い合わせ", NOMINATION: "指名問い合わせ" } as const;
export const INQUIRY_STATUS = {
  REVIEW: "審査中",
  OPEN: "公開中",
  CLOSED: "締切",
  CANCELLED: "取り下げ",
  REJECTED: "非承認",
  AWARDED: "発注先決定",
} as const;
export const ENTRY_STATUS = {
  ENTERED: "エントリー中",
  SHORTLISTED: "候補入り",
  DECLINED: "見送り",
  CANCELLED: "取り消し",
  AWARDED: "受注",
  WITHDRAWN: "辞退",
} as const;
export const AUDIENCE = { ALL: "全員", BUYER: "発注者", SUPPLIER: "OEMメーカー" } as const;
export const NEWS_STATUS = { DRAFT: "下書き", PUBLISHED: "公開" } as const;
export const PURCHASE_STATUS = { PENDING: "入金待ち", PAID: "支払済み", CANCELLED: "キャンセル" } as const;
export const PLAN_STATUS = {
  WAITING: "承認待ち",
  ACTIVE: "契約中",
  CANCEL_SCHEDULED: "解約予定",
  ENDED: "終了",
  REJECTED: "非承認",
} as const;
export const OUTBOX_STATUS = {
  PENDING: "送信待ち",
  SENDING: "送信中",
  SENT: "送信済み",
  FAILED: "失敗",
} as const;
export const ROLE = { ADMIN: "管理者", GENERAL: "一般" } as const;
export const SUPPORT_STATUS = { NEW: "新規", IN_PROGRESS: "対応中", DONE: "完了" } as const;
export const CERTIFICATE_STATUS = {
  PENDING: "確認待ち",
  VERIFIED: "認証確認済み",
  REJECTED: "差し戻し",
} as const;
