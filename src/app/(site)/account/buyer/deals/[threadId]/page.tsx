import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { getThreadDetail } from "@/modules/deals/thread.service";
import { DealThreadView } from "@/modules/deals/ui/thread-view";
import { ThreadOrdersPanel } from "@/modules/orders/ui/thread-orders-panel";
import { foundOr404 } from "@/server/auth/page-lookup";
import { db } from "@/server/db/client";

export const metadata: Metadata = { title: "商談スレッド" };

export default async function DealThreadPage({ params }: { params: Promise<{ threadId: string }> }) {
  const { companyId, scope } = await requireAreaSession("buyer");
  const { threadId } = await params;
  const thread = await foundOr404(() => getThreadDetail(scope, db(), threadId));
  // A further order (再発注, or after a 差し戻し) on an awarded thread; on a quoted one the way in is
  // 「発注先に決定」, which opens the same form. The API decides the rest.
  const mayOrder = thread.canDecide && thread.lockedReason === null && thread.status === "AWARDED";
  return (
    <DealThreadView
      key={`${companyId}:${threadId}`}
      companyId={companyId}
      threadId={threadId}
      area="buyer"
      ordersPanel={
        <ThreadOrdersPanel
          companyId={companyId}
          threadId={threadId}
          area="buyer"
          orderFormHref={mayOrder ? `/account/buyer/deals/${encodeURIComponent(threadId)}/order` : undefined}
        />
      }
    />
  );
}
