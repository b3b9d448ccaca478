import { japaneseDate } from "@/lib/japanese-date";
import { yen } from "@/lib/yen";
import { layout, type RenderedEmail, url } from "./templates";

// The orders' Japanese emails (docs/orders.md): the 発注書 and its answer, change orders, 補充,
// price consultations and reminders. Amounts and dates only; no free text of the other side
// except a reason, which the reader needs to act on.

export const ORDER_LINK_LABEL = "発注の詳細を開く";

const buyerOrderUrl = (orderId: string) => url(`/account/buyer/orders/${orderId}`);
const supplierOrderUrl = (orderId: string) => url(`/account/oem/orders/${orderId}`);

interface OrderFacts {
  orderId: string;
  number: string;
  title: string;
}

/** To the supplier's members: a new order (発注書) arrived; it waits for 受注 or 差し戻し. */
export function orderIssuedMail(
  p: OrderFacts & { buyerName: string; totalYen: number; firstDelivery: string; reorder: boolean },
): RenderedEmail {
  return layout(
    "order-issued",
    `${p.reorder ? "再発注" : "発注書"}が届きました（${p.number}）：${p.title}`,
    [
      `${p.buyerName} から「${p.title}」の発注書（${p.number}）が届きました。`,
      `発注金額（税込）：${yen(p.totalYen)}　初回納期：${japaneseDate(p.firstDelivery)}`,
      "内容をご確認のうえ、「受注する（注文請書）」または「差し戻す」でご回答ください。",
    ],
    { label: ORDER_LINK_LABEL, url: supplierOrderUrl(p.orderId) },
  );
}

/** To the buyer's members: the supplier accepted (注文請書) or returned the order with a reason. */
export function orderAnsweredMail(
  p: OrderFacts & { supplierName: string } & ({ kind: "ACCEPT" } | { kind: "RETURN"; reason: string }),
): RenderedEmail {
  const accepted = p.kind === "ACCEPT";
  return layout(
    accepted ? "order-accepted" : "order-returned",
    `${accepted ? "受注の連絡" : "発注の差し戻し"}（${p.number}）：${p.title}`,
    accepted
      ? [
          `${p.supplierName} が発注（${p.number}）を受注しました。注文請書は発注の詳細からダウンロードできます。`,
        ]
      : [`${p.supplierName} が発注（${p.number}）を差し戻しました。`, `理由：${p.reason}`],
    { label: ORDER_LINK_LABEL, url: buyerOrderUrl(p.orderId) },
  );
}

/** To the supplier: the buyer proposes a change order (a new version) with its reason. */
export function orderChangeMail(
  p: OrderFacts & { buyerName: string; version: number; reason: string },
): RenderedEmail {
  return layout(
    "order-change-proposed",
    `変更発注のご確認（${p.number} 第${p.version}版）：${p.title}`,
    [
      `${p.buyerName} から発注（${p.number}）の変更（第${p.version}版）が届きました。`,
      `変更の理由：${p.reason}`,
      "変更は貴社が承諾するまで有効になりません。内容をご確認のうえご回答ください。",
    ],
    { label: ORDER_LINK_LABEL, url: supplierOrderUrl(p.orderId) },
  );
}

/** To the buyer: the supplier accepted or rejected a change order. */
export function orderChangeAnsweredMail(
  p: OrderFacts & { supplierName: string; version: number; accepted: boolean; reason: string | null },
): RenderedEmail {
  return layout(
    p.accepted ? "order-change-accepted" : "order-change-rejected",
    `変更発注の${p.accepted ? "承諾" : "不承諾"}（${p.number} 第${p.version}版）：${p.title}`,
    [
      `${p.supplierName} が発注（${p.number}）の変更（第${p.version}版）を${p.accepted ? "承諾しました。" : "承諾しませんでした。"}`,
      ...(p.reason ? [`理由：${p.reason}`] : []),
    ],
    { label: ORDER_LINK_LABEL, url: buyerOrderUrl(p.orderId) },
  );
}

/** To the supplier: an open term (未定事項) was fixed by a 補充 notice. */
export function orderSupplementMail(
  p: OrderFacts & { buyerName: string; version: number; label: string },
): RenderedEmail {
  return layout(
    "order-supplement",
    `未定事項の確定（補充）のお知らせ（${p.number}）：${p.title}`,
    [`${p.buyerName} が発注（${p.number}）の未定事項「${p.label}」を確定しました（第${p.version}版）。`],
    { label: ORDER_LINK_LABEL, url: supplierOrderUrl(p.orderId) },
  );
}

/** To the buyer: open terms still wait for their 補充 notice. */
export function orderOpenTermsReminderMail(
  p: OrderFacts & { labels: string[]; expectedBy: string },
): RenderedEmail {
  return layout(
    "order-open-terms-reminder",
    `未定事項の補充をお願いします（${p.number}）：${p.title}`,
    [
      `発注（${p.number}）に未定事項（${p.labels.join("・")}）が残っています。確定予定日：${japaneseDate(p.expectedBy)}`,
      "取適法では、定められなかった事項は定まり次第ただちに受注者へ書面（補充書面）で通知する必要があります。",
    ],
    { label: ORDER_LINK_LABEL, url: buyerOrderUrl(p.orderId) },
  );
}

/** To the buyer: the supplier asks for a price review (価格協議), to be answered by a date. */
export function priceConsultationMail(
  p: OrderFacts & { supplierName: string; dueOn: string },
): RenderedEmail {
  return layout(
    "price-consultation-requested",
    `価格協議の申し入れ（${p.number}）：${p.title}`,
    [
      `${p.supplierName} から発注（${p.number}）について価格協議の申し入れがありました。`,
      `回答期限：${japaneseDate(p.dueOn)}`,
      "取適法では、受注者から価格協議を求められたときに協議に応じないこと、必要な説明をせずに一方的に代金を決めることが禁止されています。",
    ],
    { label: ORDER_LINK_LABEL, url: buyerOrderUrl(p.orderId) },
  );
}

/** To the supplier: the buyer answered its price consultation. */
export function priceConsultationAnsweredMail(
  p: OrderFacts & { buyerName: string; answerLabel: string },
): RenderedEmail {
  return layout(
    "price-consultation-answered",
    `価格協議への回答（${p.number}）：${p.title}`,
    [`${p.buyerName} が価格協議に回答しました（${p.answerLabel}）。内容は発注の詳細でご確認ください。`],
    { label: ORDER_LINK_LABEL, url: supplierOrderUrl(p.orderId) },
  );
}

/** To the buyer: a price consultation is past its answer date. */
export function priceConsultationOverdueMail(p: OrderFacts & { dueOn: string }): RenderedEmail {
  return layout(
    "price-consultation-overdue",
    `【期限超過】価格協議への回答（${p.number}）：${p.title}`,
    [
      `発注（${p.number}）の価格協議は回答期限（${japaneseDate(p.dueOn)}）を過ぎています。至急ご回答ください。`,
      "期限を過ぎた協議は運営事務局にも通知されています。",
    ],
    { label: ORDER_LINK_LABEL, url: buyerOrderUrl(p.orderId) },
  );
}
