import type { Metadata } from "next";
import { Suspense } from "react";
import { requireAreaSession } from "@/components/layout/account-guard";
import { PageHeader } from "@/components/ui/page-parts";
import { DealThreadList } from "@/modules/deals/ui/thread-list";

export const metadata: Metadata = { title: "商談" };

// Every deal thread of the company, unread first; ?page=… is read in the browser.
export default async function DealsPage() {
  const { companyId } = await requireAreaSession("oem");
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="商談"
        lead="発注者とのメッセージ・見積の提出を、案件ごとのスレッドで進められます。"
      />
      <Suspense>
        <DealThreadList key={companyId} companyId={companyId} area="oem" />
      </Suspense>
    </div>
  );
}
