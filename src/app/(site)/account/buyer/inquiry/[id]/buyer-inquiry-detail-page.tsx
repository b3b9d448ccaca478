"use client";

// The buyer's inquiry detail with the deal room's parts (threads per supplier, and the entry price
// cell that defers to the thread's quote), composed here in the route layer.
import { EntryPriceFact } from "@/modules/deals/ui/entry-price";
import { BuyerInquiryDeals } from "@/modules/deals/ui/inquiry-deal-links";
import { BuyerInquiryDetail } from "@/modules/inquiries/ui/lists/buyer-inquiry-detail";

export function BuyerInquiryDetailPage({ companyId, inquiryId }: { companyId: string; inquiryId: string }) {
  return (
    <BuyerInquiryDetail
      companyId={companyId}
      inquiryId={inquiryId}
      deals={<BuyerInquiryDeals companyId={companyId} inquiryId={inquiryId} />}
      EntryPrice={EntryPriceFact}
    />
  );
}
