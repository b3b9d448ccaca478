"use client";

// /account/buyer/deals and /account/oem/deals: every deal thread of the company grouped by inquiry
// (GET /api/deals/company/{companyId}/threads), with a tab per status and a filter on the inquiry's
// title or the counterpart's name; the tab, the filter and the page live in the URL.
import { Search, X } from "lucide-react";
import { useRouter, useSearchParams } from "next/navigation";
import { type FormEvent, useId, useState } from "react";
import useSWR from "swr";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import Link from "@/components/ui/link";
import {
  EmptyList,
  FilterTabs,
  ListPager,
  PER_PAGE,
  usePageParam,
  useQueryHref,
} from "@/components/ui/list-parts";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { THREAD_TABS, type ThreadTab } from "@/modules/deals/deals.schema";
import { dealPaths, type ThreadsPage } from "./deal-api";
import { type DealArea, ThreadGroups, threadTabLabel, threadTabs } from "./thread-groups";

export { type DealArea, threadHref } from "./thread-groups";

const tabOf = (v: string | null | undefined): ThreadTab => THREAD_TABS.find((t) => t === v) ?? "ALL";

export function DealThreadList({ companyId, area }: { companyId: string; area: DealArea }) {
  const page = usePageParam();
  const params = useSearchParams();
  const tab = tabOf(params?.get("status"));
  const q = (params?.get("q") ?? "").trim().slice(0, 100);
  const hrefWith = useQueryHref();
  const paths = dealPaths(companyId);
  const { data, error, isLoading, mutate } = useSWR<ThreadsPage>(
    paths.threads({ page, perPage: PER_PAGE, status: tab, q }),
    { keepPreviousData: true },
  );

  if (error && !data) return <LoadError error={error} onRetry={() => void mutate()} />;
  if (!data) return <LoadingBlock rows={3} />;
  if (data.counts.ALL === 0 && !q) return <NoThreads area={area} />;
  return (
    <div className="flex flex-col gap-4">
      {/* Keyed by the URL's filter: back and forward show what the list holds. */}
      <ThreadFilter key={q} initial={q} hrefFor={(text) => hrefWith({ q: text || undefined })} />
      <FilterTabs
        label="商談の状況で絞り込む"
        current={tab}
        items={threadTabs(area, data.counts, (t) => hrefWith({ status: t === "ALL" ? undefined : t }))}
      />
      <p className="text-sm text-slate-600" aria-live="polite">
        {q && <span className="mr-2">「{q}」で絞り込み：</span>}全
        <span className="font-bold text-slate-900">{data.total}</span>件
        {data.unreadTotal > 0 && (
          <span className="ml-2 font-bold text-red-700">未読メッセージ {data.unreadTotal}件</span>
        )}
      </p>
      {data.items.length === 0 ? (
        <EmptyList>
          {q
            ? `「${q}」に当てはまる${tab === "ALL" ? "" : `「${threadTabLabel(area, tab)}」の`}商談はありません。`
            : `「${threadTabLabel(area, tab)}」の商談はありません。`}
        </EmptyList>
      ) : (
        <div aria-busy={isLoading || undefined}>
          <ThreadGroups items={data.items} area={area} />
        </div>
      )}
      <ListPager page={data.page} perPage={data.perPage} total={data.total} />
    </div>
  );
}

/** 「案件名・会社名で絞り込む」: submitted, it goes to the URL (so a reload keeps it). */
function ThreadFilter({ initial, hrefFor }: { initial: string; hrefFor: (text: string) => string }) {
  const router = useRouter();
  const id = useId();
  const [text, setText] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    router.push(hrefFor(text.trim().slice(0, 100)));
  };
  return (
    <search aria-label="商談の絞り込み">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5 desktop:max-w-md">
          <label htmlFor={id} className="text-sm font-bold text-slate-800">
            案件名・会社名で絞り込む
          </label>
          <Input
            id={id}
            type="search"
            maxLength={100}
            value={text}
            placeholder="例：化粧水"
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <Button type="submit" variant="outline">
          <Search aria-hidden className="size-4" />
          絞り込む
        </Button>
        {initial && (
          <Button type="button" variant="ghost" onClick={() => router.push(hrefFor(""))}>
            <X aria-hidden className="size-4" />
            解除
          </Button>
        )}
      </form>
    </search>
  );
}

function NoThreads({ area }: { area: DealArea }) {
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
          <Link href="/account/oem/contact" className="font-bold text-brand-700 underline underline-offset-4">
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
