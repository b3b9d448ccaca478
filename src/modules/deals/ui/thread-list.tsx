"use client";

// /account/buyer/deals and /account/oem/deals: every deal thread of the company, unread first
// (GET /api/deals/company/{companyId}/threads), each row a link to the thread. A supplier's
// 「受注」 tab (?status=AWARDED) lists the deals it won (issue 33 #3).
import { ChevronRight, MessagesSquare } from "lucide-react";
import { useSearchParams } from "next/navigation";
import useSWR from "swr";
import { Badge } from "@/components/ui/card";
import Link from "@/components/ui/link";
import {
  EmptyList,
  FilterTabs,
  ListFrame,
  ListPager,
  PER_PAGE,
  usePageParam,
} from "@/components/ui/list-parts";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { formatDateTime } from "@/lib/japanese-date";
import { INQUIRY_TYPE_LABEL } from "@/lib/status-labels";
import type { ThreadSummary } from "@/modules/deals/deals.schema";
import { dealPaths, type ThreadsPage } from "./deal-api";
import { DealStatusBadge, UnreadBadge } from "./deal-parts";

export type DealArea = "buyer" | "oem";

export const threadHref = (area: DealArea, threadId: string) => `/account/${area}/deals/${threadId}`;

export function DealThreadList({ companyId, area }: { companyId: string; area: DealArea }) {
  const params = useSearchParams();
  const won = area === "oem" && params?.get("status") === "AWARDED";
  return (
    <div className="flex flex-col gap-4">
      {area === "oem" && (
        <FilterTabs
          label="商談の絞り込み"
          current={won ? "AWARDED" : "ALL"}
          items={[
            { value: "ALL", label: "すべての商談", href: "/account/oem/deals" },
            { value: "AWARDED", label: "受注", href: "/account/oem/deals?status=AWARDED" },
          ]}
        />
      )}
      <Threads companyId={companyId} area={area} won={won} />
    </div>
  );
}

function Threads({ companyId, area, won }: { companyId: string; area: DealArea; won: boolean }) {
  const page = usePageParam();
  const paths = dealPaths(companyId);
  const { data, error, isLoading, mutate } = useSWR<ThreadsPage>(
    paths.threads({ page, perPage: PER_PAGE, status: won ? "AWARDED" : undefined }),
    { keepPreviousData: true },
  );

  if (error && !data) return <LoadError error={error} onRetry={() => void mutate()} />;
  if (!data) return <LoadingBlock rows={3} />;
  if (won && data.total === 0) {
    return (
      <EmptyList>
        まだ受注した商談はありません。発注者が貴社の見積で発注先に決定すると、ここに表示されます。
      </EmptyList>
    );
  }
  if (data.total === 0) {
    return (
      <EmptyList
        action={
          area === "buyer" ? (
            <Link
              href="/account/buyer/inquiry"
              className="font-bold text-brand-700 underline underline-offset-4"
            >
              問い合わせ履歴を見る
            </Link>
          ) : (
            <Link
              href="/account/oem/contact"
              className="font-bold text-brand-700 underline underline-offset-4"
            >
              指名案件一覧を見る
            </Link>
          )
        }
      >
        {area === "buyer"
          ? "まだ商談はありません。OEMメーカーが商談を始めると、ここに表示されます。"
          : "まだ商談はありません。案件の詳細ページの「商談スレッドを開く」から始められます。"}
      </EmptyList>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">
        全{data.total}件
        {data.unreadTotal > 0 && (
          <span className="ml-2 font-bold text-red-700">未読メッセージ {data.unreadTotal}件</span>
        )}
      </p>
      <ListFrame label="商談スレッド一覧" busy={isLoading}>
        {data.items.map((t) => (
          <ThreadRow key={t.id} thread={t} href={threadHref(area, t.id)} />
        ))}
      </ListFrame>
      <ListPager page={data.page} perPage={data.perPage} total={data.total} />
    </div>
  );
}

function ThreadRow({ thread, href }: { thread: ThreadSummary; href: string }) {
  return (
    <li>
      <Link
        href={href}
        className="group flex items-center gap-3 px-4 py-4 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 desktop:px-6"
      >
        <MessagesSquare aria-hidden className="hidden size-5 shrink-0 text-slate-400 desktop:block" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-1.5">
            <DealStatusBadge status={thread.status} />
            <Badge tone="slate">{INQUIRY_TYPE_LABEL[thread.inquiry.type]}</Badge>
            {thread.quoteVersion > 0 && <Badge tone="slate">見積 第{thread.quoteVersion}版</Badge>}
            <UnreadBadge count={thread.unread} />
            <span className="ml-auto text-xs tabular-nums text-slate-500">
              {thread.lastMessageAt ? (
                <>
                  最終更新 <time dateTime={thread.lastMessageAt}>{formatDateTime(thread.lastMessageAt)}</time>
                </>
              ) : (
                <>
                  開始 <time dateTime={thread.openedAt}>{formatDateTime(thread.openedAt)}</time>
                </>
              )}
            </span>
          </div>
          <p
            className={
              thread.unread > 0
                ? "mt-2 leading-6 font-bold text-slate-900 group-hover:text-brand-700 group-hover:underline desktop:text-[17px]"
                : "mt-2 leading-6 font-bold text-slate-700 group-hover:text-brand-700 group-hover:underline desktop:text-[17px]"
            }
          >
            {thread.inquiry.title}
          </p>
          <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 desktop:text-sm">
            <span>{thread.counterpart.name}</span>
            <span>メッセージ {thread.messageCount}件</span>
          </p>
        </div>
        <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-400 group-hover:text-brand-600" />
      </Link>
    </li>
  );
}
