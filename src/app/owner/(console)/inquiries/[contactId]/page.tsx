import type { Metadata } from "next";
import { InquiryDetail } from "@/modules/inquiries/ui/console/inquiry-detail";

export const metadata: Metadata = { title: "問い合わせの詳細" };

export default async function OwnerInquiryPage({ params }: { params: Promise<{ contactId: string }> }) {
  const { contactId } = await params;
  return <InquiryDetail contactId={contactId} />;
}
