import type { Metadata } from "next";
import { SupplierDetail } from "@/modules/companies/ui/console/suppliers";
import { SupplierBillingPanels } from "@/modules/owner/ui/supplier-billing";

export const metadata: Metadata = { title: "OEMメーカーの詳細" };

export default async function OwnerSupplierPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  // The supplier's billing (tickets, plans, invoices) is its own section of the page.
  return <SupplierDetail companyId={companyId} billing={<SupplierBillingPanels companyId={companyId} />} />;
}
