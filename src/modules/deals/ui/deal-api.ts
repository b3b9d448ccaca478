"use client";

// The deal room's API paths (src/modules/deals/deals.schema.ts) and the SWR hooks of its pages.
import { useEffect } from "react";
import useSWR, { useSWRConfig } from "swr";
import type { z } from "zod";
import type {
  Comparison,
  messagesPage,
  quoteHistory,
  ThreadDetail,
  ThreadTab,
  threadsPage,
} from "@/modules/deals/deals.schema";

export type ThreadsPage = z.infer<typeof threadsPage>;
export type MessagesPage = z.infer<typeof messagesPage>;
export type QuoteHistory = z.infer<typeof quoteHistory>;

/** How often an open thread asks for new messages while the tab is visible. */
export const POLL_MS = 10_000;

export const dealPaths = (companyId: string) => {
  const base = `/api/deals/company/${encodeURIComponent(companyId)}`;
  const thread = (threadId: string) => `${base}/threads/${encodeURIComponent(threadId)}`;
  const inquiry = (inquiryId: string) => `${base}/inquiries/${encodeURIComponent(inquiryId)}`;
  return {
    threads: (
      q: { page?: number; perPage?: number; inquiryId?: string; status?: ThreadTab; q?: string } = {},
    ) => {
      const p = new URLSearchParams();
      if (q.inquiryId) p.set("inquiryId", q.inquiryId);
      if (q.status && q.status !== "ALL") p.set("status", q.status);
      if (q.q) p.set("q", q.q);
      if (q.page && q.page > 1) p.set("page", String(q.page));
      if (q.perPage) p.set("perPage", String(q.perPage));
      const s = p.toString();
      return s ? `${base}/threads?${s}` : `${base}/threads`;
    },
    unread: `${base}/unread`,
    files: `${base}/files`,
    thread,
    messages: (threadId: string, before?: string) =>
      before
        ? `${thread(threadId)}/messages?before=${encodeURIComponent(before)}`
        : `${thread(threadId)}/messages`,
    read: (threadId: string) => `${thread(threadId)}/read`,
    quote: (threadId: string) => `${thread(threadId)}/quote`,
    versions: (threadId: string) => `${thread(threadId)}/quote/versions`,
    noQuote: (threadId: string) => `${thread(threadId)}/no-quote`,
    award: (threadId: string) => `${thread(threadId)}/award`,
    awardRequest: (threadId: string) => `${thread(threadId)}/award-request`,
    decline: (threadId: string) => `${thread(threadId)}/decline`,
    report: (messageId: string) => `${base}/messages/${encodeURIComponent(messageId)}/report`,
    openThread: (inquiryId: string) => `${inquiry(inquiryId)}/thread`,
    declineOthers: (inquiryId: string) => `${inquiry(inquiryId)}/decline-others`,
    comparison: (inquiryId: string, quantity?: number) =>
      quantity ? `${inquiry(inquiryId)}/comparison?quantity=${quantity}` : `${inquiry(inquiryId)}/comparison`,
    comparisonCsv: (inquiryId: string, quantity?: number) =>
      quantity
        ? `${inquiry(inquiryId)}/comparison.csv?quantity=${quantity}`
        : `${inquiry(inquiryId)}/comparison.csv`,
  };
};
export type DealPaths = ReturnType<typeof dealPaths>;

/** The thread and its newest messages, asked again every POLL_MS while the page is visible. */
export function useThread(paths: DealPaths, threadId: string) {
  const detail = useSWR<ThreadDetail>(paths.thread(threadId), { refreshInterval: POLL_MS });
  const messages = useSWR<MessagesPage>(paths.messages(threadId), { refreshInterval: POLL_MS });
  return { detail, messages };
}

export function useQuoteHistory(paths: DealPaths, threadId: string, quoteVersion: number) {
  const history = useSWR<QuoteHistory>(quoteVersion > 0 ? paths.versions(threadId) : null);
  const { mutate } = history;
  const known = Math.max(0, ...(history.data?.items ?? []).map((v) => v.version));
  // A revision seen by the thread's polling loads the new history.
  useEffect(() => {
    if (quoteVersion > 0 && known > 0 && known < quoteVersion) void mutate();
  }, [quoteVersion, known, mutate]);
  return history;
}

export function useComparison(paths: DealPaths, inquiryId: string, quantity?: number) {
  return useSWR<Comparison>(paths.comparison(inquiryId, quantity), { keepPreviousData: true });
}

/** Refreshes the sidebar's and the lists' unread counts after a thread was read or changed. */
export function useRefreshDealCounts(paths: DealPaths) {
  const { mutate } = useSWRConfig();
  return () =>
    mutate(
      (key) =>
        typeof key === "string" &&
        (key === paths.unread || key === paths.threads() || key.startsWith(`${paths.threads()}?`)),
    );
}
