import type { PlanStatus, PurchaseStatus } from "./billing.policy";

// Japanese words for billing's statuses (the console's CSV exports and messages).

export const PURCHASE_STATUS_LABEL: Record<PurchaseStatus, string> = {
  PENDING: "入金待ち",
  PAID: "支払済み",
  CANCELLED: "キャンセル",
};

export const PLAN_STATUS_LABEL: Record<PlanStatus, string> = {
  WAITING: "承認待ち",
  ACTIVE: "契約中",
  CANCEL_SCHEDULED: "解約予定",
  ENDED: "終了",
  REJECTED: "非承認",
};
