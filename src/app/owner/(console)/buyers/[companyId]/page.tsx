import type { Metadata } from "next";
import { BuyerDetail } from "@/modules/companies/ui/console/companies";

export const metadata: Metadata = { title: "発注者の詳細" };

export default async function OwnerBuyerPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  return <BuyerDetail companyId={companyId} />;
}
