import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { orderOf } from "@/modules/orders/order-read.service";
import { OrderPage } from "@/modules/orders/ui/order-page";
import { foundOr404 } from "@/server/auth/page-lookup";
import { db } from "@/server/db/client";

export const metadata: Metadata = { title: "発注" };

export default async function OrderDetailPage({ params }: { params: Promise<{ orderId: string }> }) {
  const { companyId, scope } = await requireAreaSession("buyer");
  const { orderId } = await params;
  // The 404 before streaming; the opening is recorded by the browser's GET, not by this lookup.
  await foundOr404(() => orderOf(scope, db(), orderId));
  return (
    <OrderPage
      key={`${companyId}:${orderId}`}
      companyId={companyId}
      orderId={orderId}
      area="buyer"
      role={scope.role}
    />
  );
}
