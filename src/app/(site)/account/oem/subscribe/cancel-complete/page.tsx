import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { requireAreaSession } from "@/components/layout/account-guard";
import type { SearchParams } from "@/lib/form-helpers";
import { currentContract, latestContract } from "@/modules/billing/billing.repository";
import { PlanCancelled } from "@/modules/billing/ui/plan";
import { db } from "@/server/db/client";

export const metadata: Metadata = { title: "無制限プランの解約完了" };

// ?withdrawn=1: an application was withdrawn before it started (no contract to end).
// Confirms only what happened: a cancellation scheduled for the month's end, or (withdrawn) a
// newest application that ended without ever starting; else back to the cancel page.
export default async function SubscribeCancelCompletePage({ searchParams }: { searchParams: SearchParams }) {
  const { companyId } = await requireAreaSession("oem");
  const withdrawn = (await searchParams).withdrawn === "1";
  const happened = withdrawn
    ? await (async () => {
        if (await currentContract(db(), companyId)) return false;
        const last = await latestContract(db(), companyId);
        return last?.status === "ENDED" && !last.startsOn && Boolean(last.cancelRequestedAt);
      })()
    : (await currentContract(db(), companyId))?.status === "CANCEL_SCHEDULED";
  if (!happened) redirect("/account/oem/subscribe/cancel");
  return <PlanCancelled key={companyId} companyId={companyId} withdrawn={withdrawn} />;
}
