import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { MonthlyChart } from "@/modules/billing/ui/monthly-chart";
import { supplierDashboard } from "@/modules/dashboard/dashboard.service";
import { SupplierDashboardView } from "@/modules/dashboard/ui/supplier-dashboard";
import { db } from "@/server/db/client";

export const metadata: Metadata = { title: "マイページ" };

export default async function SupplierMyPage() {
  const { session, companyId } = await requireAreaSession("oem");
  const data = await supplierDashboard(db(), companyId);
  return (
    <SupplierDashboardView
      data={data}
      personName={session.companyUserProfile?.name ?? session.user.name}
      companyName={session.companyDetails?.name ?? ""}
      monthlyChart={<MonthlyChart />}
    />
  );
}
