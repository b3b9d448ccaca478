"use client";

// /account/buyer/inquiry: the buyer company's inquiry history
// (GET /api/buyer/company/{companyId}/contacts?contactType=&status=&page=&perPage=20).
import { Plus, Search } from "lucide-react";
import { useSearchParams } from "next/navigation";
import useSWR from "swr";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import Link from "@/components/ui/link";
import {
  EmptyList,
  FilterTabs,
  ListFrame,
  ListPager,
  type Paged,
  PER_PAGE,
  SegmentLinks,
  usePageParam,
  useQueryHref,
} from "@/components/ui/list-parts";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { PageHeader } from "@/components/ui/page-parts";
import { formatDate } from "@/lib/japanese-date";
import { BUYER_STATUS, INQUIRY_TYPE_LABEL, type InquiryStatus, type InquiryType } from "@/lib/status-labels";
import { InquiryListItem, type InquirySummary, UnreadBadge, useUnreadByInquiry } from "./parts";

const STATUSES: InquiryStatus[] = ["REVIEW", "OPEN", "CLOSED", "AWARDED", "CANCELLED", "REJECTED"];
const TYPES: InquiryType[] = ["BULK", "NOMINATION"];

export function BuyerInquiryList({ companyId }: { companyId: string }) {
  const params = useSearchParams();
  const page = usePageParam();
  const hrefWith = useQueryHref();
  const typeParam = params?.get("contactType");
  const statusParam = params?.get("status");
  const type = TYPES.find((t) => t === typeParam);
  const status = STATUSES.find((s) => s === statusParam);

  const query = new URLSearchParams({ page: String(page), perPage: String(PER_PAGE) });
  if (type) query.set("contactType", type);
  if (status) query.set("status", status);
  const unread = useUnreadByInquiry(companyId);
  const { data, error, mutate, isLoading } = useSWR<Paged<InquirySummary>>(
    `/api/buyer/company/${companyId}/contacts?${query}`,
    { keepPreviousData: true },
  );

  const typeLabel = type ? INQUIRY_TYPE_LABEL[type] : "問い合わせ";
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="問い合わせ履歴"
        lead="送信した問い合わせの状況と、OEMメーカーから届いたエントリーを確認できます。"
        actions={
          <>
            <Button asChild size="sm">
              <Link href="/buyer/bulk-inquiry?step=1">
                <Plus aria-hidden className="size-4" />
                一括問い合わせを作成
              </Link>
            </Button>
            <Button asChild size="sm" variant="outline">
              <Link href="/oem/search">
                <Search aria-hidden className="size-4" />
                OEMメーカーを探す
              </Link>
            </Button>
          </>
        }
      />

      <div className="flex flex-col gap-3">
        <SegmentLinks
          label="問い合わせの種類"
          current={type ?? "ALL"}
          items={[
            { value: "ALL", label: "すべて", href: hrefWith({ contactType: undefined }) },
            { value: "BULK", label: "一括問い合わせ", href: hrefWith({ contactType: "BULK" }) },
            { value: "NOMINATION", label: "指名問い合わせ", href: hrefWith({ contactType: "NOMINATION" }) },
          ]}
        />
        <FilterTabs
          label="状態で絞り込む"
          current={status ?? "ALL"}
          items={[
            { value: "ALL", label: "すべて", href: hrefWith({ status: undefined }) },
            ...STATUSES.filter((s) => !(type === "NOMINATION" && (s === "REVIEW" || s === "REJECTED"))).map(
              (s) => ({ value: s, label: BUYER_STATUS[s].label, href: hrefWith({ status: s }) }),
            ),
          ]}
        />
      </div>

      {error ? (
        <LoadError error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingBlock rows={3} />
      ) : data.items.length === 0 ? (
        <EmptyList
          action={
            !type && !status ? (
              <Button asChild>
                <Link href="/buyer/bulk-inquiry?step=1">一括問い合わせを作成</Link>
              </Button>
            ) : undefined
          }
        >
          {status || type
            ? `${status ? `「${BUYER_STATUS[status].label}」の` : ""}${typeLabel}はありません。`
            : "まだ問い合わせはありません。一括問い合わせなら、一度の入力で複数のOEMメーカーから提案が届きます。"}
        </EmptyList>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            全<span className="font-bold text-slate-900">{data.total}</span>件
          </p>
          <ListFrame label="問い合わせ一覧" busy={isLoading}>
            {data.items.map((i) => (
              <InquiryListItem
                key={i.id}
                inquiry={i}
                href={`/account/buyer/inquiry/${i.id}`}
                showEntries
                badges={
                  <>
                    <Badge tone={i.type === "BULK" ? "brand" : "slate"}>
                      {i.type === "BULK" ? "一括" : "指名"}
                    </Badge>
                    <Badge tone={BUYER_STATUS[i.status].tone}>{BUYER_STATUS[i.status].label}</Badge>
                    <UnreadBadge count={unread[i.id]} />
                  </>
                }
                meta={
                  <>
                    <time dateTime={i.createdAt}>{formatDate(i.createdAt)}</time> 登録
                  </>
                }
              />
            ))}
          </ListFrame>
          <ListPager page={page} perPage={PER_PAGE} total={data.total} />
        </>
      )}
    </div>
  );
}
