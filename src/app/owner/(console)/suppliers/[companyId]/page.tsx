import type { Metadata } from "next";
import { SupplierBillingPanels } from "@/modules/billing/ui/console/supplier-billing";
import { SupplierDetail } from "@/modules/companies/ui/console/suppliers";

export const metadata: Metadata = { title: "OEMメーカーの詳細" };

export default async function OwnerSupplierPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  // The supplier's billing (tickets, plans, invoices) is its own section of the page.
  return <SupplierDetail companyId={companyId} billing={<SupplierBillingPanels companyId={companyId} />} />;
}
