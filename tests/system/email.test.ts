import { afterAll, beforeAll, expect, it } from "vitest";
import { buyerRegistration, PASSWORD, uniqueEmail } from "../support/accounts";
import { call, freshDataDir, launchServer, removeDir, type ServerProcess, stopAll } from "../support/server";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";

// The real server sends its outbox over SMTP (SMTP_URL) to a sink inside the test.

let sink: SmtpSink;
let server: ServerProcess;
let dataDir: string | undefined;

beforeAll(async () => {
  sink = await startSmtpSink();
  dataDir = await freshDataDir();
  server = await launchServer({ dataDir, smtpUrl: sink.url });
});

afterAll(async () => {
  await stopAll();
  await sink?.close();
  removeDir(dataDir);
});

function linkToken(text: string, pathname: string): string {
  const m = new RegExp(`${server.url}${pathname}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!m) throw new Error(`no ${pathname} link in:\n${text}`);
  return m[1]!;
}

it("sends the verification and password-reset emails over SMTP; their links verify and reset", async () => {
  const email = uniqueEmail("mail");
  const reg = await call(server, "POST", "/api/buyer/register", {
    body: buyerRegistration(email, { name: "鈴木 花子" }),
  });
  expect(reg.status).toBe(201);

  const verify = await sink.waitFor((m) => m.envelopeTo.includes(email) && m.subject.includes("確認"));
  expect(verify.subject).toBe("【OEMマッチ】メールアドレスの確認をお願いします");
  expect(verify.to).toBe(email);
  expect(verify.from).toBe("OEMマッチ <no-reply@oem-match.local>");
  expect(verify.envelopeFrom).toBe("no-reply@oem-match.local");
  expect(verify.messageId).toMatch(/^<outbox-[0-9a-f-]{36}@oem-match>$/);
  expect(verify.text).toContain("鈴木 花子 様");
  expect(verify.text).toContain("OEMマッチにご登録いただきありがとうございます。");
  expect(verify.html).toContain('<html lang="ja">');
  expect(verify.html).toContain("メールアドレスを確認する");

  const verified = await call(server, "POST", "/api/auth/email/verify", {
    body: { token: linkToken(verify.text, "/verify-email") },
  });
  expect(verified.status).toBe(200);
  const me = await call(server, "GET", "/api/account/me", { token: reg.body.token });
  expect(me.status).toBe(200);
  expect(me.body.user).toMatchObject({ email, emailVerified: true });

  const asked = await call(server, "POST", "/api/password/email", { body: { email } });
  expect(asked.status).toBe(200);
  const reset = await sink.waitFor(
    (m) => m.envelopeTo.includes(email) && m.subject.includes("パスワード再設定"),
  );
  expect(reset.subject).toBe("【OEMマッチ】パスワード再設定のご案内");
  expect(reset.text).toContain("パスワード再設定のお申し込みを受け付けました。");
  expect(reset.messageId).not.toBe(verify.messageId);

  const newPassword = "NewPassw0rd!2";
  const done = await call(server, "POST", "/api/password/reset", {
    body: { token: linkToken(reset.text, "/password-reset"), password: newPassword },
  });
  expect(done.status).toBe(200);
  expect(
    (await call(server, "POST", "/api/auth/login", { body: { email, password: newPassword } })).status,
  ).toBe(200);
  expect(
    (await call(server, "POST", "/api/auth/login", { body: { email, password: PASSWORD } })).status,
  ).toBe(401);

  const changed = await sink.waitFor(
    (m) => m.envelopeTo.includes(email) && m.subject.includes("変更されました"),
  );
  expect(changed.subject).toBe("【OEMマッチ】パスワードが変更されました");

  // each outbox row went out once
  const mine = sink.messages.filter((m) => m.envelopeTo.includes(email));
  expect(mine.map((m) => m.subject).sort()).toEqual(
    [
      "【OEMマッチ】メールアドレスの確認をお願いします",
      "【OEMマッチ】パスワード再設定のご案内",
      "【OEMマッチ】パスワードが変更されました",
    ].sort(),
  );
  expect(new Set(mine.map((m) => m.messageId)).size).toBe(3);
});

it("relays the mails of many concurrent registrations, each exactly once", async () => {
  const emails = Array.from({ length: 12 }, () => uniqueEmail("burst"));
  const answers = await Promise.all(
    emails.map((email) => call(server, "POST", "/api/buyer/register", { body: buyerRegistration(email) })),
  );
  expect(answers.map((a) => a.status)).toEqual(emails.map(() => 201));
  for (const email of emails) await sink.waitFor((m) => m.envelopeTo.includes(email));
  await new Promise((r) => setTimeout(r, 2500)); // a relay pass later, still no second copy
  const received = sink.messages.filter((m) => emails.some((e) => m.envelopeTo.includes(e)));
  expect(received).toHaveLength(emails.length);
  expect(new Set(received.map((m) => m.messageId)).size).toBe(emails.length);
});
