import { formatDate, formatDateTime } from "@/lib/japanese-date";
import { layout, type RenderedEmail, url } from "./templates";

// The ticket refund's Japanese email (docs/trust.md "Refund"): same frame and links as every
// other template (templates.ts).

/** Where the supplier sees its ticket usages and their refunds (the ticket page's history). */
export const TICKET_HISTORY_PATH = "/account/oem/ticket-buy#ticket-usages";

/** To the supplier's members: the buyer stayed silent for 5 business days, the ticket is back. */
export function ticketRefundedMail(p: {
  title: string;
  usedAt: Date;
  refundedAt: Date;
  balance: number;
}): RenderedEmail {
  return layout(
    "ticket-refunded-no-reply",
    `チケットを1枚返却しました：${p.title}`,
    [
      "OEMマッチをご利用いただきありがとうございます。",
      `指名案件「${p.title}」で${formatDate(p.usedAt)}にご使用いただいたチケット1枚を、${formatDateTime(p.refundedAt.toISOString())}に返却しました。`,
      "貴社がメッセージを送信してから5営業日（土日・祝日・年末年始を除く）以内に、発注者がメッセージの開封・返信をしなかったためです。",
      `現在のチケット残り枚数は${p.balance}枚です。`,
      "この案件の商談スレッドと発注者の連絡先は、引き続きご覧いただけます。もう一度チケットを使う必要はありません。",
    ],
    { label: "チケットの使用履歴を確認する", url: url(TICKET_HISTORY_PATH) },
  );
}
