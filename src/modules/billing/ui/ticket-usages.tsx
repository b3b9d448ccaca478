"use client";

import { useState } from "react";
import useSWR from "swr";
import type { z } from "zod";
import { Badge } from "@/components/ui/card";
// The supplier's ticket usage history on /account/oem/ticket-buy (#ticket-usages)
// (GET /api/billing/ticket_usage/company/{companyId}?page=&perPage=): each nomination a ticket
// opened, and a ticket that came back as 「返却済み」 with its date and reason (docs/trust.md "Refund").
import Link from "@/components/ui/link";
import type { Paged } from "@/components/ui/list-parts";
import { LoadError } from "@/components/ui/load-state";
import { Pager } from "@/components/ui/pager";
import { formatDate, formatDateTime } from "@/lib/japanese-date";
import type { ticketUsageHistoryItem } from "@/modules/billing/billing.schema";

type Usage = z.infer<typeof ticketUsageHistoryItem>;
const PER_PAGE = 10;

/** The page that explains when a ticket comes back. */
export const TICKET_REFUND_GUIDE = "/guide/ticket-refund";

export function TicketUsageHistory({ companyId }: { companyId: string }) {
  const [page, setPage] = useState(1);
  const { data, error, mutate } = useSWR<Paged<Usage>>(
    `/api/billing/ticket_usage/company/${companyId}?page=${page}&perPage=${PER_PAGE}`,
    { keepPreviousData: true },
  );
  return (
    <section
      id="ticket-usages"
      aria-labelledby="ticket-usages-title"
      className="scroll-mt-20 rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <h2
        id="ticket-usages-title"
        className="border-b border-slate-100 px-4 py-3 text-base font-bold text-slate-900 desktop:px-6"
      >
        チケットの使用履歴
      </h2>
      <div className="flex flex-col gap-4 px-4 py-4 desktop:px-6">
        <RefundNote />
        {error ? (
          <LoadError error={error} onRetry={() => void mutate()} />
        ) : !data ? (
          <div className="h-24 animate-pulse rounded-md bg-slate-100" />
        ) : data.items.length === 0 ? (
          <p className="text-sm text-slate-600">チケットを使用した案件はまだありません。</p>
        ) : (
          <>
            <ul className="flex flex-col divide-y divide-slate-100">
              {data.items.map((u) => (
                <li
                  key={u.id}
                  className="flex flex-col gap-1.5 py-3 text-sm desktop:flex-row desktop:items-start desktop:justify-between desktop:gap-6"
                >
                  <div className="min-w-0">
                    <Link
                      href={`/account/oem/contact/${u.inquiry.id}`}
                      className="font-bold break-words text-brand-700 underline-offset-4 hover:underline"
                    >
                      {u.inquiry.title}
                    </Link>
                    <p className="mt-0.5 text-xs text-slate-600">
                      使用日時 <time dateTime={u.usedAt}>{formatDateTime(u.usedAt)}</time>
                    </p>
                  </div>
                  <UsageState usage={u} />
                </li>
              ))}
            </ul>
            <Pager
              page={page}
              perPage={PER_PAGE}
              total={data.total}
              onPage={setPage}
              label="チケット使用履歴のページ送り"
            />
          </>
        )}
      </div>
    </section>
  );
}

function UsageState({ usage: u }: { usage: Usage }) {
  if (u.refund) {
    return (
      <div className="flex flex-col gap-1 desktop:max-w-[360px] desktop:items-end desktop:text-right">
        <p className="flex flex-wrap items-center gap-2">
          <Badge tone="green">返却済み</Badge>
          <time dateTime={u.refund.refundedAt} className="text-xs text-slate-700 tabular-nums">
            {formatDate(u.refund.refundedAt)}
          </time>
        </p>
        <p className="text-xs leading-5 text-slate-600">{u.refund.reason}</p>
        {u.refund.kind === "NO_REPLY" && (
          <p className="text-xs leading-5 text-slate-600">商談スレッドと連絡先は引き続きご覧いただけます。</p>
        )}
      </div>
    );
  }
  if (u.refundDueAt) {
    return (
      <div className="flex flex-col gap-1 desktop:max-w-[360px] desktop:items-end desktop:text-right">
        <Badge tone="gold">発注者の返信待ち</Badge>
        <p className="text-xs leading-5 text-slate-600">
          <time dateTime={u.refundDueAt}>{formatDateTime(u.refundDueAt)}</time>
          までに開封・返信がなければ、チケットは自動で返却されます。
        </p>
      </div>
    );
  }
  return (
    <div className="desktop:text-right">
      <Badge tone="slate">使用済み</Badge>
    </div>
  );
}

/** When a ticket comes back, in one sentence, with the guide. */
export function RefundNote({ className }: { className?: string }) {
  return (
    <p className={className ?? "rounded-md bg-slate-50 p-3 text-xs leading-5 text-slate-700 desktop:text-sm"}>
      チケットを使ってメッセージを送った後、発注者が5営業日以内に開封・返信しない場合、チケットは自動で返却されます。{" "}
      <Link
        href={TICKET_REFUND_GUIDE}
        className="font-bold text-brand-700 underline underline-offset-4 hover:no-underline"
      >
        チケットの返却について
      </Link>
    </p>
  );
}
