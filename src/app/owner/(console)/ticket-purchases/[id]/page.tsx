import type { Metadata } from "next";
import { PurchaseDetail } from "@/modules/billing/ui/console/purchases";

export const metadata: Metadata = { title: "チケット購入の詳細" };

export default async function OwnerTicketPurchasePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <PurchaseDetail purchaseId={id} />;
}
