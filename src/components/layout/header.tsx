"use client";

// Site header (spec §2): logo to /, and the main, search, login and user menus. Each menu
// toggles on its button, opening one closes the others, and all close on every route change,
// on Escape and on a click outside.

import { clsx } from "clsx";
import { usePathname } from "next/navigation";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import Link from "@/components/ui/link";
import { SpriteIcon } from "@/components/ui/sprite-icon";
import { useSession } from "@/lib/session/session-provider";
import { Avatar } from "./avatar";
import { LoginMenu, SearchMenu, UserMenu } from "./header-menus";
import { Logo } from "./logo";
import { OnRouteChange } from "./on-route-change";

export type MenuName = "main" | "search" | "login" | "user";

const MENU_IDS: Record<MenuName, string> = {
  main: "site-menu-main",
  search: "site-menu-search",
  login: "site-menu-login",
  user: "site-menu-user",
};

interface NavLink {
  label: string;
  href: string;
  external?: boolean;
}

export function mainLinks(guideUrl: string, newsHref: string | undefined): NavLink[] {
  const links: NavLink[] = [
    { label: "OEMメーカーを探す", href: "/oem/search" },
    { label: "一括問い合わせ", href: "/buyer/bulk-inquiry?step=1" },
    { label: "サービス紹介", href: "/lp" },
    { label: "ご利用ガイド", href: guideUrl, external: true },
  ];
  // News lives in the account areas; signed-out visitors have none to read.
  if (newsHref) links.push({ label: "お知らせ", href: newsHref });
  return links;
}

function isCurrent(pathname: string, href: string): boolean {
  const path = href.split("?")[0] ?? href;
  return pathname === path || pathname.startsWith(`${path}/`);
}

function NavItem({ link, pathname, className }: { link: NavLink; pathname: string; className: string }) {
  if (link.external) {
    return (
      <a href={link.href} target="_blank" rel="noopener noreferrer" className={className}>
        {link.label}
        <SpriteIcon name="external-link" className="size-3.5 text-slate-400" />
        <span className="sr-only">（新しいタブで開きます）</span>
      </a>
    );
  }
  const current = isCurrent(pathname, link.href);
  return (
    <Link href={link.href} aria-current={current ? "page" : undefined} className={className}>
      {link.label}
    </Link>
  );
}

// Phones: an icon over a tiny label, as Japanese sites do; desktop: icon and label in a row.
// The variants below are whole class lists that never set one property twice, so the header
// needs no class merging (tailwind-merge stays out of the public pages' JavaScript).
const iconBase =
  "inline-flex h-12 min-w-12 flex-col items-center justify-center gap-0.5 rounded-md px-1.5 text-[10px] leading-none font-bold text-slate-700 desktop:h-10 desktop:flex-row desktop:gap-1.5 desktop:text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-expanded:bg-slate-100";
const iconButton = `${iconBase} desktop:px-2.5`;
const accountButton = `${iconBase} desktop:pr-2.5 desktop:pl-1.5`;
const loginButton = `${iconBase} desktop:bg-brand-600 desktop:px-4 desktop:text-white desktop:hover:bg-brand-700 desktop:aria-expanded:bg-brand-700`;

export function Header({ guideUrl }: { guideUrl: string }) {
  const { status, data, userType } = useSession();
  const pathname = usePathname() ?? "/";
  const [open, setOpen] = useState<MenuName | null>(null);
  const headerRef = useRef<HTMLElement>(null);
  const buttons = useRef<Partial<Record<MenuName, HTMLButtonElement | null>>>({});

  const close = useCallback(() => setOpen(null), []);
  const toggle = (name: MenuName) => setOpen((current) => (current === name ? null : name));

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(null);
      buttons.current[open]?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (headerRef.current && !headerRef.current.contains(e.target as Node)) setOpen(null);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  const newsHref =
    userType === "client" ? "/account/buyer/news" : userType === "noLogin" ? undefined : "/account/oem/news";
  const links = mainLinks(guideUrl, newsHref);
  const displayName = data?.companyUserProfile?.name ?? data?.user.name;

  // A link inside a panel closes it even when it leads to the page already shown.
  const closeOnLink = (e: React.MouseEvent) => {
    if ((e.target as HTMLElement).closest("a")) setOpen(null);
  };

  const toggleProps = (name: MenuName) => ({
    ref: (el: HTMLButtonElement | null) => {
      buttons.current[name] = el;
    },
    type: "button" as const,
    "aria-expanded": open === name,
    "aria-controls": MENU_IDS[name],
    onClick: () => toggle(name),
  });

  return (
    <header ref={headerRef} className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <OnRouteChange onChange={close} />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-bold focus:shadow"
      >
        本文へスキップ
      </a>
      <div className="mx-auto flex h-16 w-full max-w-[1297px] items-center gap-2 px-4 desktop:h-[72px] desktop:gap-6 desktop:px-10">
        <Logo />
        <nav aria-label="メインメニュー" className="hidden desktop:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => (
              <li key={link.label}>
                <NavItem
                  link={link}
                  pathname={pathname}
                  className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-bold text-slate-700 hover:bg-slate-50 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600 aria-[current=page]:text-brand-700"
                />
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 desktop:gap-2">
          <button {...toggleProps("search")} className={iconButton}>
            <SpriteIcon name="search" className="size-5" />
            <span>検索</span>
          </button>
          {status === "loading" ? (
            <span
              aria-hidden
              className="h-12 w-12 animate-pulse rounded-md bg-slate-100 desktop:h-10 desktop:w-40"
            />
          ) : data ? (
            <button
              {...toggleProps("user")}
              className={accountButton}
              aria-label={`アカウントメニュー（${displayName ?? ""}）`}
            >
              <Avatar name={displayName} className="size-7 text-xs desktop:size-8 desktop:text-sm" />
              <span className="desktop:hidden">アカウント</span>
              <span className="hidden max-w-40 truncate desktop:inline">{displayName}</span>
              <SpriteIcon name="chevron-down" className="hidden size-4 text-slate-500 desktop:block" />
            </button>
          ) : (
            <button {...toggleProps("login")} aria-label="ログイン・会員登録" className={loginButton}>
              <SpriteIcon name="log-in" className="size-5 desktop:hidden" />
              <span className="desktop:hidden">ログイン</span>
              <span className="hidden desktop:inline">ログイン・会員登録</span>
              <SpriteIcon name="chevron-down" className="hidden size-4 desktop:block" />
            </button>
          )}
          <button {...toggleProps("main")} className={`${iconButton} desktop:hidden`}>
            {open === "main" ? (
              <SpriteIcon name="x" className="size-5" />
            ) : (
              <SpriteIcon name="menu" className="size-5" />
            )}
            <span>メニュー</span>
          </button>
        </div>
      </div>

      <div className="relative mx-auto w-full max-w-[1297px]">
        <Panel id={MENU_IDS.main} open={open === "main"} label="メニュー" className="desktop:hidden">
          <nav aria-label="メインメニュー（モバイル）" onClickCapture={closeOnLink}>
            <ul className="divide-y divide-slate-100">
              {links.map((link) => (
                <li key={link.label}>
                  <NavItem
                    link={link}
                    pathname={pathname}
                    className="flex items-center gap-1.5 px-5 py-4 text-base font-bold text-slate-800 hover:bg-slate-50 aria-[current=page]:text-brand-700"
                  />
                </li>
              ))}
            </ul>
          </nav>
        </Panel>
        <Panel id={MENU_IDS.search} open={open === "search"} label="OEMメーカーを検索">
          <SearchMenu onSubmitted={close} autoFocus={open === "search"} />
        </Panel>
        {!data && (
          <Panel id={MENU_IDS.login} open={open === "login"} label="ログイン・会員登録">
            <div onClickCapture={closeOnLink}>
              <LoginMenu />
            </div>
          </Panel>
        )}
        {data && (
          <Panel id={MENU_IDS.user} open={open === "user"} label="アカウントメニュー">
            <div onClickCapture={closeOnLink}>
              <UserMenu session={data} />
            </div>
          </Panel>
        )}
      </div>
    </header>
  );
}

function Panel({
  id,
  open,
  label,
  className,
  children,
}: {
  id: string;
  open: boolean;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-label={label}
      hidden={!open}
      className={clsx(
        // Phones: the open menu covers the page below the header, as a full-screen menu; nothing
        // half-hidden under it stays tappable as a sliver (axe target-size).
        "absolute inset-x-0 top-0 z-50 max-h-[calc(100dvh-4rem)] min-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white shadow-lg",
        "desktop:top-2 desktop:right-10 desktop:left-auto desktop:min-h-0 desktop:w-[360px] desktop:rounded-lg desktop:border",
        className,
      )}
    >
      {/* A closed menu's contents are not rendered: less to hydrate on every page's first load. */}
      {open && children}
    </section>
  );
}
