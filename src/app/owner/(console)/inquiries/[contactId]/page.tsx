import type { Metadata } from "next";
import { DealThreadsPanel } from "@/modules/deals/ui/console/deal-threads-panel";
import { InquiryDetail } from "@/modules/inquiries/ui/console/inquiry-detail";

export const metadata: Metadata = { title: "問い合わせの詳細" };

export default async function OwnerInquiryPage({ params }: { params: Promise<{ contactId: string }> }) {
  const { contactId } = await params;
  return (
    <div className="flex flex-col gap-6">
      <InquiryDetail contactId={contactId} />
      <DealThreadsPanel contactId={contactId} />
    </div>
  );
}
