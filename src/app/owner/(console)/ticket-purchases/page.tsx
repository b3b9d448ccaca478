import type { Metadata } from "next";
import { Suspense } from "react";
import { PurchasesList } from "@/modules/billing/ui/console/purchases";

export const metadata: Metadata = { title: "チケット購入" };

export default function OwnerTicketPurchasesPage() {
  return (
    <Suspense>
      <PurchasesList />
    </Suspense>
  );
}
