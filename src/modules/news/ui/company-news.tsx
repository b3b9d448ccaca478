"use client";

// The company news of both sides, newest first: /account/buyer/news(/{newsId}) from
// GET /api/buyer/company/{companyId}/news(/{newsId}), and /account/oem/news(/{newsId}) from
// GET /api/oem/company/{companyId}/news(/{newsId}). News for the reader's own side is highlighted.
import { ChevronRight, Megaphone } from "lucide-react";
import useSWR from "swr";
import { ApiErrorScreen } from "@/components/layout/error-screen";
import { Badge } from "@/components/ui/card";
import Link from "@/components/ui/link";
import { BackLink, ListPager, type Paged, PER_PAGE, usePageParam } from "@/components/ui/list-parts";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { PageHeader } from "@/components/ui/page-parts";
import { formatDate } from "@/lib/japanese-date";
import type { NewsItem } from "@/modules/news/news.schema";

type Side = "BUYER" | "SUPPLIER";

const SIDES = {
  BUYER: { api: "/api/buyer/company", pages: "/account/buyer/news" },
  SUPPLIER: { api: "/api/oem/company", pages: "/account/oem/news" },
} as const;

const AUDIENCE_LABEL: Record<NewsItem["audience"], string> = {
  ALL: "全体",
  BUYER: "発注者向け",
  SUPPLIER: "OEMメーカー向け",
};

function AudienceBadge({
  audience,
  side,
  className,
}: {
  audience: NewsItem["audience"];
  side: Side;
  className?: string;
}) {
  return (
    <Badge tone={audience === side ? "brand" : "slate"} className={className}>
      {AUDIENCE_LABEL[audience]}
    </Badge>
  );
}

export function CompanyNewsList({ side, companyId }: { side: Side; companyId: string }) {
  const page = usePageParam();
  const { data, error, mutate, isLoading } = useSWR<Paged<NewsItem>>(
    `${SIDES[side].api}/${companyId}/news?page=${page}&perPage=${PER_PAGE}`,
    { keepPreviousData: true },
  );
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="お知らせ" lead="運営事務局からのお知らせです。" />
      {error ? (
        <LoadError error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingBlock rows={2} />
      ) : data.items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-slate-50 px-4 py-12 text-center text-sm text-slate-600">
          <Megaphone aria-hidden className="size-8 text-slate-400" />
          現在、お知らせはありません。
        </div>
      ) : (
        <>
          <ul
            aria-label="お知らせ一覧"
            aria-busy={isLoading || undefined}
            className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
          >
            {data.items.map((n) => (
              <li key={n.id}>
                <Link
                  href={`${SIDES[side].pages}/${n.id}`}
                  className="group flex items-center gap-3 px-4 py-4 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 desktop:px-6"
                >
                  <div className="flex min-w-0 flex-1 flex-col gap-1.5 desktop:flex-row desktop:items-center desktop:gap-5">
                    <div className="flex shrink-0 items-center gap-2">
                      <time dateTime={n.publishedAt} className="text-sm tabular-nums text-slate-500">
                        {formatDate(n.publishedAt)}
                      </time>
                      <AudienceBadge
                        audience={n.audience}
                        side={side}
                        className="whitespace-nowrap desktop:w-32 desktop:justify-center"
                      />
                    </div>
                    <span className="font-bold leading-6 text-slate-900 group-hover:text-brand-700">
                      {n.title}
                    </span>
                  </div>
                  <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-400" />
                </Link>
              </li>
            ))}
          </ul>
          <ListPager page={page} perPage={PER_PAGE} total={data.total} />
        </>
      )}
    </div>
  );
}

export function CompanyNewsDetail({
  side,
  companyId,
  newsId,
}: {
  side: Side;
  companyId: string;
  newsId: string;
}) {
  const { data, error } = useSWR<NewsItem>(
    `${SIDES[side].api}/${companyId}/news/${encodeURIComponent(newsId)}`,
  );
  if (error) return <ApiErrorScreen error={error} />;
  return (
    <div className="flex flex-col gap-6">
      <BackLink href={SIDES[side].pages}>お知らせ一覧へ戻る</BackLink>
      {!data ? (
        <LoadingBlock rows={1} />
      ) : (
        <article className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm desktop:p-10">
          <header className="border-b border-slate-200 pb-4">
            <div className="flex items-center gap-2">
              <time dateTime={data.publishedAt} className="text-sm tabular-nums text-slate-500">
                {formatDate(data.publishedAt)}
              </time>
              <AudienceBadge audience={data.audience} side={side} />
            </div>
            <h1 className="mt-2 text-xl leading-snug font-bold text-slate-900 desktop:text-2xl">
              {data.title}
            </h1>
          </header>
          <div className="mt-6 text-[15px] leading-8 whitespace-pre-wrap break-words text-slate-800">
            {data.body}
          </div>
        </article>
      )}
    </div>
  );
}
