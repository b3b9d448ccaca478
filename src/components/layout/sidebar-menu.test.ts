import { describe, expect, it } from "vitest";
import {
  buildSidebarMenu,
  currentHref,
  DISABLED_REASONS,
  isGroup,
  sidebarLinks,
  sidebarTicketBuyHref,
} from "./sidebar-menu";

const guideUrl = "https://notes.example.com/guide";
const oem = (userType: "oem_free" | "oem_paid", role: "ADMIN" | "GENERAL" = "ADMIN") =>
  buildSidebarMenu({ area: "oem", userType, role, guideUrl });
const link = (items: ReturnType<typeof oem>, label: string) =>
  sidebarLinks(items).find((l) => l.label === label)!;

describe("buyer sidebar", () => {
  it("has exactly the spec's menu", () => {
    const items = buildSidebarMenu({ area: "buyer", userType: "client", role: "ADMIN", guideUrl });
    expect(items.map((i) => i.label)).toEqual([
      "マイページトップ",
      "問い合わせ履歴",
      "商談",
      "発注",
      "個人アカウント情報",
      "ご利用ガイド",
      "運営へのお問い合わせ",
    ]);
    expect(sidebarLinks(items).every((l) => !l.disabledReason)).toBe(true);
    expect(link(items, "ご利用ガイド")).toMatchObject({ href: guideUrl, external: true });
  });
});

describe("supplier sidebar", () => {
  it("has the spec's menu with the two groups of sub-links", () => {
    const items = oem("oem_paid");
    expect(items.map((i) => i.label)).toEqual([
      "マイページトップ",
      "案件一覧",
      "エントリー済み案件一覧",
      "商談",
      "受注",
      "企業設定",
      "個人情報",
      "ご利用ガイド",
      "運営へのお問い合わせ",
    ]);
    const groups = items.filter(isGroup);
    expect(groups.map((g) => g.children.map((c) => c.label))).toEqual([
      ["指名案件一覧", "公開案件一覧"],
      ["基本情報", "OEM情報管理", "対応能力・認証", "事例管理", "メンバー管理", "無制限プラン設定"],
    ]);
  });

  it("greys the entered projects for free suppliers only", () => {
    expect(link(oem("oem_free"), "エントリー済み案件一覧").disabledReason).toBe(
      DISABLED_REASONS.entryForFree,
    );
    expect(link(oem("oem_paid"), "エントリー済み案件一覧").disabledReason).toBeUndefined();
  });

  it("greys member management for GENERAL members", () => {
    expect(link(oem("oem_paid", "GENERAL"), "メンバー管理").disabledReason).toBe(
      DISABLED_REASONS.memberForGeneral,
    );
    expect(link(oem("oem_free", "ADMIN"), "メンバー管理").disabledReason).toBeUndefined();
  });

  it("greys the unlimited plan settings for paid users and keeps the link for free users", () => {
    expect(link(oem("oem_paid"), "無制限プラン設定").disabledReason).toBe(DISABLED_REASONS.planForPaid);
    expect(link(oem("oem_free"), "無制限プラン設定").disabledReason).toBeUndefined();
  });
});

describe("sidebar 「商談」", () => {
  it("is in both areas, links to the deal list and carries the unread count", () => {
    const buyer = buildSidebarMenu({
      area: "buyer",
      userType: "client",
      role: "ADMIN",
      guideUrl,
      dealUnread: 3,
    });
    expect(link(buyer, "商談")).toMatchObject({ href: "/account/buyer/deals", unread: 3 });
    const supplier = buildSidebarMenu({
      area: "oem",
      userType: "oem_free",
      role: "GENERAL",
      guideUrl,
      dealUnread: 12,
    });
    expect(link(supplier, "商談")).toMatchObject({ href: "/account/oem/deals", unread: 12 });
    // Free suppliers talk too (nominations with a ticket): never greyed.
    expect(link(supplier, "商談").disabledReason).toBeUndefined();
  });

  it("has no count when nothing is unread or the layout gave none", () => {
    expect(link(oem("oem_paid"), "商談").unread).toBe(0);
  });

  it("stays highlighted on a thread page", () => {
    expect(currentHref(oem("oem_paid"), "/account/oem/deals/0b7c3f0e-6f1e-4d5b-9a59-3c1f1c7f2a10")).toBe(
      "/account/oem/deals",
    );
  });
});

describe("currentHref", () => {
  const items = oem("oem_paid");
  it("matches the area top exactly and sub-pages by prefix", () => {
    expect(currentHref(items, "/account/oem")).toBe("/account/oem");
    expect(currentHref(items, "/account/oem/case/edit")).toBe("/account/oem/case");
    expect(currentHref(items, "/account/oem/company-information")).toBe("/account/oem/company-information");
    expect(currentHref(items, "/account/oem/company/delete")).toBe("/account/oem/company");
    expect(currentHref(items, "/account/oem/news")).toBeUndefined();
  });
});

describe("sidebar 「チケットを購入」", () => {
  it("comes back to the supplier page it was clicked on (redirectTo), like the in-page button", () => {
    const id = "0b7c3f0e-6f1e-4d5b-9a59-3c1f1c7f2a10";
    expect(sidebarTicketBuyHref(`/account/oem/contact/${id}`)).toBe(
      `/account/oem/ticket-buy?redirectTo=${encodeURIComponent(`/account/oem/contact/${id}`)}`,
    );
    expect(sidebarTicketBuyHref("/account/oem/recruit")).toBe(
      "/account/oem/ticket-buy?redirectTo=%2Faccount%2Foem%2Frecruit",
    );
  });

  it("has no way back from the purchase page itself, the area top or outside the area", () => {
    expect(sidebarTicketBuyHref("/account/oem/ticket-buy")).toBe("/account/oem/ticket-buy");
    expect(sidebarTicketBuyHref("/account/oem")).toBe("/account/oem/ticket-buy");
    expect(sidebarTicketBuyHref("/account/buyer/inquiry")).toBe("/account/oem/ticket-buy");
    expect(sidebarTicketBuyHref("/account/oem//evil.example")).toBe("/account/oem/ticket-buy");
  });
});
