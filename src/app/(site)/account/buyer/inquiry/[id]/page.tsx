import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { BuyerInquiryDetail } from "@/modules/inquiries/ui/lists/buyer-inquiry-detail";

export const metadata: Metadata = { title: "問い合わせの詳細" };

export default async function BuyerInquiryDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const { companyId } = await requireAreaSession("buyer");
  const { id } = await params;
  return <BuyerInquiryDetail key={`${companyId}:${id}`} companyId={companyId} inquiryId={id} />;
}
