// The owner console's menu: one entry per console page, grouped as the operator works.

import { safeRedirect } from "@/lib/safe-redirect";

export interface ConsoleLink {
  href: string;
  label: string;
}

export const CONSOLE_MENU: Array<{ group: string; links: ConsoleLink[] }> = [
  { group: "概要", links: [{ href: "/owner", label: "ダッシュボード" }] },
  {
    group: "企業",
    links: [
      { href: "/owner/buyers", label: "発注者" },
      { href: "/owner/suppliers", label: "OEMメーカー" },
      { href: "/owner/certifications", label: "認証の確認" },
    ],
  },
  {
    group: "案件",
    links: [
      { href: "/owner/inquiries", label: "問い合わせ" },
      { href: "/owner/entries", label: "エントリー" },
      { href: "/owner/orders", label: "発注" },
      { href: "/owner/deal-reports", label: "通報メッセージ" },
      { href: "/owner/trust-signals", label: "不正・信頼シグナル" },
    ],
  },
  {
    group: "課金",
    links: [
      { href: "/owner/ticket-purchases", label: "チケット購入" },
      { href: "/owner/ticket-usages", label: "チケット利用" },
      { href: "/owner/plans", label: "無制限プラン" },
    ],
  },
  {
    group: "発信・受付",
    links: [
      { href: "/owner/news", label: "お知らせ" },
      { href: "/owner/leads", label: "資料請求" },
      { href: "/owner/support-requests", label: "お問い合わせ" },
    ],
  },
  {
    group: "運用",
    links: [
      { href: "/owner/outbox", label: "送信メール" },
      { href: "/owner/audit-log", label: "操作履歴" },
      { href: "/owner/master-data", label: "加工・素材・認証" },
      { href: "/owner/system", label: "システムチェック" },
    ],
  },
];

/** The menu entry a path belongs to: the longest matching prefix (/owner only for itself). */
export function currentConsoleHref(pathname: string): string | undefined {
  let best: string | undefined;
  for (const { links } of CONSOLE_MENU) {
    for (const { href } of links) {
      const hit =
        href === "/owner" ? pathname === "/owner" : pathname === href || pathname.startsWith(`${href}/`);
      if (hit && (!best || href.length > best.length)) best = href;
    }
  }
  return best;
}

/** Where the login page may send the operator back to: console paths only. */
export function safeConsoleRedirect(target: string | null | undefined): string {
  const path = safeRedirect(target);
  const pathname = path?.split(/[?#]/)[0];
  if (!pathname || !(pathname === "/owner" || pathname.startsWith("/owner/"))) return "/owner";
  if (pathname === "/owner/login" || pathname.startsWith("/owner/login/")) return "/owner";
  return path!;
}
