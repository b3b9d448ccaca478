import type { Metadata } from "next";
import { SupplierDetail } from "@/modules/owner/ui/suppliers";

export const metadata: Metadata = { title: "OEMメーカーの詳細" };

export default async function OwnerSupplierPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  return <SupplierDetail companyId={companyId} />;
}
