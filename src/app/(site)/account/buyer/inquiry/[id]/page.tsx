import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { BuyerInquiryDeals } from "@/modules/deals/ui/inquiry-deal-links";
import { getBuyerInquiry } from "@/modules/inquiries/inquiry.service";
import { BuyerInquiryDetail } from "@/modules/inquiries/ui/lists/buyer-inquiry-detail";
import { foundOr404 } from "@/server/auth/page-lookup";
import { db } from "@/server/db/client";

export const metadata: Metadata = { title: "問い合わせの詳細" };

export default async function BuyerInquiryDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const { companyId, scope } = await requireAreaSession("buyer");
  const { id } = await params;
  await foundOr404(() => getBuyerInquiry(scope, db(), id));
  return (
    <BuyerInquiryDetail
      key={`${companyId}:${id}`}
      companyId={companyId}
      inquiryId={id}
      deals={<BuyerInquiryDeals companyId={companyId} inquiryId={id} />}
    />
  );
}
