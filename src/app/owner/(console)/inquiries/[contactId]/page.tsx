import type { Metadata } from "next";
import { InquiryDetail } from "@/modules/owner/ui/inquiries";

export const metadata: Metadata = { title: "問い合わせの詳細" };

export default async function OwnerInquiryPage({ params }: { params: Promise<{ contactId: string }> }) {
  const { contactId } = await params;
  return <InquiryDetail contactId={contactId} />;
}
