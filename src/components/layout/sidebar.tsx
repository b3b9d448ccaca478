"use client";

// The account sidebar (spec §2): only when logged in, the current item highlighted, the
// greyed items of spec §6. It reads the live session, so the ticket count follows update();
// until the browser session has loaded it shows the session the server rendered with.
import {
  BookOpen,
  Building2,
  ChevronDown,
  ClipboardList,
  ExternalLink,
  FileCheck2,
  FileText,
  Handshake,
  House,
  IdCard,
  Lock,
  Mail,
  MessagesSquare,
  UserRound,
} from "lucide-react";
import { usePathname } from "next/navigation";
import { useCallback, useId, useState } from "react";
import useSWR from "swr";
import Link from "@/components/ui/link";
import { cn } from "@/lib/cn";
import { useSession } from "@/lib/session/session-provider";
import type { SessionUser } from "@/lib/session/session-user";
import { userTypeOf } from "@/lib/session/user-type";
import { AccountHeader } from "./account-header";
import { Avatar } from "./avatar";
import { OnRouteChange } from "./on-route-change";
import {
  buildSidebarMenu,
  currentHref,
  isGroup,
  type SidebarIcon,
  type SidebarLink,
  sidebarTicketBuyHref,
} from "./sidebar-menu";

const ICONS: Record<SidebarIcon, typeof House> = {
  home: House,
  inquiry: MessagesSquare,
  account: UserRound,
  guide: BookOpen,
  support: Mail,
  projects: ClipboardList,
  entry: FileCheck2,
  company: Building2,
  person: IdCard,
  deals: Handshake,
  orders: FileText,
};

/** How often the sidebar asks for the unread count of the deal room (the thread page refreshes it too). */
const UNREAD_POLL_MS = 60_000;

function UnreadCount({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      role="img"
      aria-label={`未読 ${count}件`}
      className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold text-white tabular-nums"
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}

const row = "flex min-h-11 items-center gap-3 rounded-md px-3 py-2 text-sm";

function SidebarEntry({ link, current, nested }: { link: SidebarLink; current: boolean; nested?: boolean }) {
  const reasonId = useId();
  const Icon = link.icon ? ICONS[link.icon] : undefined;
  const icon = Icon ? <Icon aria-hidden className="size-[18px] shrink-0" /> : null;
  const indent = nested ? "pl-10" : "";
  if (link.disabledReason) {
    return (
      <span
        aria-disabled="true"
        aria-describedby={reasonId}
        title={link.disabledReason}
        className={cn(row, indent, "cursor-not-allowed text-slate-400")}
      >
        {icon}
        <span className="flex-1">{link.label}</span>
        <Lock aria-hidden className="size-3.5 shrink-0" />
        <span id={reasonId} hidden>
          {link.disabledReason}
        </span>
      </span>
    );
  }
  const className = cn(
    row,
    indent,
    "font-bold text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600",
    current && "bg-brand-50 text-brand-700 hover:bg-brand-50 hover:text-brand-700",
  );
  if (link.external) {
    return (
      <a href={link.href} target="_blank" rel="noopener noreferrer" className={className}>
        {icon}
        <span className="flex-1">{link.label}</span>
        <ExternalLink aria-hidden className="size-3.5 shrink-0 text-slate-400" />
        <span className="sr-only">（新しいタブで開きます）</span>
      </a>
    );
  }
  return (
    <Link href={link.href} aria-current={current ? "page" : undefined} className={className}>
      {icon}
      <span className="flex-1">{link.label}</span>
      {link.unread !== undefined && <UnreadCount count={link.unread} />}
    </Link>
  );
}

export function AccountSidebar({
  area,
  initial,
  guideUrl,
  dealUnread = 0,
}: {
  area: "buyer" | "oem";
  /** The session the server rendered the page with. */
  initial: SessionUser;
  guideUrl: string;
  /** The deal room's unread count when the server rendered the layout; kept fresh from the API. */
  dealUnread?: number;
}) {
  const { status, data } = useSession();
  const companyId = (status === "loading" ? initial : data)?.companyDetails?.id;
  // GET /api/deals/company/{companyId}/unread (the thread page revalidates this key after reading).
  const unread = useSWR<{ unread: number }>(companyId ? `/api/deals/company/${companyId}/unread` : null, {
    fallbackData: { unread: dealUnread },
    refreshInterval: UNREAD_POLL_MS,
    revalidateOnMount: false,
  });
  const pathname = usePathname() ?? "";
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const panelId = useId();

  const session: SessionUser | null = status === "loading" ? initial : data;
  if (!session) return null; // spec §2: no sidebar without a login

  const userType = userTypeOf(session);
  const items = buildSidebarMenu({
    area,
    userType,
    role: session.companyUserProfile?.role,
    guideUrl,
    dealUnread: unread.data?.unread ?? dealUnread,
  });
  const current = currentHref(items, pathname);
  const name = session.companyUserProfile?.name ?? session.user.name;

  return (
    <aside aria-label="マイページメニュー" className="desktop:w-[288px] desktop:shrink-0">
      <OnRouteChange onChange={close} />
      {/* Phones and tablets: a bar that opens the menu above the content. */}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-left shadow-sm desktop:hidden"
      >
        <Avatar name={name} />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-bold text-slate-900">{name}</span>
          <span className="block truncate text-xs text-slate-600">{session.companyDetails?.name}</span>
        </span>
        {!open && <UnreadCount count={unread.data?.unread ?? dealUnread} />}
        <span className="flex shrink-0 items-center gap-1 text-sm font-bold text-brand-700">
          <span className="sr-only">マイページ</span>
          メニュー
          <ChevronDown aria-hidden className={cn("size-4 transition-transform", open && "rotate-180")} />
        </span>
      </button>
      <div
        id={panelId}
        className={cn(
          "mt-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm desktop:mt-0 desktop:block",
          open ? "block" : "hidden",
        )}
      >
        {/* On small screens the person is on the bar already; the supplier's actions stay here. */}
        <div
          className={cn(
            "mb-3 border-b border-slate-100 pb-4",
            userType === "client" && "hidden desktop:block",
          )}
        >
          <AccountHeader
            session={session}
            userType={userType}
            personClassName="hidden desktop:flex"
            ticketBuyHref={sidebarTicketBuyHref(pathname)}
          />
        </div>
        <nav aria-label="マイページ">
          <ul className="flex flex-col gap-0.5">
            {items.map((item) =>
              isGroup(item) ? (
                <li key={item.label}>
                  <GroupLabel label={item.label} icon={item.icon} />
                  <ul className="flex flex-col gap-0.5">
                    {item.children.map((child) => (
                      <li key={child.href}>
                        <SidebarEntry link={child} current={current === child.href} nested />
                      </li>
                    ))}
                  </ul>
                </li>
              ) : (
                <li key={item.href}>
                  <SidebarEntry link={item} current={current === item.href} />
                </li>
              ),
            )}
          </ul>
        </nav>
      </div>
    </aside>
  );
}

function GroupLabel({ label, icon }: { label: string; icon: SidebarIcon }) {
  const Icon = ICONS[icon];
  return (
    <p className={cn(row, "font-bold text-slate-500")}>
      <Icon aria-hidden className="size-[18px] shrink-0" />
      {label}
    </p>
  );
}
