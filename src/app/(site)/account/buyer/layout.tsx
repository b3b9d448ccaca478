import type { ReactNode } from "react";
import { requireAreaSession } from "@/components/layout/account-guard";
import { AccountLayout } from "@/components/layout/account-layout";
import { unreadCount } from "@/modules/deals/thread.service";
import { db } from "@/server/db/client";

// Signed out: to /buyer/login?redirect=…; a supplier company: to /account/oem.
// The sidebar's 「商談」 shows the company's unread deal-room messages.
export default async function BuyerAccountLayout({ children }: { children: ReactNode }) {
  const { scope } = await requireAreaSession("buyer");
  const dealUnread = await unreadCount(scope, db());
  return (
    <AccountLayout area="buyer" dealUnread={dealUnread}>
      {children}
    </AccountLayout>
  );
}
