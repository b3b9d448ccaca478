import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "@/server/db/client";
import { emailOutbox } from "@/server/db/schema";
import { maskLinkTokens } from "./mask";
import { enqueueEmail } from "./outbox";
import { relayOnce } from "./relay";
import type { MailTransport, OutgoingMail } from "./transport";

// Once a mail has gone out, its stored copy (90 days in email_outbox, shown in the console)
// no longer holds a live link. Only nodemailer's transport is a test double.
process.env.AUTH_SECRET ??= "mask-test-secret-mask-test-secret-012345";

const TOKEN = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcd";
const LINKS = {
  verify: `http://localhost:3000/verify-email?token=${TOKEN}`,
  reset: `http://localhost:3000/password-reset?token=${TOKEN}`,
  invitation: `http://localhost:3000/invitation?companyId=0f2c&token=${TOKEN}`,
};
let database: Database;

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory" });
}, 60_000);
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.db.delete(emailOutbox);
});

function transport(fail = false) {
  const sent: OutgoingMail[] = [];
  const t: MailTransport = {
    async sendMail(m) {
      if (fail) throw new Error("connection refused");
      sent.push(m);
      return { messageId: m.messageId };
    },
  };
  return { sent, t };
}

async function enqueueLinkMail(url: string) {
  return enqueueEmail(database.db, "user@example.co.jp", {
    template: "password-reset",
    subject: "【OEMマッチ】パスワード再設定のご案内",
    text: `以下のリンクから再設定してください。\n${url}\n`,
    html: `<p><a href="${url.replace(/&/g, "&amp;")}">再設定する</a></p>`,
  });
}

async function stored(id: string) {
  const [r] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return r!;
}

describe("live links in the outbox", () => {
  it.each(Object.entries(LINKS))(
    "a sent %s mail is stored with its token masked, sent intact",
    async (_, url) => {
      const id = await enqueueLinkMail(url);
      const { sent, t } = transport();
      expect((await relayOnce(database.db, t)).sent).toBe(1);
      expect(sent[0]!.text).toContain(TOKEN);
      expect(sent[0]!.html).toContain(TOKEN);
      const row = await stored(id);
      expect(row.status).toBe("SENT");
      expect(row.textBody).not.toContain(TOKEN);
      expect(row.htmlBody).not.toContain(TOKEN);
      expect(row.textBody).toContain("token=（送信済みのため非表示）");
    },
  );

  it("keeps the link readable while the mail is not sent (no SMTP) or failed and will be retried", async () => {
    const pending = await enqueueLinkMail(LINKS.reset);
    expect((await stored(pending)).textBody).toContain(TOKEN);
    const { t } = transport(true);
    await relayOnce(database.db, t);
    const failed = await stored(pending);
    expect(failed.status).toBe("FAILED");
    expect(failed.textBody).toContain(TOKEN);
  });
});

describe("maskLinkTokens", () => {
  it("masks the token of every link form and leaves other text alone", () => {
    expect(maskLinkTokens(`${LINKS.invitation} と ${LINKS.verify}`)).toBe(
      "http://localhost:3000/invitation?companyId=0f2c&token=（送信済みのため非表示） と http://localhost:3000/verify-email?token=（送信済みのため非表示）",
    );
    expect(maskLinkTokens(`href="/invitation?companyId=1&amp;token=${TOKEN}"`)).toBe(
      'href="/invitation?companyId=1&amp;token=（送信済みのため非表示）"',
    );
    expect(maskLinkTokens("お問い合わせありがとうございます。")).toBe("お問い合わせありがとうございます。");
  });
});
