import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { compareQuotes } from "@/modules/deals/comparison.service";
import { canDecide } from "@/modules/deals/deal.policy";
import { ComparisonView } from "@/modules/deals/ui/comparison-view";
import { foundOr404 } from "@/server/auth/page-lookup";
import { db } from "@/server/db/client";

export const metadata: Metadata = { title: "見積の比較" };

export default async function CompareQuotesPage({ params }: { params: Promise<{ id: string }> }) {
  const { companyId, scope } = await requireAreaSession("buyer");
  const { id } = await params;
  await foundOr404(() => compareQuotes(scope, db(), id));
  return (
    <ComparisonView
      key={`${companyId}:${id}`}
      companyId={companyId}
      inquiryId={id}
      canDecide={canDecide(scope.role)}
    />
  );
}
