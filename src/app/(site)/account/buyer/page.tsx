import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { buyerDashboard } from "@/modules/dashboard/dashboard.service";
import { BuyerDashboardView } from "@/modules/dashboard/ui/buyer-dashboard";
import { undecidedInquiries } from "@/modules/deals/decision.service";
import { UndecidedBanner } from "@/modules/deals/ui/undecided-banner";
import { db } from "@/server/db/client";

export const metadata: Metadata = { title: "マイページ" };

export default async function BuyerMyPage() {
  const { session, scope } = await requireAreaSession("buyer");
  const [data, undecided] = await Promise.all([buyerDashboard(scope, db()), undecidedInquiries(scope, db())]);
  return (
    <>
      <UndecidedBanner items={undecided} />
      <BuyerDashboardView
        data={data}
        personName={session.companyUserProfile?.name ?? session.user.name}
        companyName={session.companyDetails?.name ?? ""}
      />
    </>
  );
}
