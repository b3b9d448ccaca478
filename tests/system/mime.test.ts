import nodemailer from "nodemailer";
import { expect, it } from "vitest";
import { decodeWords, parseMail } from "../support/mime";

// The SMTP sink's MIME reader, checked against what nodemailer writes.

async function compose(text: string, html: string, textEncoding?: "base64" | "quoted-printable") {
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await t.sendMail({
    from: "OEMマッチ <no-reply@oem-match.local>",
    to: "taro@example.co.jp",
    subject:
      "【OEMマッチ】メールアドレスの確認をお願いします――とても長い件名で折り返しと分割が起きることを確かめます",
    text,
    html,
    messageId: "<outbox-1@oem-match>",
    textEncoding,
  });
  return (info.message as Buffer).toString("latin1");
}

it.each([undefined, "base64", "quoted-printable"] as const)(
  "reads subject, addresses and both bodies (%s)",
  async (enc) => {
    const text = `山田 太郎 様\n\nメールアドレスを確認する:\nhttp://127.0.0.1:3000/verify-email?token=abc_DEF-123\n${"あ".repeat(200)}`;
    const html = '<p lang="ja">確認する &amp; 登録</p>';
    const mail = parseMail(await compose(text, html, enc));
    expect(mail.subject).toBe(
      "【OEMマッチ】メールアドレスの確認をお願いします――とても長い件名で折り返しと分割が起きることを確かめます",
    );
    expect(mail.from).toBe("OEMマッチ <no-reply@oem-match.local>");
    expect(mail.to).toBe("taro@example.co.jp");
    expect(mail.messageId).toBe("<outbox-1@oem-match>");
    expect(mail.text.replace(/\r\n/g, "\n")).toBe(text);
    expect(mail.html).toBe(html);
  },
);

it("joins encoded words that split a character", () => {
  const bytes = Buffer.from("確認", "utf8");
  const w1 = `=?UTF-8?B?${bytes.subarray(0, 4).toString("base64")}?=`;
  const w2 = `=?UTF-8?B?${bytes.subarray(4).toString("base64")}?=`;
  expect(decodeWords(`${w1} ${w2} ok`)).toBe("確認 ok");
  expect(decodeWords("=?utf-8?Q?=E7=A2=BA_x?=")).toBe("確 x");
});
