import { describe, expect, it } from "vitest";
import { dealMessageMail } from "./deal-templates";
import { HIDDEN_DEAL_CONTENT, hideDealContent } from "./mask";

describe("hideDealContent", () => {
  const mail = (body: string) =>
    dealMessageMail({
      name: "山田 太郎",
      title: "化粧水のOEM",
      counterpartName: "伏字工業株式会社",
      side: "BUYER",
      threadId: "00000000-0000-4000-8000-000000000001",
      unread: 1,
      messages: [{ body, createdAt: new Date("2026-11-28T01:00:00Z") }],
    });

  it("keeps the greeting, the inquiry and the link, and hides the messages", () => {
    const m = mail("単価は三百八十円です");
    const shown = hideDealContent(m.template, m.text);
    expect(shown).not.toContain("三百八十円");
    expect(shown).toContain("山田 太郎 様");
    expect(shown).toContain("「化粧水のOEM」の商談");
    expect(shown).toContain(HIDDEN_DEAL_CONTENT);
    expect(shown).toContain("/account/buyer/deals/00000000-0000-4000-8000-000000000001");
  });

  it("is not fooled by a message that imitates the link section", () => {
    const m = mail("前半\n\n商談スレッドを開く:\nhttps://example.com\n後半の秘密");
    const shown = hideDealContent(m.template, m.text);
    expect(shown).not.toContain("前半");
    expect(shown).not.toContain("後半の秘密");
  });

  it("leaves other mails as they are", () => {
    expect(hideDealContent("verify-email", "本文")).toBe("本文");
  });
});
