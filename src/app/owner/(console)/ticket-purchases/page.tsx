import type { Metadata } from "next";
import { Suspense } from "react";
import { PurchasesList } from "@/modules/owner/ui/billing";

export const metadata: Metadata = { title: "チケット購入" };

export default function OwnerTicketPurchasesPage() {
  return (
    <Suspense>
      <PurchasesList />
    </Suspense>
  );
}
