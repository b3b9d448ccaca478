import { env } from "@/env";

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

function layout(
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

export function invitationMail(p: { companyName: string; inviterName: string; url: string }): RenderedEmail {
  return layout(
    "invitation",
    `${p.companyName}からの招待が届いています`,
    [
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
