import { describe, expect, it } from "vitest";
import { SITE_LINK_LABELS, siteLinksFrom } from "./site-links";

describe("siteLinksFrom", () => {
  it("builds every external page under the configured base, with or without a trailing slash", () => {
    const a = siteLinksFrom("https://notes.example.com/oem");
    const b = siteLinksFrom("https://notes.example.com/oem/");
    expect(a).toEqual(b);
    expect(a.guide).toBe("https://notes.example.com/oem/guide");
    expect(a.privacy).toBe("https://notes.example.com/oem/privacy-policy");
  });

  it("labels the six pages of the spec in Japanese", () => {
    const links = siteLinksFrom("https://x.example");
    expect(SITE_LINK_LABELS.map(([k]) => k).sort()).toEqual(Object.keys(links).sort());
    expect(SITE_LINK_LABELS.map(([, l]) => l)).toEqual([
      "ご利用ガイド",
      "よくある質問",
      "プライバシーポリシー",
      "利用規約",
      "運営会社",
      "サイトマップ",
    ]);
  });
});
