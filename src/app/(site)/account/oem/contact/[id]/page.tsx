import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { SupplierInquiryDetail } from "@/modules/inquiries/ui/lists/supplier-inquiry-detail";

export const metadata: Metadata = { title: "指名案件の詳細" };

export default async function NominatedRecruitDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const { companyId } = await requireAreaSession("oem");
  const { id } = await params;
  return (
    <SupplierInquiryDetail key={`${companyId}:${id}`} companyId={companyId} inquiryId={id} kind="contact" />
  );
}
