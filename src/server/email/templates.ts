import { env } from "@/env";
import { japaneseDate } from "@/lib/japanese-date";
import { yenSuffixed } from "@/lib/yen";

// Japanese templates. Each returns the subject and both bodies; links are absolute.
export interface RenderedEmail {
  template: string;
  subject: string;
  text: string;
  html: string;
}

const SERVICE = "OEMマッチ";

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

export function layout(
  template: string,
  subject: string,
  paragraphs: string[],
  link?: { label: string; url: string },
) {
  const footer = [
    "※このメールは送信専用アドレスから送信しています。ご返信いただいてもお答えできません。",
    `※お心当たりのない場合は、お手数ですがこのメールを破棄してください。`,
    "",
    `${SERVICE} 運営事務局`,
    env().APP_URL,
  ];
  const text = [
    ...paragraphs,
    ...(link ? ["", `${link.label}:`, link.url] : []),
    "",
    "――――――――――",
    ...footer,
  ].join("\n");
  const html = `<!doctype html><html lang="ja"><body style="font-family:'Hiragino Sans','Noto Sans JP',sans-serif;line-height:1.8;color:#1f2937">
${paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`).join("\n")}
${link ? `<p><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:12px 24px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p><p style="font-size:12px;color:#6b7280">ボタンが押せない場合は次のURLをブラウザに貼り付けてください。<br>${escapeHtml(link.url)}</p>` : ""}
<hr><p style="font-size:12px;color:#6b7280">${footer.map(escapeHtml).join("<br>")}</p></body></html>`;
  return { template, subject: `【${SERVICE}】${subject}`, text, html };
}

export function verifyEmailMail(p: { name: string; url: string }): RenderedEmail {
  return layout(
    "verify-email",
    "メールアドレスの確認をお願いします",
    [
      `${p.name} 様`,
      `${SERVICE}にご登録いただきありがとうございます。`,
      "下のボタンからメールアドレスの確認を完了してください。リンクの有効期限は24時間です。",
    ],
    { label: "メールアドレスを確認する", url: p.url },
  );
}

export function passwordResetMail(p: { name: string; url: string }): RenderedEmail {
  return layout(
    "password-reset",
    "パスワード再設定のご案内",
    [
      `${p.name} 様`,
      "パスワード再設定のお申し込みを受け付けました。",
      "下のボタンから新しいパスワードを設定してください。リンクの有効期限は60分で、一度だけ使えます。",
    ],
    { label: "パスワードを再設定する", url: p.url },
  );
}

export function passwordChangedMail(p: { name: string }): RenderedEmail {
  return layout("password-changed", "パスワードが変更されました", [
    `${p.name} 様`,
    "お客様のアカウントのパスワードが変更されました。ほかの端末でのログインはすべて終了しています。",
    "お心当たりのない場合は、至急パスワードの再設定を行い、運営事務局までご連絡ください。",
  ]);
}

export function invitationMail(p: {
  companyName: string;
  inviterName: string;
  inviteeName?: string | null;
  url: string;
}): RenderedEmail {
  return layout(
    "invitation",
    `${p.companyName}からの招待が届いています`,
    [
      // The inviter may leave the name blank; the address is all we know then.
      p.inviteeName ? `${p.inviteeName} 様` : "ご担当者様",
      `${p.inviterName} 様から、${SERVICE}の「${p.companyName}」のメンバーとして招待されました。`,
      "下のボタンから登録を完了してください。招待の有効期限は7日間です。",
    ],
    { label: "招待を受けて登録する", url: p.url },
  );
}

export function emailChangeMail(p: { name: string; url: string }): RenderedEmail {
  return layout(
    "email-change",
    "新しいメールアドレスの確認をお願いします",
    [
      `${p.name} 様`,
      "メールアドレス変更のお申し込みを受け付けました。",
      "下のボタンから確認を完了すると、ログインに使うメールアドレスがこのアドレスに変わります。リンクの有効期限は24時間です。",
    ],
    { label: "メールアドレスを変更する", url: p.url },
  );
}

export function emailChangeNoticeMail(p: { name: string; newEmail: string }): RenderedEmail {
  return layout("email-change-notice", "メールアドレス変更のお申し込みがありました", [
    `${p.name} 様`,
    `ログインに使うメールアドレスを「${p.newEmail}」に変更するお申し込みがありました。新しいアドレスでの確認が済むと変更されます。`,
    "お心当たりのない場合は、至急パスワードを変更し、運営事務局までご連絡ください。",
  ]);
}

// ---------------------------------------------------------------- inquiries and entries

export const url = (path: string) => `${env().APP_URL}${path}`;

export function inquiryReceivedMail(p: {
  name: string;
  title: string;
  type: "BULK" | "NOMINATION";
}): RenderedEmail {
  return layout(
    "inquiry-received",
    `お問い合わせを受け付けました：${p.title}`,
    [
      `${p.name} 様`,
      `「${p.title}」のお問い合わせを受け付けました。`,
      p.type === "BULK"
        ? "運営事務局にて内容を確認のうえ公開いたします（通常1営業日以内）。公開後、OEMメーカーからのエントリーをお知らせします。"
        : "指名したOEMメーカーにお問い合わせをお送りしました。回答があり次第お知らせします。",
    ],
    { label: "お問い合わせ履歴を見る", url: url("/account/buyer/inquiry") },
  );
}

export function inquiryReviewRequestMail(p: { title: string; buyerName: string }): RenderedEmail {
  return layout(
    "inquiry-review-request",
    `一括問い合わせの審査依頼：${p.title}`,
    [
      `${p.buyerName} から一括問い合わせ「${p.title}」が届きました。運営コンソールで内容を確認し、公開または差し戻しを行ってください。`,
    ],
    { label: "運営コンソールを開く", url: url("/owner") },
  );
}

export function nominationReceivedMail(p: { title: string; inquiryId: string }): RenderedEmail {
  return layout(
    "nomination-received",
    `貴社を指名したお問い合わせが届きました：${p.title}`,
    [
      "OEMマッチをご利用いただきありがとうございます。",
      `貴社を指名したお問い合わせ「${p.title}」が届きました。内容をご確認のうえ、ご回答ください。`,
      "無料プランでは、チケットを1枚使うと発注者の連絡先が開示され、返信できます（無制限プランならチケットは不要です）。",
    ],
    { label: "指名案件を確認する", url: url(`/account/oem/contact?id=${p.inquiryId}`) },
  );
}

export function bulkPublishedMail(p: { title: string; inquiryId: string }): RenderedEmail {
  return layout(
    "bulk-published-selected",
    `貴社が選ばれた一括問い合わせが公開されました：${p.title}`,
    [
      `発注者が貴社を候補に選んだ一括問い合わせ「${p.title}」が公開されました。ぜひエントリーをご検討ください。`,
      "公開案件へのエントリーは、無制限プランをご契約中の企業様がご利用いただけます。",
    ],
    { label: "公開案件を確認する", url: url(`/account/oem/recruit?id=${p.inquiryId}`) },
  );
}

export function inquiryApprovedMail(p: { name: string; title: string }): RenderedEmail {
  return layout(
    "inquiry-approved",
    `一括問い合わせを公開しました：${p.title}`,
    [
      `${p.name} 様`,
      `「${p.title}」の審査が完了し、OEMメーカー向けに公開しました。エントリーが届き次第お知らせします。`,
    ],
    { label: "お問い合わせ履歴を見る", url: url("/account/buyer/inquiry") },
  );
}

export function inquiryRejectedMail(p: { name: string; title: string; reason: string }): RenderedEmail {
  return layout(
    "inquiry-rejected",
    `一括問い合わせを公開できませんでした：${p.title}`,
    [
      `${p.name} 様`,
      `「${p.title}」は、以下の理由により公開を見送らせていただきました。`,
      `理由：${p.reason}`,
      "内容を修正のうえ、あらためてお問い合わせください。",
    ],
    { label: "お問い合わせ履歴を見る", url: url("/account/buyer/inquiry") },
  );
}

export function entryReceivedMail(p: {
  name: string;
  title: string;
  supplierName: string;
  inquiryId: string;
}): RenderedEmail {
  return layout(
    "entry-received",
    `エントリーが届きました：${p.title}`,
    [
      `${p.name} 様`,
      `「${p.title}」に ${p.supplierName} からエントリーが届きました。提案内容と連絡先をご確認ください。`,
    ],
    { label: "エントリーを確認する", url: url(`/account/buyer/inquiry?id=${p.inquiryId}`) },
  );
}

export function entryDecisionMail(p: { title: string; status: "SHORTLISTED" | "DECLINED" }): RenderedEmail {
  return p.status === "SHORTLISTED"
    ? layout(
        "entry-shortlisted",
        `エントリーが候補に選ばれました：${p.title}`,
        [
          `「${p.title}」へのエントリーが、発注者により候補に選ばれました。発注者からの連絡をお待ちいただくか、ご連絡ください。`,
        ],
        { label: "エントリー済み案件を見る", url: url("/account/oem/entry") },
      )
    : layout("entry-declined", `エントリーの選考結果のお知らせ：${p.title}`, [
        `「${p.title}」へのエントリーについて、今回は見送りとのご連絡がありました。またの機会をお待ちしております。`,
      ]);
}

/**
 * The daily digest: the new public recruits the supplier fits (its categories and, issue 20, the
 * hard rules of its capabilities), and how many others of its categories it does not fit.
 */
export function bulkDigestMail(p: {
  items: Array<{ title: string; id: string }>;
  notFitting?: number;
}): RenderedEmail {
  const others = p.notFitting ?? 0;
  return layout(
    "bulk-digest",
    `新着の公開案件が${p.items.length}件あります`,
    [
      "貴社のカテゴリと対応能力（認証・数量）に合う公開案件が新たに公開されました。",
      ...p.items.map((i) => `・${i.title}\n  ${url(`/account/oem/recruit?id=${i.id}`)}`),
      ...(others > 0
        ? [
            `条件（必要な認証・数量）が合わない案件が他に${others}件あります。公開案件一覧でご覧いただけます。\n  ${url("/account/oem/recruit")}`,
          ]
        : []),
      "公開案件の内容はどなたでもご覧いただけます。エントリーは、無制限プランをご契約中の企業様がご利用いただけます。",
    ],
    { label: "公開案件一覧を見る", url: url("/account/oem/recruit?sort=fit") },
  );
}

// ---------------------------------------------------------------- billing

/** `billingMonth` (YYYY-MM) for a month of the unlimited plan, which has already started; else a ticket purchase. */
export function invoiceIssuedMail(p: {
  number: string;
  totalYen: number;
  dueOn: string;
  billingMonth?: string | null;
}): RenderedEmail {
  const [year, month] = (p.billingMonth ?? "").split("-").map(Number);
  return layout(
    "invoice-issued",
    `請求書を発行しました（${p.number}）`,
    [
      "OEMマッチをご利用いただきありがとうございます。",
      p.billingMonth
        ? `無制限プラン ${year}年${month}月分の請求書（${p.number}）を発行しました。ご請求金額は ${yenSuffixed(p.totalYen)}（税込）、お支払期限は ${japaneseDate(p.dueOn)} です。`
        : `チケットご購入の請求書（${p.number}）を発行しました。ご請求金額は ${yenSuffixed(p.totalYen)}（税込）、お支払期限は ${japaneseDate(p.dueOn)} です。`,
      p.billingMonth
        ? "マイページから請求書（PDF）をダウンロードいただけます。期限までにお振込みをお願いいたします。"
        : "マイページから請求書（PDF）をダウンロードいただけます。お振込みを確認しましたら、チケットを付与してご連絡します。",
    ],
    { label: "請求書を確認する", url: url("/account/oem/ticket-buy") },
  );
}

export function ticketsCreditedMail(p: { quantity: number; balance: number }): RenderedEmail {
  return layout("tickets-credited", "チケットを付与しました", [
    "ご入金を確認しました。ありがとうございます。",
    `チケット${p.quantity}枚を付与しました。現在の残り枚数は${p.balance}枚です。`,
  ]);
}

export function planActivatedMail(p: { startsOn: string }): RenderedEmail {
  return layout(
    "plan-activated",
    "無制限プランが開始されました",
    [
      `${japaneseDate(p.startsOn)}から無制限プランを開始しました。公開案件へのエントリーや指名案件への回答が、チケットなしでご利用いただけます。`,
      "開始月の分から毎月、請求書をメールでお送りします。請求書に記載の期限までにお振り込みください。",
    ],
    { label: "マイページへ", url: url("/account/oem") },
  );
}

// ---------------------------------------------------------------- leads and support

/** Sent to any address typed into the /lp form: it quotes nothing the requester typed (no relay for a stranger's text). */
export function brochureMail(p: { url: string }): RenderedEmail {
  return layout(
    "brochure",
    "サービス資料をお届けします",
    [
      "ご担当者様",
      "OEMマッチのサービス資料をご請求いただき、ありがとうございます。",
      "下のボタンから資料（PDF）をダウンロードいただけます。",
    ],
    { label: "サービス資料をダウンロード", url: p.url },
  );
}

export function supportReceivedMail(p: {
  id: string;
  category: string;
  message: string;
  name: string;
  email: string;
  phone?: string;
  companyName?: string;
  signedIn: boolean;
}): RenderedEmail {
  return layout("support-received", `お問い合わせ（${p.category}）：${p.name} 様`, [
    `受付番号：${p.id}`,
    `種別：${p.category}`,
    `お名前：${p.name}（${p.companyName ?? "会社名なし"}）`,
    `メール：${p.email}　電話：${p.phone ?? "なし"}`,
    `ログイン中の会員：${p.signedIn ? "はい" : "いいえ"}`,
    "",
    p.message,
  ]);
}

/** Sent to whatever address the form named: a fixed text, so nobody can relay their words through us. */
export function supportAcknowledgedMail(): RenderedEmail {
  return layout("support-acknowledged", "お問い合わせを受け付けました", [
    "OEMマッチへのお問い合わせを受け付けました。",
    "内容を確認のうえ、通常2営業日以内に運営事務局よりご連絡いたします。",
  ]);
}
