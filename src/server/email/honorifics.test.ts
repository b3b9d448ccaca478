import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { dealDecisionMail, dealMessageMail, dealQuoteMail } from "./deal-templates";
import type { RenderedEmail } from "./templates";
import { entryReceivedMail, inquiryReviewRequestMail } from "./templates";

// One honorific rule for every mail (issue 33 item 25, docs/decisions/0037-one-honorific-rule-in-mails.md):
// the reader is addressed 「氏名 様」 in the salutation; a company named in the body as the other
// party is written by its name alone (「株式会社X から」「株式会社X が」), whichever side it is on;
// no ひらがな 「さま」.

const BUYER = "株式会社ボタニカルライフ";
const SUPPLIER = "株式会社ルミエール化粧品研究所";
const HONORIFIC_AFTER = (name: string) => new RegExp(`${name}\\s*(様|さま|殿|御中)`);

const mails: Array<[string, RenderedEmail]> = [
  [
    "quote",
    dealQuoteMail({
      title: "化粧水",
      supplierName: SUPPLIER,
      threadId: "t",
      kind: "QUOTE",
      version: 1,
      validUntil: "2027-01-31",
    }),
  ],
  [
    "no-quote",
    dealQuoteMail({
      title: "化粧水",
      supplierName: SUPPLIER,
      threadId: "t",
      kind: "NO_QUOTE",
      reasonLabel: "数量",
      note: null,
    }),
  ],
  [
    "award",
    dealDecisionMail({
      title: "化粧水",
      buyerName: BUYER,
      threadId: "t",
      kind: "AWARD",
      version: 2,
      poNumber: "PO-1",
    }),
  ],
  [
    "decline",
    dealDecisionMail({
      title: "化粧水",
      buyerName: BUYER,
      threadId: "t",
      kind: "DECLINE",
      reasonLabel: "価格",
      note: null,
    }),
  ],
  ...(["BUYER", "SUPPLIER"] as const).map((side): [string, RenderedEmail] => [
    `message to ${side}`,
    dealMessageMail({
      name: "山田 花子",
      title: "化粧水",
      counterpartName: side === "BUYER" ? SUPPLIER : BUYER,
      side,
      threadId: "t",
      unread: 1,
      messages: [{ body: "よろしくお願いします。", createdAt: new Date("2026-11-20T01:00:00Z") }],
    }),
  ]),
  [
    "entry",
    entryReceivedMail({ name: "山田 花子", title: "化粧水", supplierName: SUPPLIER, inquiryId: "i" }),
  ],
  ["review", inquiryReviewRequestMail({ title: "化粧水", buyerName: BUYER })],
];

describe("honorifics in mails", () => {
  it.each(mails)("%s: names the other company without an honorific, on either side", (_, mail) => {
    for (const text of [mail.subject, mail.text]) {
      expect(text).not.toMatch(HONORIFIC_AFTER(BUYER));
      expect(text).not.toMatch(HONORIFIC_AFTER(SUPPLIER));
    }
    expect(mail.text).toMatch(new RegExp(`${BUYER}|${SUPPLIER}`));
  });

  it("addresses the reader 「氏名 様」", () => {
    const mail = mails.find(([n]) => n === "message to BUYER")![1];
    expect(mail.text.split("\n")[0]).toBe("山田 花子 様");
  });

  it("no mail template writes 「さま」", () => {
    const dirs = ["src/server/email", "src/modules/certifications"];
    const sources = dirs.flatMap((d) =>
      readdirSync(path.resolve(d))
        .filter((f) => /templates\.ts$/.test(f))
        .map((f) => [f, readFileSync(path.resolve(d, f), "utf8")] as const),
    );
    expect(sources.length).toBeGreaterThanOrEqual(5);
    for (const [file, source] of sources) expect(source.includes("さま"), file).toBe(false);
  });
});
