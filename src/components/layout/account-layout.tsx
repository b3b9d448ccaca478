// The frame of every account page: the sidebar beside the content (above it on phones).
import type { ReactNode } from "react";
import { siteLinks } from "@/lib/site-links";
import { type AccountArea, requireAreaSession } from "./account-guard";
import { AccountSidebar } from "./sidebar";

export async function AccountLayout({
  area,
  dealUnread,
  children,
}: {
  area: AccountArea;
  /** The deal room's unread count for the sidebar's 「商談」 (the area's layout asks the deals service). */
  dealUnread?: number;
  children: ReactNode;
}) {
  const { session } = await requireAreaSession(area);
  return (
    <div className="mx-auto w-full max-w-[1297px] px-4 py-6 desktop:flex desktop:items-start desktop:gap-10 desktop:px-10 desktop:py-10">
      <AccountSidebar area={area} initial={session} guideUrl={siteLinks().guide} dealUnread={dealUnread} />
      <div className="mt-6 min-w-0 flex-1 desktop:mt-0 desktop:max-w-[1080px]">{children}</div>
    </div>
  );
}
