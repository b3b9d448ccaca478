"use client";

// /account/oem/news and /account/oem/news/{newsId}: news for suppliers
// (GET /api/oem/company/{companyId}/news, …/news/{newsId}).
import { ChevronLeft, ChevronRight, Megaphone } from "lucide-react";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import useSWR from "swr";
import { ApiErrorScreen } from "@/components/layout/error-screen";
import { Badge } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import {
  formatDate,
  LoadError,
  LoadingBlock,
  PageHeader,
  Pager,
} from "@/modules/companies/ui/settings/parts";
import type { NewsItem } from "@/modules/news/news.schema";

const PER_PAGE = 20;
const AUDIENCE: Record<NewsItem["audience"], { label: string; tone: "slate" | "brand" }> = {
  ALL: { label: "全体", tone: "slate" },
  SUPPLIER: { label: "OEMメーカー向け", tone: "brand" },
  BUYER: { label: "発注者向け", tone: "slate" },
};

interface NewsPage {
  items: NewsItem[];
  page: number;
  perPage: number;
  total: number;
}

export function SupplierNewsList({ companyId }: { companyId: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const { data, error, mutate, isLoading } = useSWR<NewsPage>(
    `/api/oem/company/${companyId}/news?page=${page}&perPage=${PER_PAGE}`,
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
            className={cn(
              "divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-sm",
              isLoading && "opacity-60",
            )}
          >
            {data.items.map((n) => (
              <li key={n.id}>
                <Link
                  href={`/account/oem/news/${n.id}`}
                  className="group flex items-center gap-3 px-4 py-4 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 desktop:px-6"
                >
                  <div className="flex min-w-0 flex-1 flex-col gap-1.5 desktop:flex-row desktop:items-center desktop:gap-5">
                    <div className="flex shrink-0 items-center gap-2">
                      <time dateTime={n.publishedAt} className="text-sm tabular-nums text-slate-500">
                        {formatDate(n.publishedAt)}
                      </time>
                      <Badge
                        tone={AUDIENCE[n.audience].tone}
                        className="whitespace-nowrap desktop:w-32 desktop:justify-center"
                      >
                        {AUDIENCE[n.audience].label}
                      </Badge>
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
          <Pager
            page={page}
            perPage={PER_PAGE}
            total={data.total}
            onPage={(p) => router.push(p > 1 ? `${pathname}?page=${p}` : pathname)}
          />
        </>
      )}
    </div>
  );
}

export function SupplierNewsDetail({ companyId, newsId }: { companyId: string; newsId: string }) {
  const { data, error } = useSWR<NewsItem>(
    `/api/oem/company/${companyId}/news/${encodeURIComponent(newsId)}`,
  );
  if (error) return <ApiErrorScreen error={error} />;
  return (
    <div className="flex flex-col gap-6">
      <Link
        href="/account/oem/news"
        className="inline-flex w-fit items-center gap-1 text-sm font-bold text-brand-700 hover:underline"
      >
        <ChevronLeft aria-hidden className="size-4" />
        お知らせ一覧へ戻る
      </Link>
      {!data ? (
        <LoadingBlock rows={1} />
      ) : (
        <article className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm desktop:p-10">
          <header className="border-b border-slate-200 pb-4">
            <div className="flex items-center gap-2">
              <time dateTime={data.publishedAt} className="text-sm tabular-nums text-slate-500">
                {formatDate(data.publishedAt)}
              </time>
              <Badge tone={AUDIENCE[data.audience].tone}>{AUDIENCE[data.audience].label}</Badge>
            </div>
            <h1 className="mt-2 text-xl font-bold leading-snug text-slate-900 desktop:text-2xl">
              {data.title}
            </h1>
          </header>
          <div className="mt-6 text-[15px] leading-8 whitespace-pre-wrap text-slate-800">{data.body}</div>
        </article>
      )}
    </div>
  );
}
