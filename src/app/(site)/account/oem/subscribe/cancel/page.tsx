import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { PlanCancel } from "@/modules/billing/ui/plan";

export const metadata: Metadata = { title: "無制限プランの解約" };

export default async function SubscribeCancelPage() {
  const { companyId } = await requireAreaSession("oem");
  return <PlanCancel key={companyId} companyId={companyId} />;
}
