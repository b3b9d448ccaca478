import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { PlanCancelled } from "@/modules/billing/ui/plan";
import type { SearchParams } from "@/modules/identity/ui/form-helpers";

export const metadata: Metadata = { title: "無制限プランの解約完了" };

// ?withdrawn=1: an application was withdrawn before it started (no contract to end).
export default async function SubscribeCancelCompletePage({ searchParams }: { searchParams: SearchParams }) {
  const { companyId } = await requireAreaSession("oem");
  const withdrawn = (await searchParams).withdrawn === "1";
  return <PlanCancelled key={companyId} companyId={companyId} withdrawn={withdrawn} />;
}
