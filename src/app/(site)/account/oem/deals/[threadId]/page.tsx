import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { getThreadDetail } from "@/modules/deals/thread.service";
import { DealThreadView } from "@/modules/deals/ui/thread-view";
import { ThreadOrdersPanel } from "@/modules/orders/ui/thread-orders-panel";
import { foundOr404 } from "@/server/auth/page-lookup";
import { db } from "@/server/db/client";

export const metadata: Metadata = { title: "商談スレッド" };

export default async function DealThreadPage({ params }: { params: Promise<{ threadId: string }> }) {
  const { companyId, scope } = await requireAreaSession("oem");
  const { threadId } = await params;
  await foundOr404(() => getThreadDetail(scope, db(), threadId));
  return (
    <DealThreadView
      key={`${companyId}:${threadId}`}
      companyId={companyId}
      threadId={threadId}
      area="oem"
      ordersPanel={<ThreadOrdersPanel companyId={companyId} threadId={threadId} area="oem" />}
    />
  );
}
