"use client";

// The 商談 list's body: the threads of a page grouped by inquiry (the API keeps an inquiry's threads
// together), the inquiry's title once as a heading and a row per counterpart; and the tabs' labels.
import { ChevronRight, Scale } from "lucide-react";
import { Badge } from "@/components/ui/card";
import Link from "@/components/ui/link";
import { formatDateTime } from "@/lib/japanese-date";
import { INQUIRY_TYPE_LABEL } from "@/lib/status-labels";
import type { ThreadSummary, ThreadTab } from "@/modules/deals/deals.schema";
import { DealStatusBadge, UnreadBadge } from "./deal-parts";

export type DealArea = "buyer" | "oem";

export const threadHref = (area: DealArea, threadId: string) => `/account/${area}/deals/${threadId}`;

export const THREAD_TAB_LABELS: Record<ThreadTab, string> = {
  ALL: "すべて",
  NEW: "見積待ち",
  QUOTED: "見積提出済み",
  AWARDED: "発注先に決定",
  CLOSED: "お見送り・辞退",
};

/** A tab's label as the area reads it: a supplier's won deals are its 受注 (issue 33 #3). */
export const threadTabLabel = (area: DealArea, tab: ThreadTab) =>
  area === "oem" && tab === "AWARDED" ? "受注" : THREAD_TAB_LABELS[tab];

/** The tabs with their counts, each a link made by `hrefOf`. */
export function threadTabs(
  area: DealArea,
  counts: Record<ThreadTab, number>,
  hrefOf: (tab: ThreadTab) => string,
) {
  return (Object.keys(THREAD_TAB_LABELS) as ThreadTab[]).map((tab) => ({
    value: tab,
    label: `${threadTabLabel(area, tab)}（${counts[tab]}）`,
    href: hrefOf(tab),
  }));
}

export interface InquiryGroup {
  inquiry: ThreadSummary["inquiry"];
  threads: ThreadSummary[];
}

/** Consecutive threads of one inquiry as one group, in the API's order. */
export function groupByInquiry(items: ThreadSummary[]): InquiryGroup[] {
  const groups: InquiryGroup[] = [];
  for (const t of items) {
    const last = groups.at(-1);
    if (last && last.inquiry.id === t.inquiry.id) last.threads.push(t);
    else groups.push({ inquiry: t.inquiry, threads: [t] });
  }
  return groups;
}

export function ThreadGroups({ items, area }: { items: ThreadSummary[]; area: DealArea }) {
  return (
    <div className="flex flex-col gap-4">
      {groupByInquiry(items).map((g) => (
        <InquiryThreads key={g.inquiry.id} group={g} area={area} />
      ))}
    </div>
  );
}

function InquiryThreads({ group, area }: { group: InquiryGroup; area: DealArea }) {
  const headingId = `deal-group-${group.inquiry.id}`;
  const unread = group.threads.reduce((n, t) => n + t.unread, 0);
  return (
    <section
      aria-labelledby={headingId}
      className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 border-b border-slate-100 bg-slate-50 px-4 py-3 desktop:px-6">
        <h2
          id={headingId}
          // On phones the title has its own line; the type, the count and the link wrap below it.
          className="min-w-0 basis-full text-base leading-6 font-bold break-words text-slate-900 desktop:flex-1 desktop:basis-auto"
        >
          {group.inquiry.title}
        </h2>
        <span className="flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
          <Badge tone="slate">{INQUIRY_TYPE_LABEL[group.inquiry.type]}</Badge>
          <span>商談 {group.threads.length}件</span>
          <UnreadBadge count={unread} />
        </span>
        {area === "buyer" && (
          <Link
            href={`/account/buyer/inquiry/${group.inquiry.id}/compare`}
            className="inline-flex min-h-11 items-center gap-1 text-sm font-bold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <Scale aria-hidden className="size-4" />
            見積を比較
          </Link>
        )}
      </div>
      <ul className="divide-y divide-slate-100">
        {group.threads.map((t) => (
          <ThreadRow key={t.id} thread={t} href={threadHref(area, t.id)} />
        ))}
      </ul>
    </section>
  );
}

function ThreadRow({ thread, href }: { thread: ThreadSummary; href: string }) {
  const at = thread.lastMessageAt ?? thread.openedAt;
  return (
    <li>
      <Link
        href={href}
        className="group flex items-center gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 desktop:px-6"
      >
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-1.5">
            <span
              className={
                thread.unread > 0
                  ? "font-bold break-words text-slate-900 group-hover:text-brand-700 group-hover:underline"
                  : "font-bold break-words text-slate-700 group-hover:text-brand-700 group-hover:underline"
              }
            >
              {thread.counterpart.name}
            </span>
            <DealStatusBadge status={thread.status} />
            {thread.quoteVersion > 0 && <Badge tone="slate">見積 第{thread.quoteVersion}版</Badge>}
            <UnreadBadge count={thread.unread} />
          </div>
          <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 tabular-nums">
            <span>メッセージ {thread.messageCount}件</span>
            <span>
              {thread.lastMessageAt ? "最終更新" : "開始"} <time dateTime={at}>{formatDateTime(at)}</time>
            </span>
          </p>
        </div>
        <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-400 group-hover:text-brand-600" />
      </Link>
    </li>
  );
}
