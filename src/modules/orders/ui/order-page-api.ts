"use client";

// The orders API's paths (src/api/routes/orders.ts) and the SWR hooks of the order pages.
import useSWR from "swr";
import useSWRInfinite from "swr/infinite";
import type { OrderDetail, OrdersPage } from "@/modules/orders/order-view.schema";

export type OrderArea = "buyer" | "oem";

export const orderPaths = (companyId: string) => {
  const base = `/api/orders/company/${encodeURIComponent(companyId)}`;
  const order = (orderId: string) => `${base}/orders/${encodeURIComponent(orderId)}`;
  return {
    list: (q: { threadId?: string; cursor?: string } = {}) => {
      const p = new URLSearchParams();
      if (q.threadId) p.set("threadId", q.threadId);
      if (q.cursor) p.set("cursor", q.cursor);
      const s = p.toString();
      return s ? `${base}/orders?${s}` : `${base}/orders`;
    },
    order,
    answer: (orderId: string) => `${order(orderId)}/answer`,
    changes: (orderId: string) => `${order(orderId)}/changes`,
    changeAnswer: (orderId: string, version: number) => `${order(orderId)}/changes/${version}/answer`,
    supplements: (orderId: string) => `${order(orderId)}/supplements`,
    consultations: (orderId: string) => `${order(orderId)}/price-consultations`,
    consultationAnswer: (orderId: string, consultationId: string) =>
      `${order(orderId)}/price-consultations/${encodeURIComponent(consultationId)}/answer`,
    recordCsv: (orderId: string) => `${order(orderId)}/record/csv`,
    recordPdf: (orderId: string) => `${order(orderId)}/record/pdf`,
    /** Evidence of a price consultation is uploaded where the deal room's files go. */
    files: `/api/deals/company/${encodeURIComponent(companyId)}/files`,
  };
};
export type OrderPaths = ReturnType<typeof orderPaths>;

/** The order page of a side. */
export const orderHref = (area: OrderArea, orderId: string) =>
  `/account/${area}/orders/${encodeURIComponent(orderId)}`;

export function useOrder(paths: OrderPaths, orderId: string) {
  return useSWR<OrderDetail>(paths.order(orderId));
}

/** The company's orders (optionally one thread's), page after page by the keyset cursor. */
export function useOrderPages(paths: OrderPaths, threadId?: string) {
  return useSWRInfinite<OrdersPage>((index, previous: OrdersPage | null) => {
    if (index === 0) return paths.list({ threadId });
    if (!previous?.nextCursor) return null;
    return paths.list({ threadId, cursor: previous.nextCursor });
  });
}
