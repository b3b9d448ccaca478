import { layout, type RenderedEmail, url } from "./templates";

// The operator's stop on a buyer company's nominations (docs/trust.md "Suspension"): one email to
// each member when it starts (with the operator's reason) and when it is lifted. Replies to these
// addresses are not read, so both point to the support form.

interface Recipient {
  companyName: string;
  name: string;
}

const greeting = (p: Recipient) => `${p.companyName}\n${p.name} 様`;

/** To each member of the buyer company: sending nominations is stopped, why, and whom to ask. */
export function nominationsSuspendedMail(p: Recipient & { reason: string }): RenderedEmail {
  return layout(
    "nominations-suspended",
    "指名での依頼の送信を停止しました",
    [
      greeting(p),
      "いつもOEMマッチをご利用いただき、ありがとうございます。",
      "運営事務局で確認を行った結果、誠に恐れ入りますが、貴社アカウントからの指名での依頼（OEMメーカーを1社指名して送る問い合わせ）の送信を停止いたしました。",
      `停止の理由：\n${p.reason}`,
      "一括問い合わせの送信と、これまでの問い合わせ・商談スレッドでのやり取りは、引き続きご利用いただけます。",
      "本件についてのご質問やご説明は、下のボタンからお問い合わせフォームにてお寄せください。内容を確認のうえ、運営事務局よりご連絡いたします。",
    ],
    { label: "運営へ問い合わせる", url: url("/support") },
  );
}

/** To each member of the buyer company: the stop is lifted, nominations can be sent again. */
export function nominationsResumedMail(p: Recipient): RenderedEmail {
  return layout(
    "nominations-resumed",
    "指名での依頼の送信停止を解除しました",
    [
      greeting(p),
      "いつもOEMマッチをご利用いただき、ありがとうございます。",
      "貴社アカウントからの指名での依頼の送信停止を解除いたしました。本日より、OEMメーカーを指名した問い合わせを再びお送りいただけます。",
      `ご不明な点がございましたら、お問い合わせフォーム（${url("/support")}）よりご連絡ください。`,
    ],
    { label: "OEMメーカーを探す", url: url("/oem/search") },
  );
}
