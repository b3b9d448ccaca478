import type { ReactNode } from "react";
import { requireAreaSession } from "@/components/layout/account-guard";
import { AccountLayout } from "@/components/layout/account-layout";
import { unreadCount } from "@/modules/deals/thread.service";
import { db } from "@/server/db/client";

// Signed out: to /oem/login?redirect=…; a buyer company: to /account/buyer.
// The sidebar's 「商談」 shows the company's unread deal-room messages.
export default async function SupplierAccountLayout({ children }: { children: ReactNode }) {
  const { scope } = await requireAreaSession("oem");
  const dealUnread = await unreadCount(scope, db());
  return (
    <AccountLayout area="oem" dealUnread={dealUnread}>
      {children}
    </AccountLayout>
  );
}
