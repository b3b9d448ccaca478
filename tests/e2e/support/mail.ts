import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";

// Emails the e2e server received (tests/e2e/support/serve.ts files them as JSON).
const mailDir = path.resolve(process.env.E2E_MAIL_DIR ?? "data/e2e-mail");

interface Mail {
  to: string;
  subject: string;
  text: string;
  envelopeTo: string[];
}

function all(): Mail[] {
  return readdirSync(mailDir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .flatMap((f) => {
      try {
        return [JSON.parse(readFileSync(path.join(mailDir, f), "utf8")) as Mail];
      } catch {
        return []; // not complete yet: read again at the next poll
      }
    });
}

/** Waits for the newest email to an address whose subject contains `subject`. */
export async function waitForMail(to: string, subject: string, timeoutMs = 20_000): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        found = all()
          .reverse()
          .find((m) => m.envelopeTo.includes(to) && m.subject.includes(subject));
        return Boolean(found);
      },
      { timeout: timeoutMs, message: `email "${subject}" to ${to}` },
    )
    .toBe(true);
  return found!;
}

export function linkIn(mail: Mail, pathPrefix: string): string {
  const m = new RegExp(`https?://[^\\s]+${pathPrefix.replace(/[?/]/g, "\\$&")}[^\\s]*`).exec(mail.text);
  if (!m) throw new Error(`no ${pathPrefix} link in: ${mail.text}`);
  return new URL(m[0]).pathname + new URL(m[0]).search;
}
