import { japaneseDate } from "@/lib/japanese-date";
import { layout, type RenderedEmail, url } from "@/server/email/templates";

// The certificates' Japanese emails to each member of the supplier (issue 20): the operator's
// verification and rejection, the reminder 30 days before the last valid day, and the expiry.
// Same frame and links as every other template (src/server/email/templates.ts).

/** Where the supplier registers and renews its certificates (settings 「対応能力・認証」). */
export const CERTIFICATIONS_SETTINGS_PATH = "/account/oem/capabilities";

interface Recipient {
  companyName: string;
  name: string;
}

export interface CertificateFacts {
  typeName: string;
  number: string;
  /** The last valid day (YYYY-MM-DD); null: no expiry. */
  expiresOn: string | null;
}

const greeting = (p: Recipient) => `${p.companyName}\n${p.name} 様`;
const THANKS = "いつもOEMマッチをご利用いただき、ありがとうございます。";
const facts = (c: CertificateFacts) =>
  [
    `認証・許可：${c.typeName}`,
    `登録番号：${c.number}`,
    `有効期限：${c.expiresOn ? japaneseDate(c.expiresOn) : "なし"}`,
  ].join("\n");
const settings = { label: "対応能力・認証の設定を開く", url: url(CERTIFICATIONS_SETTINGS_PATH) };

/** The operator checked the document: the badge 「認証確認済み」 is shown from now on. */
export function certificationVerifiedMail(p: Recipient & CertificateFacts): RenderedEmail {
  return layout(
    "certification-verified",
    `「${p.typeName}」を認証確認済みとして掲載しました`,
    [
      greeting(p),
      THANKS,
      "ご登録いただいた証明書を運営事務局で確認しました。貴社の公開ページ・検索結果・見積の比較表に「認証確認済み」の表示が付きます。",
      facts(p),
      p.expiresOn
        ? "有効期限の30日前にお知らせします。更新後の証明書は、同じ画面から新しく登録してください（確認が済むまで、現在の表示は有効期限まで続きます）。"
        : "内容に変更があった場合は、同じ画面から新しい証明書を登録してください。",
    ],
    settings,
  );
}

/** The operator sent it back (or withdrew the badge) with a reason the supplier can act on. */
export function certificationRejectedMail(
  p: Recipient & CertificateFacts & { reason: string; wasVerified: boolean },
): RenderedEmail {
  return layout(
    "certification-rejected",
    `「${p.typeName}」の証明書を差し戻しました`,
    [
      greeting(p),
      THANKS,
      p.wasVerified
        ? "運営事務局で再確認した結果、ご登録いただいた証明書の「認証確認済み」の表示を取り下げ、差し戻しました。"
        : "ご登録いただいた証明書を運営事務局で確認しましたが、次の理由により認証確認済みとすることができませんでした。",
      facts(p),
      `差し戻しの理由：\n${p.reason}`,
      "内容をご確認のうえ、証明書を登録し直してください。ご不明な点は、お問い合わせフォームよりご連絡ください。",
    ],
    settings,
  );
}

/** 30 days before the last valid day: renew it, or the badge disappears. */
export function certificationExpiringMail(
  p: Recipient & CertificateFacts & { expiresOn: string },
): RenderedEmail {
  return layout(
    "certification-expiring",
    `「${p.typeName}」の有効期限が近づいています`,
    [
      greeting(p),
      THANKS,
      `認証確認済みの「${p.typeName}」の有効期限が${japaneseDate(p.expiresOn)}に迫っています。`,
      facts(p),
      "有効期限を過ぎると、公開ページ・検索結果・見積の比較表から「認証確認済み」の表示が外れ、この認証・許可を条件にした検索や案件の適合にも含まれなくなります。",
      "更新済みの場合は、新しい証明書を登録してください。運営事務局で確認が済むと、引き続き表示されます。",
    ],
    settings,
  );
}

/** The last valid day has passed: the badge is off, unless a renewed certificate keeps it. */
export function certificationExpiredMail(
  p: Recipient & CertificateFacts & { expiresOn: string; stillShown: boolean },
): RenderedEmail {
  return layout(
    "certification-expired",
    `「${p.typeName}」の有効期限が切れました`,
    [
      greeting(p),
      THANKS,
      `認証確認済みの「${p.typeName}」の証明書は、有効期限（${japaneseDate(p.expiresOn)}）を過ぎました。`,
      facts(p),
      p.stillShown
        ? "確認済みの新しい証明書があるため、「認証確認済み」の表示は引き続き掲載されています。"
        : "このため、公開ページ・検索結果・見積の比較表から「認証確認済み」の表示を外しました。更新後の証明書を登録いただき、運営事務局で確認が済むと、ふたたび表示されます。",
    ],
    settings,
  );
}
