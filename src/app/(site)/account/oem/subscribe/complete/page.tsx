import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { requireAreaSession } from "@/components/layout/account-guard";
import { planStepDone } from "@/modules/billing/billing.service";
import { PlanApplied } from "@/modules/billing/ui/plan";
import { db } from "@/server/db/client";

export const metadata: Metadata = { title: "無制限プランのお申し込み完了" };

// Confirms only an application that exists and waits for the operator; else back to the plan page.
export default async function SubscribeCompletePage() {
  const { scope } = await requireAreaSession("oem");
  if (!(await planStepDone(scope, db(), "APPLIED"))) redirect("/account/oem/subscribe");
  return <PlanApplied />;
}
