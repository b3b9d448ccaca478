import { formatDateTime, japaneseDate } from "@/lib/japanese-date";
import { layout, type RenderedEmail, url } from "./templates";

// The deal room's Japanese emails (docs/deal-room.md): quotes, 辞退, decisions, reminders, and the
// batched message mail. Same frame and links as every other template (templates.ts).

// ---------------------------------------------------------------- quotes and decisions

/** The label of every deal mail's link: the console finds the end of a mail's own words by it. */
export const DEAL_LINK_LABEL = "商談スレッドを開く";

/**
 * Deal mails that carry what a member wrote (message bodies, the note of 辞退 or お見送り), with
 * the number of leading lines that are ours (greeting, inquiry, fixed reason label) and may be
 * shown in the console; everything after them, up to the link, is the members' (docs/deal-room.md).
 */
export const DEAL_CONTENT_TEMPLATES: Readonly<Record<string, number>> = {
  "deal-message": 2,
  "deal-no-quote": 2,
  "deal-declined": 2,
};

const buyerDealUrl = (threadId: string) => url(`/account/buyer/deals/${threadId}`);
const supplierDealUrl = (threadId: string) => url(`/account/oem/deals/${threadId}`);

/** To the buyer's members: a supplier quoted, revised its quote, or declined to quote (辞退). */
export function dealQuoteMail(
  p: { title: string; supplierName: string; threadId: string } & (
    | { kind: "QUOTE"; version: number; validUntil: string }
    | { kind: "NO_QUOTE"; reasonLabel: string; note: string | null }
  ),
): RenderedEmail {
  const link = { label: DEAL_LINK_LABEL, url: buyerDealUrl(p.threadId) };
  if (p.kind === "NO_QUOTE") {
    return layout(
      "deal-no-quote",
      `見積辞退のお知らせ：${p.title}`,
      [
        `「${p.title}」について、${p.supplierName} から見積を辞退するとの連絡がありました。`,
        `理由：${p.reasonLabel}${p.note ? `\n詳細：${p.note}` : ""}`,
      ],
      link,
    );
  }
  const revised = p.version > 1;
  return layout(
    revised ? "deal-quote-revised" : "deal-quote-submitted",
    `${revised ? "見積が改訂されました" : "見積が届きました"}（第${p.version}版）：${p.title}`,
    [
      `「${p.title}」について、${p.supplierName} から${revised ? "改訂した見積" : "見積"}（第${p.version}版）が届きました。`,
      `見積の有効期限：${japaneseDate(p.validUntil)}`,
      "商談スレッドで内容をご確認のうえ、比較表から発注先をお決めください。",
    ],
    link,
  );
}

/** To the supplier's members: the buyer's decision (award with the purchase order, or お見送り with its reason). */
export function dealDecisionMail(
  p: { title: string; buyerName: string; threadId: string } & (
    | { kind: "AWARD"; version: number; poNumber: string }
    | { kind: "DECLINE"; reasonLabel: string; note: string | null }
  ),
): RenderedEmail {
  const link = { label: DEAL_LINK_LABEL, url: supplierDealUrl(p.threadId) };
  if (p.kind === "AWARD") {
    return layout(
      "deal-awarded",
      `発注先に決定しました：${p.title}`,
      [
        `「${p.title}」について、${p.buyerName} が貴社の見積（第${p.version}版）で発注先に決定しました。`,
        `発注書番号：${p.poNumber}`,
        "発注書（PDF）は商談スレッドからダウンロードいただけます。今後のやり取りも商談スレッドでお願いいたします。",
      ],
      link,
    );
  }
  return layout(
    "deal-declined",
    `選考結果のお知らせ：${p.title}`,
    [
      `「${p.title}」について、${p.buyerName} より今回はお見送りとのご連絡がありました。`,
      `理由：${p.reasonLabel}${p.note ? `\n詳細：${p.note}` : ""}`,
      "ご提案いただきありがとうございました。またの機会をお待ちしております。",
    ],
    link,
  );
}

/** To the buyer's ADMINs: a GENERAL member asks them to award a supplier's quote (「決定を依頼」). */
export function dealAwardRequestMail(p: {
  title: string;
  supplierName: string;
  requesterName: string;
  threadId: string;
  version: number;
}): RenderedEmail {
  return layout(
    "deal-award-request",
    `発注先の決定の依頼：${p.title}`,
    [
      `「${p.title}」について、${p.requesterName} さんから、${p.supplierName} の見積（第${p.version}版）で発注先に決定するよう依頼がありました。`,
      "商談スレッドで見積をご確認のうえ、「依頼を承認して発注先に決定」を押してください。発注先の決定は管理者のみ行えます。",
    ],
    { label: "商談スレッドを開く", url: buyerDealUrl(p.threadId) },
  );
}

/** To the buyer's members: an inquiry past its deadline still has suppliers waiting for a decision. */
export function dealReminderMail(p: {
  title: string;
  inquiryId: string;
  deadline: string;
  daysAfter: number;
  undecided: number;
}): RenderedEmail {
  return layout(
    "deal-decision-reminder",
    `発注先の決定をお願いします：${p.title}`,
    [
      `「${p.title}」は期限（${japaneseDate(p.deadline)}）から${p.daysAfter}日が過ぎましたが、${p.undecided}社のメーカーが結果をお待ちしています。`,
      "見積の比較表から発注先を決定するか、お見送りの連絡をお願いいたします。お見送りは結果待ちのメーカーへまとめてお知らせすることもできます。",
    ],
    { label: "見積を比較する", url: url(`/account/buyer/inquiry/${p.inquiryId}/compare`) },
  );
}

// ---------------------------------------------------------------- messages

/** New messages in a deal thread, batched (one mail per thread and side at most every 15 minutes). */
export function dealMessageMail(p: {
  name: string;
  title: string;
  counterpartName: string;
  side: "BUYER" | "SUPPLIER";
  threadId: string;
  unread: number;
  messages: Array<{ body: string; createdAt: Date }>;
}): RenderedEmail {
  const path = p.side === "BUYER" ? `/account/buyer/deals/${p.threadId}` : `/account/oem/deals/${p.threadId}`;
  const shown = p.messages.slice(0, 5);
  const quoted = shown.map((m) => {
    const body = Array.from(m.body);
    const text = body.length > 500 ? `${body.slice(0, 500).join("")}…` : m.body;
    return `――― ${formatDateTime(m.createdAt.toISOString())}\n${text}`;
  });
  return layout(
    "deal-message",
    `${p.counterpartName}から商談メッセージが届いています：${p.title}`,
    [
      `${p.name} 様`,
      `「${p.title}」の商談で、${p.counterpartName}から未読のメッセージが${p.unread}件あります。`,
      ...quoted,
      ...(p.unread > shown.length
        ? [`ほか${p.unread - shown.length}件のメッセージは商談スレッドでご確認ください。`]
        : []),
      "返信は商談スレッドから行えます（このメールへの返信では届きません）。",
    ],
    { label: DEAL_LINK_LABEL, url: url(path) },
  );
}
