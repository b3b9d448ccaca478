// An order's status moves (docs/orders.md): one pure table used by the API, the console and the
// buttons alike; client-safe (no server imports).

export type OrderStatus = "ISSUED" | "ACCEPTED" | "RETURNED";
export type OrderEvent =
  | "ACCEPT" // the supplier accepts (注文請書)
  | "RETURN" // the supplier returns it with a reason (差し戻し)
  | "PROPOSE_CHANGE" // the buyer proposes a change order (a new version the supplier answers)
  | "SUPPLEMENT" // the buyer fixes an open term (補充)
  | "REQUEST_CONSULTATION"; // the supplier asks for a price review (価格協議)

export const ORDER_TRANSITIONS: Record<OrderStatus, Partial<Record<OrderEvent, OrderStatus>>> = {
  ISSUED: { ACCEPT: "ACCEPTED", RETURN: "RETURNED", SUPPLEMENT: "ISSUED" },
  ACCEPTED: { PROPOSE_CHANGE: "ACCEPTED", SUPPLEMENT: "ACCEPTED", REQUEST_CONSULTATION: "ACCEPTED" },
  RETURNED: {},
};

function refusal(from: OrderStatus, event: OrderEvent): string {
  if (from === "RETURNED")
    return "この発注は差し戻されています。内容を見直して、新しい発注書を発行してください。";
  if (event === "ACCEPT" || event === "RETURN") return "この発注にはすでに回答しています。";
  if (from === "ISSUED") return "受注者が受注（注文請書）するまで、この操作はできません。";
  return "この操作は現在の状態ではできません。";
}

export type OrderTransition = { ok: true; to: OrderStatus } | { ok: false; message: string };

export function orderTransition(from: OrderStatus, event: OrderEvent): OrderTransition {
  const to = ORDER_TRANSITIONS[from][event];
  return to ? { ok: true, to } : { ok: false, message: refusal(from, event) };
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  ISSUED: "受注者の回答待ち",
  ACCEPTED: "受注済み",
  RETURNED: "差し戻し",
};

/**
 * A price cut after ordering is refused unless the cause is the supplier's (取適法: 減額の禁止);
 * the reason and whose cause it is are recorded with the change.
 */
export function priceCutAllowed(
  oldUnitPriceYen: number,
  newUnitPriceYen: number,
  reasonParty: "BUYER" | "SUPPLIER",
): boolean {
  return newUnitPriceYen >= oldUnitPriceYen || reasonParty === "SUPPLIER";
}
export const PRICE_CUT_REFUSED =
  "発注後に単価を下げることはできません（取適法で、受注者の責めに帰すべき理由のない減額は禁止されています）。受注者側の理由（品質不良など）による場合は、変更の原因で「受注者」を選び、理由を具体的に記入してください。";

/** 価格協議: the buyer answers within 14 days (decision 0049). */
export const CONSULTATION_ANSWER_DAYS = 14;

/** An order binds the buyer company: its ADMINs issue, change and fix orders (as they award). */
export function canOrder(role: "ADMIN" | "GENERAL"): boolean {
  return role === "ADMIN";
}
export const ORDER_ADMIN_ONLY = "発注・変更発注・補充は管理者のみ行えます。貴社の管理者に依頼してください。";
