// Which actions an order page offers, from the side, the member's role and the order's state; the
// status moves come from the one table of order.policy.ts, so a button never offers what the API refuses.
import { canOrder, orderTransition } from "@/modules/orders/order.policy";
import type { OrderDetail } from "@/modules/orders/order-view.schema";

export type MemberRole = "ADMIN" | "GENERAL";

export interface OrderActions {
  /** Supplier: 受注する（注文請書を発行） / 差し戻す. */
  answer: boolean;
  /** Buyer ADMIN: 変更発注 (one pending change at a time). */
  proposeChange: boolean;
  /** Supplier: 変更を承諾する / 承諾しない on the pending version. */
  answerChange: boolean;
  /** Buyer ADMIN: 未定事項を確定（補充）, one button per open term. */
  supplement: boolean;
  /** Supplier: 価格協議を申し入れる (one open consultation at a time). */
  requestConsultation: boolean;
  /** Buyer: the answer to the open consultation. */
  answerConsultation: boolean;
  /** Buyer ADMIN: 同じ条件で再発注. */
  reorder: boolean;
  /** Buyer: the 7条 record as CSV and PDF (the supplier's request answers 404). */
  exportRecord: boolean;
}

/** The version whose terms are in force. */
export function versionInForce(order: OrderDetail) {
  return order.versions.find((v) => v.version === order.currentVersion) ?? order.versions[0]!;
}

export function orderActions(order: OrderDetail, role: MemberRole): OrderActions {
  const buyer = order.side === "BUYER";
  const admin = buyer && canOrder(role);
  const can = (event: Parameters<typeof orderTransition>[1]) => orderTransition(order.status, event).ok;
  const pending = order.pendingVersion !== null;
  const openConsultation = order.consultations.some((c) => c.status === "OPEN");
  const openTerms = versionInForce(order).terms.openTerms.length > 0;
  return {
    answer: !buyer && can("ACCEPT"),
    proposeChange: admin && can("PROPOSE_CHANGE") && !pending,
    answerChange: !buyer && pending,
    supplement: admin && can("SUPPLEMENT") && !pending && openTerms,
    requestConsultation: !buyer && can("REQUEST_CONSULTATION") && !openConsultation,
    answerConsultation: buyer && openConsultation,
    reorder: admin,
    exportRecord: buyer,
  };
}
