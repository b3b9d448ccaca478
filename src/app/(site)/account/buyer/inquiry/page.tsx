import type { Metadata } from "next";
import { Suspense } from "react";
import { requireAreaSession } from "@/components/layout/account-guard";
import { BuyerInquiryList } from "@/modules/inquiries/ui/lists/buyer-inquiry-list";

export const metadata: Metadata = { title: "問い合わせ履歴" };

// ?contactType=BULK|NOMINATION, ?status=…, ?page=… are read in the browser (filters live in the URL).
export default async function BuyerInquiryHistoryPage() {
  const { companyId } = await requireAreaSession("buyer");
  return (
    <Suspense>
      <BuyerInquiryList key={companyId} companyId={companyId} />
    </Suspense>
  );
}
