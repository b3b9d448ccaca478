import type { Metadata } from "next";
import { Suspense } from "react";
import { OrdersConsole } from "@/modules/orders/ui/console/orders-console";

export const metadata: Metadata = { title: "発注" };

export default function OwnerOrdersPage() {
  return (
    <Suspense>
      <OrdersConsole />
    </Suspense>
  );
}
