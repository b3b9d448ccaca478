import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { PlanApplied } from "@/modules/billing/ui/plan";

export const metadata: Metadata = { title: "無制限プランのお申し込み完了" };

export default async function SubscribeCompletePage() {
  await requireAreaSession("oem");
  return <PlanApplied />;
}
