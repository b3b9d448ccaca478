"use client";

// /account/buyer/deals/{threadId} and /account/oem/deals/{threadId}: one deal between a buyer and
// a supplier — the messages (asked again every 10 s while the page is visible, read when
// opened), the composer, the quote panel of the side (quote form and 辞退 for the supplier,
// decisions for the buyer), the thread's orders (a slot the page fills from the orders module) and,
// after an award, the caller's own rating (never the other side's).
import { Building2, ExternalLink } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { ApiErrorScreen } from "@/components/layout/error-screen";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/card";
import Link from "@/components/ui/link";
import { BackLink, DetailSection } from "@/components/ui/list-parts";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { apiFetch } from "@/lib/api/client";
import { formatDateTime } from "@/lib/japanese-date";
import { INQUIRY_TYPE_LABEL } from "@/lib/status-labels";
import type { ThreadDetail } from "@/modules/deals/deals.schema";
import { dealPaths, useRefreshDealCounts, useThread } from "./deal-api";
import { DealStatusBadge } from "./deal-parts";
import { MessageComposer } from "./message-composer";
import { MessageList } from "./message-list";
import { BuyerQuotePanel, SupplierQuotePanel } from "./quote-panels";
import { RatingPanel } from "./rating-panel";
import type { DealArea } from "./thread-groups";

export function DealThreadView({
  companyId,
  threadId,
  area,
  ordersPanel,
}: {
  companyId: string;
  threadId: string;
  area: DealArea;
  /** The 「発注」 panel: the orders module's ui, composed by the page (deals may not import it). */
  ordersPanel?: ReactNode;
}) {
  const paths = dealPaths(companyId);
  const { detail, messages } = useThread(paths, threadId);
  const refreshCounts = useRefreshDealCounts(paths);
  useMarkRead(paths.read(threadId), detail.data, async () => {
    // Revalidate rather than patch the cached thread: a local patch would discard the fresh
    // thread that the mount's own request is bringing (SWR drops answers older than a mutation).
    await detail.mutate();
    await refreshCounts();
  });

  if (detail.error && !detail.data) return <ApiErrorScreen error={detail.error} />;
  if (!detail.data) return <LoadingBlock rows={3} />;
  const t = detail.data;
  const refresh = async () => {
    await Promise.all([detail.mutate(), messages.mutate()]);
    await refreshCounts();
  };
  const inquiryHref =
    area === "buyer"
      ? `/account/buyer/inquiry/${t.inquiry.id}`
      : `/account/oem/${t.inquiry.type === "BULK" ? "recruit" : "contact"}/${t.inquiry.id}`;

  return (
    <div className="flex flex-col gap-6">
      <BackLink href={`/account/${area}/deals`}>商談一覧へ戻る</BackLink>
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <DealStatusBadge status={t.status} />
          <Badge tone="slate">{INQUIRY_TYPE_LABEL[t.inquiry.type]}</Badge>
        </div>
        <h1 className="text-2xl leading-snug font-bold break-words text-slate-900 desktop:text-3xl">
          {t.inquiry.title}
        </h1>
        <p className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1.5">
            <Building2 aria-hidden className="size-4" />
            {area === "buyer" ? "OEMメーカー" : "発注者"}：
            {t.counterpart.profileUrl ? (
              <a
                href={t.counterpart.profileUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-bold text-brand-700 underline-offset-4 hover:underline"
              >
                {t.counterpart.name}
                <ExternalLink aria-hidden className="ml-1 inline size-3.5" />
                <span className="sr-only">（公開ページを新しいタブで開きます）</span>
              </a>
            ) : (
              <span className="font-bold text-slate-900">{t.counterpart.name}</span>
            )}
          </span>
          <span>
            開始 <time dateTime={t.openedAt}>{formatDateTime(t.openedAt)}</time>
          </span>
          <Link href={inquiryHref} className="font-bold text-brand-700 underline-offset-4 hover:underline">
            案件の詳細を見る
          </Link>
        </p>
      </header>

      {/* The side column widens while the supplier writes a quote: 380 px squeezed its tiers to 70 px. */}
      <div className="flex flex-col gap-6 desktop:grid desktop:grid-cols-[minmax(0,1fr)_380px] desktop:items-start desktop:has-[[data-quote-form]]:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <DetailSection id="deal-messages" title={`メッセージ（${t.messageCount}件）`}>
            <div className="flex flex-col gap-6">
              {messages.error && !messages.data ? (
                <LoadError error={messages.error} onRetry={() => void messages.mutate()} />
              ) : !messages.data ? (
                <LoadingBlock rows={1} label="メッセージを読み込み中…" />
              ) : (
                <MessageList
                  key={threadId}
                  paths={paths}
                  threadId={threadId}
                  newest={messages.data}
                  counterpartName={t.counterpart.name}
                />
              )}
              {t.acceptsMessages ? (
                <div className="border-t border-slate-100 pt-4">
                  <MessageComposer paths={paths} threadId={threadId} onSent={refresh} />
                </div>
              ) : (
                <Alert tone="info">
                  {t.lockedReason ?? "この商談は終了したため、メッセージは送れません。"}
                </Alert>
              )}
            </div>
          </DetailSection>
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          {t.side === "SUPPLIER" ? (
            <SupplierQuotePanel thread={t} paths={paths} onChanged={refresh} />
          ) : (
            <BuyerQuotePanel thread={t} paths={paths} onChanged={refresh} />
          )}
          {ordersPanel}
          {t.status === "AWARDED" && (
            <RatingPanel paths={paths} threadId={threadId} counterpartName={t.counterpart.name} />
          )}
        </div>
      </div>
    </div>
  );
}

/** POST …/read when the thread opens, and again when polling finds unread messages while visible. */
function useMarkRead(readPath: string, thread: ThreadDetail | undefined, onRead: () => Promise<unknown>) {
  const sent = useRef<string | null>(null);
  const onReadRef = useRef(onRead);
  onReadRef.current = onRead;
  const unread = thread?.unread ?? 0;
  const loaded = thread !== undefined;
  const stamp = thread?.lastMessageAt ?? "";
  useEffect(() => {
    if (!loaded) return;
    const key = `${readPath}|${stamp}`;
    const first = sent.current === null;
    if (!first && (unread === 0 || sent.current === key)) return;
    if (typeof document !== "undefined" && document.visibilityState === "hidden") return;
    sent.current = key;
    apiFetch(readPath, { method: "POST" })
      .then(() => onReadRef.current())
      .catch(() => {
        // Reading again at the next poll is enough; nothing to tell the user.
        sent.current = null;
      });
  }, [readPath, loaded, unread, stamp]);
}
