"use client";

// The 「発注」 panel of a deal thread: this thread's orders (number, state, total) with links to
// their pages, and for the buyer's ADMIN the way to the order form. It replaces the old 発注書 PDF
// that guessed the quantity from the inquiry's free text.
import { FilePlus2, FileText } from "lucide-react";
import { Button } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { DetailSection } from "@/components/ui/list-parts";
import { LoadError } from "@/components/ui/load-state";
import { formatDate } from "@/lib/japanese-date";
import { yenSuffixed } from "@/lib/yen";
import { type OrderArea, orderHref, orderPaths, useOrderPages } from "./order-page-api";
import { OrderStatusBadge } from "./order-terms-view";

export function ThreadOrdersPanel({
  companyId,
  threadId,
  area,
  orderFormHref,
}: {
  companyId: string;
  threadId: string;
  area: OrderArea;
  /** The order form, when the viewer may issue an order on this thread (buyer ADMIN). */
  orderFormHref?: string;
}) {
  const { data, error, mutate } = useOrderPages(orderPaths(companyId), threadId);
  const items = data?.flatMap((p) => p.items) ?? [];
  if (data && items.length === 0 && !orderFormHref) return null;
  return (
    <DetailSection id="deal-orders" title="発注">
      <div className="flex flex-col gap-3">
        {error && !data && <LoadError error={error} onRetry={() => void mutate()} />}
        {data && items.length === 0 && (
          <p className="text-sm leading-6 text-slate-700">この商談の発注書はまだありません。</p>
        )}
        {items.length > 0 && (
          <ul className="flex flex-col gap-2">
            {items.map((o) => (
              <li key={o.id}>
                <Link
                  href={orderHref(area, o.id)}
                  className="flex flex-col gap-1 rounded-md border border-slate-200 px-3 py-2.5 text-sm hover:border-brand-600/50 hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <span className="flex flex-wrap items-center gap-2">
                    <FileText aria-hidden className="size-4 shrink-0 text-slate-500" />
                    <span className="font-bold text-brand-700 tabular-nums">{o.number}</span>
                    <OrderStatusBadge status={o.status} />
                  </span>
                  <span className="flex flex-wrap justify-between gap-x-3 text-slate-600">
                    <span>発注日 {formatDate(o.issuedAt)}</span>
                    <span className="font-bold text-slate-900 tabular-nums">
                      合計 {yenSuffixed(o.totalYen)}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {orderFormHref && (
          <Button asChild variant={items.length > 0 ? "outline" : "primary"}>
            <Link href={orderFormHref}>
              <FilePlus2 aria-hidden className="size-4" />
              {items.length > 0 ? "新しい発注書を作成" : "発注書を作成"}
            </Link>
          </Button>
        )}
      </div>
    </DetailSection>
  );
}
