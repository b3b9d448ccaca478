import type { Metadata } from "next";
import { Suspense } from "react";
import { DealReportsList } from "@/modules/deals/ui/console/deal-reports-list";

export const metadata: Metadata = { title: "通報メッセージ" };

export default function OwnerDealReportsPage() {
  return (
    <Suspense>
      <DealReportsList />
    </Suspense>
  );
}
