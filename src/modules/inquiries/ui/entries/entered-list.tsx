"use client";

// /account/oem/entry: the inquiries this supplier entered, newest first, filtered by the
// entry's state (GET /api/oem/company/{companyId}/entries?status=&page=&perPage=20). Paid only.
import { ChevronRight } from "lucide-react";
import { useSearchParams } from "next/navigation";
import useSWR from "swr";
import type { z } from "zod";
import { ApiErrorScreen } from "@/components/layout/error-screen";
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
  usePageParam,
  useQueryHref,
} from "@/components/ui/list-parts";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { PageHeader } from "@/components/ui/page-parts";
import { ApiError } from "@/lib/api/client";
import { formatDate, formatDateTime } from "@/lib/japanese-date";
import { ENTRY_STATUS, type EntryStatus, SUPPLIER_STATUS } from "@/lib/status-labels";
import type { supplierEntry } from "@/modules/inquiries/entry.schema";

type EnteredItem = z.infer<typeof supplierEntry>;
const STATES: EntryStatus[] = ["ENTERED", "SHORTLISTED", "AWARDED", "DECLINED", "WITHDRAWN", "CANCELLED"];

export function EnteredList({ companyId }: { companyId: string }) {
  const params = useSearchParams();
  const page = usePageParam();
  const hrefWith = useQueryHref();
  const statusParam = params?.get("status");
  const status = STATES.find((s) => s === statusParam);
  const query = new URLSearchParams({ page: String(page), perPage: String(PER_PAGE) });
  if (status) query.set("status", status);
  const { data, error, mutate, isLoading } = useSWR<Paged<EnteredItem>>(
    `/api/oem/company/${companyId}/entries?${query}`,
    { keepPreviousData: true },
  );
  // The plan ended meanwhile: the API's 403 is the page's 403.
  if (error instanceof ApiError && error.status === 403) return <ApiErrorScreen error={error} />;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="エントリー済み案件一覧"
        lead="エントリーした公開案件・指名案件と、発注者の選考状況を確認できます。"
      />
      <FilterTabs
        label="エントリーの状態で絞り込む"
        current={status ?? "ALL"}
        items={[
          { value: "ALL", label: "すべて", href: hrefWith({ status: undefined }) },
          ...STATES.map((s) => ({ value: s, label: ENTRY_STATUS[s].label, href: hrefWith({ status: s }) })),
        ]}
      />
      {error ? (
        <LoadError error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingBlock rows={3} />
      ) : data.items.length === 0 ? (
        <EmptyList
          action={
            !status ? (
              <Button asChild>
                <Link href="/account/oem/recruit">公開案件を探す</Link>
              </Button>
            ) : undefined
          }
        >
          {status
            ? `「${ENTRY_STATUS[status].label}」のエントリーはありません。`
            : "まだエントリーした案件はありません。"}
        </EmptyList>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            全<span className="font-bold text-slate-900">{data.total}</span>件
          </p>
          <ListFrame label="エントリー済み案件" busy={isLoading}>
            {data.items.map((e) => {
              const i = e.inquiry;
              const href = `/account/oem/${i.type === "BULK" ? "recruit" : "contact"}/${i.id}`;
              return (
                <li key={e.id}>
                  <Link
                    href={href}
                    className="group flex items-center gap-3 px-4 py-4 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 desktop:px-6"
                  >
                    <div className="min-w-0 flex-1">
                      <div className="flex flex-wrap items-center gap-1.5">
                        <Badge tone={ENTRY_STATUS[e.status].tone}>{ENTRY_STATUS[e.status].label}</Badge>
                        <Badge tone={i.type === "BULK" ? "brand" : "gold"}>
                          {i.type === "BULK" ? "公開案件" : "指名案件"}
                        </Badge>
                        <Badge tone={SUPPLIER_STATUS[i.status].tone}>
                          案件：{SUPPLIER_STATUS[i.status].label}
                        </Badge>
                        <span className="ml-auto text-xs tabular-nums text-slate-500">
                          <time dateTime={e.enteredAt}>{formatDateTime(e.enteredAt)}</time> エントリー
                        </span>
                      </div>
                      <p className="mt-2 font-bold leading-6 text-slate-900 group-hover:text-brand-700 group-hover:underline desktop:text-[17px]">
                        {i.title}
                      </p>
                      <p className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 desktop:text-sm">
                        <span>{i.category.name}</span>
                        <span>数量 {i.quantity}</span>
                        {i.type === "BULK" && i.entryDeadline && (
                          <span>締切 {formatDate(i.entryDeadline)}</span>
                        )}
                      </p>
                      <p className="mt-2 line-clamp-2 text-sm leading-6 text-slate-600">{e.message}</p>
                    </div>
                    <ChevronRight
                      aria-hidden
                      className="size-5 shrink-0 text-slate-400 group-hover:text-brand-600"
                    />
                  </Link>
                </li>
              );
            })}
          </ListFrame>
          <ListPager page={page} perPage={PER_PAGE} total={data.total} />
        </>
      )}
    </div>
  );
}
