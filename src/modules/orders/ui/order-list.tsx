"use client";

// /account/buyer/orders and /account/oem/orders: the company's orders, newest first, page after
// page by the API's keyset cursor (「さらに表示」); a table on desktop, cards on phones.
import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { EmptyList } from "@/components/ui/list-parts";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { formatDate, formatDateTime } from "@/lib/japanese-date";
import { yenSuffixed } from "@/lib/yen";
import type { OrderSummary } from "@/modules/orders/order-view.schema";
import { type OrderArea, orderHref, orderPaths, useOrderPages } from "./order-page-api";
import { OrderStatusBadge } from "./order-terms-view";

const opened = (o: OrderSummary) => (o.firstOpenedAt ? formatDateTime(o.firstOpenedAt) : "未開封");
/** The table's 開封 column: the date is enough there (the time is in its title and on the order page). */
const openedDay = (o: OrderSummary) => (o.firstOpenedAt ? formatDate(o.firstOpenedAt) : "未開封");

export function OrderList({ companyId, area }: { companyId: string; area: OrderArea }) {
  const pages = useOrderPages(orderPaths(companyId));
  const { data, error, size, setSize, isValidating, mutate } = pages;
  if (error && !data) return <LoadError error={error} onRetry={() => void mutate()} />;
  if (!data) return <LoadingBlock rows={2} />;
  const items = data.flatMap((p) => p.items);
  const more = data.at(-1)?.nextCursor ?? null;
  const loadingMore = isValidating && data.length < size;
  if (items.length === 0)
    return (
      <EmptyList>
        {area === "buyer"
          ? "発注はまだありません。商談で発注先を決めると、ここに発注書が表示されます。"
          : "受注した発注はまだありません。発注者から発注書が届くと、ここに表示されます。"}
      </EmptyList>
    );
  const counterpart = area === "buyer" ? "受注者" : "発注者";
  return (
    <div className="flex flex-col gap-4">
      <div className="hidden overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm desktop:block">
        <table className="w-full text-sm">
          <caption className="sr-only">発注の一覧</caption>
          <thead className="bg-slate-50 text-xs text-slate-600">
            <tr>
              {["発注番号", "件名", counterpart, "状態", "合計（税込）", "発注日", "開封"].map((h) => (
                <th
                  key={h}
                  scope="col"
                  className={`px-3 py-2.5 whitespace-nowrap ${h === "合計（税込）" ? "text-right" : "text-left"}`}
                >
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {items.map((o) => (
              <tr key={o.id} className="hover:bg-slate-50">
                <td className="px-3 py-3 whitespace-nowrap tabular-nums">
                  <Link
                    href={orderHref(area, o.id)}
                    className="font-bold text-brand-700 underline-offset-4 hover:underline"
                  >
                    {o.number}
                  </Link>
                </td>
                <td className="min-w-40 px-3 py-3 break-words">{o.title}</td>
                <td className="min-w-32 px-3 py-3">{o.counterpartName}</td>
                <td className="px-3 py-3">
                  <span className="flex flex-col items-start gap-1 whitespace-nowrap">
                    <OrderStatusBadge status={o.status} />
                    {o.pendingVersion !== null && <span className="badge badge-gold">変更の承諾待ち</span>}
                  </span>
                </td>
                <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                  {yenSuffixed(o.totalYen)}
                </td>
                <td className="px-3 py-3 whitespace-nowrap">{formatDate(o.issuedAt)}</td>
                <td className="px-3 py-3 whitespace-nowrap text-slate-600" title={opened(o)}>
                  {openedDay(o)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label="発注の一覧" className="flex flex-col gap-3 desktop:hidden">
        {items.map((o) => (
          <li key={o.id}>
            <Link
              href={orderHref(area, o.id)}
              className="flex flex-col gap-1.5 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className="flex flex-wrap items-center gap-2">
                <OrderStatusBadge status={o.status} />
                {o.pendingVersion !== null && <span className="badge badge-gold">変更の承諾待ち</span>}
                <span className="font-bold text-slate-600 tabular-nums">{o.number}</span>
              </span>
              <span className="text-base font-bold break-words text-brand-700">{o.title}</span>
              <span className="text-slate-700">
                {counterpart}：{o.counterpartName}
              </span>
              <span className="flex flex-wrap justify-between gap-x-4 text-slate-600">
                <span>
                  発注日 {formatDate(o.issuedAt)}・
                  {o.firstOpenedAt ? `開封 ${formatDateTime(o.firstOpenedAt)}` : "未開封"}
                </span>
                <span className="font-bold text-slate-900 tabular-nums">{yenSuffixed(o.totalYen)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {more && (
        <Button
          variant="outline"
          className="self-center"
          disabled={loadingMore}
          onClick={() => void setSize(size + 1)}
        >
          {loadingMore && <Loader2 aria-hidden className="size-4 animate-spin" />}
          さらに表示
        </Button>
      )}
    </div>
  );
}
