import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { PlanOverview } from "@/modules/billing/ui/plan";

export const metadata: Metadata = { title: "無制限プラン" };

// Free suppliers apply here (ADMIN); paid ones see their contract and the way to cancel.
export default async function SubscribePage() {
  const { companyId } = await requireAreaSession("oem");
  return <PlanOverview key={companyId} companyId={companyId} />;
}
