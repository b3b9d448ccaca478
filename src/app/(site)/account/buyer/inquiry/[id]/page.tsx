import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { getBuyerInquiry } from "@/modules/inquiries/inquiry.service";
import { foundOr404 } from "@/server/auth/page-lookup";
import { db } from "@/server/db/client";
import { BuyerInquiryDetailPage as Detail } from "./buyer-inquiry-detail-page";

export const metadata: Metadata = { title: "問い合わせの詳細" };

export default async function BuyerInquiryDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const { companyId, scope } = await requireAreaSession("buyer");
  const { id } = await params;
  await foundOr404(() => getBuyerInquiry(scope, db(), id));
  return <Detail key={`${companyId}:${id}`} companyId={companyId} inquiryId={id} />;
}
