// The account sidebar menus of spec §2 "Layout of account pages", as data, so that the
// greyed-out rules (spec §6) are tested apart from the markup.

import { safeSupplierRedirect } from "@/lib/safe-redirect";
import type { UserType } from "@/lib/session/user-type";

export type SidebarIcon =
  | "home"
  | "inquiry"
  | "account"
  | "guide"
  | "support"
  | "projects"
  | "entry"
  | "company"
  | "person"
  | "deals"
  | "orders";

export interface SidebarLink {
  label: string;
  icon?: SidebarIcon;
  href: string;
  external?: boolean;
  /** Greyed, not a link; the Japanese reason is shown as its tooltip. */
  disabledReason?: string;
  /** Unread messages shown as a badge (「未読 N件」); none when 0. */
  unread?: number;
}

export interface SidebarGroup {
  label: string;
  icon: SidebarIcon;
  children: SidebarLink[];
}

export type SidebarItem = SidebarLink | SidebarGroup;

export const isGroup = (item: SidebarItem): item is SidebarGroup => "children" in item;

export const DISABLED_REASONS = {
  entryForFree: "エントリー済み案件一覧は無制限プランでご利用いただけます",
  memberForGeneral: "メンバー管理は管理者権限のユーザーのみご利用いただけます",
  planForPaid: "無制限プランをご契約中のため、プラン設定はご利用いただけません",
} as const;

export interface SidebarMenuInput {
  area: "buyer" | "oem";
  userType: UserType;
  role: "ADMIN" | "GENERAL" | null | undefined;
  guideUrl: string;
  /** Unread deal-room messages of the company (the layout asks the deals service). */
  dealUnread?: number;
}

export function buildSidebarMenu({
  area,
  userType,
  role,
  guideUrl,
  dealUnread = 0,
}: SidebarMenuInput): SidebarItem[] {
  const guide: SidebarLink = { label: "ご利用ガイド", icon: "guide", href: guideUrl, external: true };
  const support: SidebarLink = { label: "運営へのお問い合わせ", icon: "support", href: "/support" };
  const deals = (href: string): SidebarLink => ({ label: "商談", icon: "deals", href, unread: dealUnread });
  if (area === "buyer") {
    return [
      { label: "マイページトップ", icon: "home", href: "/account/buyer" },
      { label: "問い合わせ履歴", icon: "inquiry", href: "/account/buyer/inquiry" },
      deals("/account/buyer/deals"),
      { label: "発注", icon: "orders", href: "/account/buyer/orders" },
      { label: "個人アカウント情報", icon: "account", href: "/account/buyer/account" },
      guide,
      support,
    ];
  }
  const grey = (reason: string, when: boolean) => (when ? { disabledReason: reason } : {});
  return [
    { label: "マイページトップ", icon: "home", href: "/account/oem" },
    {
      label: "案件一覧",
      icon: "projects",
      children: [
        { label: "指名案件一覧", href: "/account/oem/contact" },
        { label: "公開案件一覧", href: "/account/oem/recruit" },
      ],
    },
    {
      label: "エントリー済み案件一覧",
      icon: "entry",
      href: "/account/oem/entry",
      ...grey(DISABLED_REASONS.entryForFree, userType === "oem_free"),
    },
    deals("/account/oem/deals"),
    { label: "受注", icon: "orders", href: "/account/oem/orders" },
    {
      label: "企業設定",
      icon: "company",
      children: [
        { label: "基本情報", href: "/account/oem/company" },
        { label: "OEM情報管理", href: "/account/oem/company-information" },
        { label: "対応能力・認証", href: "/account/oem/capabilities" },
        { label: "事例管理", href: "/account/oem/case" },
        {
          label: "メンバー管理",
          href: "/account/oem/member",
          ...grey(DISABLED_REASONS.memberForGeneral, role === "GENERAL"),
        },
        // Greyed for paid users only; free users keep the link (docs/architecture.md "Pages").
        {
          label: "無制限プラン設定",
          href: "/account/oem/subscribe",
          ...grey(DISABLED_REASONS.planForPaid, userType === "oem_paid"),
        },
      ],
    },
    { label: "個人情報", icon: "person", href: "/account/oem/me" },
    guide,
    support,
  ];
}

/** Every link of a menu, groups flattened. */
export function sidebarLinks(items: SidebarItem[]): SidebarLink[] {
  return items.flatMap((i) => (isGroup(i) ? i.children : [i]));
}

/**
 * The href of the item to highlight: the longest internal link equal to the path or a
 * parent of it (/account/oem/case/edit highlights 事例管理); area tops only match exactly.
 */
export function currentHref(items: SidebarItem[], pathname: string): string | undefined {
  let best: string | undefined;
  for (const link of sidebarLinks(items)) {
    if (link.external || link.disabledReason) continue;
    const top = link.href === "/account/buyer" || link.href === "/account/oem";
    const match = pathname === link.href || (!top && pathname.startsWith(`${link.href}/`));
    if (match && (!best || link.href.length > best.length)) best = link.href;
  }
  return best;
}

const TICKET_BUY = "/account/oem/ticket-buy";

/** 「チケットを購入」 of the sidebar: back to the supplier page it was clicked on, like the in-page button. */
export function sidebarTicketBuyHref(pathname: string): string {
  const back = pathname === TICKET_BUY ? undefined : safeSupplierRedirect(pathname);
  return back ? `${TICKET_BUY}?redirectTo=${encodeURIComponent(back)}` : TICKET_BUY;
}
