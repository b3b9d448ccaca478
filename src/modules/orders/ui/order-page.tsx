"use client";

// /account/buyer/orders/{orderId} and /account/oem/orders/{orderId}: loads the order (the
// supplier's first load records the opening) and revalidates it after every action.
import { ApiErrorScreen } from "@/components/layout/error-screen";
import { LoadingBlock } from "@/components/ui/load-state";
import type { MemberRole } from "./order-actions";
import { OrderDetailView } from "./order-detail-view";
import { type OrderArea, orderPaths, useOrder } from "./order-page-api";

export function OrderPage({
  companyId,
  orderId,
  area,
  role,
}: {
  companyId: string;
  orderId: string;
  area: OrderArea;
  role: MemberRole;
}) {
  const paths = orderPaths(companyId);
  const order = useOrder(paths, orderId);
  if (order.error && !order.data) return <ApiErrorScreen error={order.error} />;
  if (!order.data) return <LoadingBlock rows={4} />;
  return (
    <OrderDetailView
      order={order.data}
      role={role}
      area={area}
      paths={paths}
      onChanged={() => order.mutate()}
    />
  );
}
