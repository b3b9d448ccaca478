"use client";

// /account/oem/recruit (public recruits: open BULK inquiries, filtered by category and
// prefecture) and /account/oem/contact (inquiries nominating this company, filtered by state):
// GET /api/oem/company/{companyId}/contacts?contactType=BULK|NOMINATION&…&page=&perPage=20.
// Each row also carries its buyer's compact track record, shown by the deal room's part (the route composes it).
// Recruits (issue 20): 「適合度順」 (sort=fit) and 「条件に合う案件のみ」 (fit=only), each row with its fit.
import { Crown, Ticket, X } from "lucide-react";
import { useRouter, useSearchParams } from "next/navigation";
import { type ComponentType, useId } from "react";
import useSWR from "swr";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { Select } from "@/components/ui/input";
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
import { useCategories, usePrefectures } from "@/lib/api/master-data";
import { formatDate } from "@/lib/japanese-date";
import { useSession } from "@/lib/session/session-provider";
import { SUPPLIER_STATUS } from "@/lib/status-labels";
import type { FitView } from "@/modules/matching/requirement.schema";
import { InquiryListItem, type InquirySummary, UnreadBadge, useUnreadByInquiry } from "./parts";
import { FitBadge, FitNote, FitReasons } from "./recruit-fit";

type SupplierRow = InquirySummary & { fit?: FitView | null };

export type SupplierListKind = "recruit" | "contact";

/** Parts of other domains a row shows (the deal room's buyer figures); the route composes them. */
export interface SupplierListParts {
  RowBadge?: ComponentType<{ row: InquirySummary }>;
}

const NOMINATION_STATES = ["OPEN", "CLOSED", "AWARDED", "CANCELLED"] as const;

export function SupplierInquiryList({
  companyId,
  kind,
  parts = {},
}: {
  companyId: string;
  kind: SupplierListKind;
  parts?: SupplierListParts;
}) {
  const { RowBadge } = parts;
  const params = useSearchParams();
  const page = usePageParam();
  const { userType, data: session } = useSession();
  const paid = userType === "oem_paid";
  const query = new URLSearchParams({
    contactType: kind === "recruit" ? "BULK" : "NOMINATION",
    page: String(page),
    perPage: String(PER_PAGE),
  });
  const categoryId = kind === "recruit" ? positive(params?.get("categoryId")) : undefined;
  const prefectureId = kind === "recruit" ? positive(params?.get("prefectureId")) : undefined;
  const byFit = kind === "recruit" && params?.get("sort") === "fit";
  const fitOnly = kind === "recruit" && params?.get("fit") === "only";
  const statusParam = params?.get("status");
  const status = kind === "contact" ? NOMINATION_STATES.find((s) => s === statusParam) : undefined;
  if (categoryId) query.set("categoryId", String(categoryId));
  if (prefectureId) query.set("prefectureId", String(prefectureId));
  if (status) query.set("status", status);
  if (byFit) query.set("sort", "fit");
  if (fitOnly) query.set("fit", "only");

  const unread = useUnreadByInquiry(companyId);
  const { data, error, mutate, isLoading } = useSWR<Paged<SupplierRow> & { totalCapped?: boolean }>(
    `/api/oem/company/${companyId}/contacts?${query}`,
    { keepPreviousData: true },
  );
  const base = kind === "recruit" ? "/account/oem/recruit" : "/account/oem/contact";
  const filtered = Boolean(categoryId || prefectureId || status || fitOnly);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={kind === "recruit" ? "公開案件一覧" : "指名案件一覧"}
        lead={
          kind === "recruit"
            ? "発注者が広く公開している案件です。条件に合う案件にエントリーして、提案を届けましょう。"
            : "貴社を指名して届いた問い合わせです。内容を確認して、発注者に返信しましょう。"
        }
      />

      {session?.companyType === "SUPPLIER" && !paid && (
        <PlanNote kind={kind} tickets={session.companyDetails?.ticketCount ?? 0} />
      )}

      {kind === "recruit" ? (
        <RecruitFilters categoryId={categoryId} prefectureId={prefectureId} byFit={byFit} fitOnly={fitOnly} />
      ) : (
        <NominationTabs status={status} />
      )}

      {error ? (
        <LoadError error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingBlock rows={3} />
      ) : data.items.length === 0 ? (
        <EmptyList>
          {kind === "recruit"
            ? fitOnly
              ? "貴社の対応能力・認証に合う公開案件はありません。「条件に合う案件のみ」を外すと、すべての公開案件を表示します。"
              : filtered
                ? "条件に合う公開案件はありません。条件を変えてお試しください。"
                : "現在、公開中の案件はありません。新しい案件が公開されるとメールでお知らせします。"
            : filtered
              ? "この状態の指名案件はありません。"
              : "まだ指名案件はありません。OEM情報や事例を充実させると、発注者から指名されやすくなります。"}
        </EmptyList>
      ) : (
        <>
          {data.totalCapped ? (
            <p className="text-sm text-slate-600" aria-live="polite">
              <span className="font-bold text-slate-900">{data.total.toLocaleString("ja-JP")}</span>
              件以上（{byFit ? "適合度の高い順" : "新しい順"}に{data.total.toLocaleString("ja-JP")}
              件まで表示しています。カテゴリや地域で絞り込むと、ほかの案件も見つかります）
            </p>
          ) : (
            <p className="text-sm text-slate-600" aria-live="polite">
              全<span className="font-bold text-slate-900">{data.total}</span>件
            </p>
          )}
          <ListFrame label={kind === "recruit" ? "公開案件" : "指名案件"} busy={isLoading}>
            {data.items.map((i) => (
              <InquiryListItem
                key={i.id}
                inquiry={i}
                href={`${base}/${i.id}`}
                badges={
                  <>
                    <Badge tone={SUPPLIER_STATUS[i.status].tone}>{SUPPLIER_STATUS[i.status].label}</Badge>
                    <UnreadBadge count={unread[i.id]} />
                    {i.ndaRequired && <Badge tone="slate">NDA希望</Badge>}
                    {kind === "recruit" && i.entryCount > 0 && (
                      <Badge tone="slate">エントリー {i.entryCount}社</Badge>
                    )}
                    {i.fit && <FitBadge fit={i.fit} />}
                    {RowBadge && <RowBadge row={i} />}
                  </>
                }
                meta={
                  <>
                    <time dateTime={i.publishedAt ?? i.createdAt}>
                      {formatDate(i.publishedAt ?? i.createdAt)}
                    </time>{" "}
                    {kind === "recruit" ? "公開" : "受信"}
                  </>
                }
              >
                {i.fit && <FitReasons fit={i.fit} />}
              </InquiryListItem>
            ))}
          </ListFrame>
          <ListPager page={page} perPage={PER_PAGE} total={data.total} />
        </>
      )}
    </div>
  );
}

function positive(value: string | null | undefined): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

function PlanNote({ kind, tickets }: { kind: SupplierListKind; tickets: number }) {
  if (kind === "recruit") {
    return (
      <div className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 desktop:flex-row desktop:items-center desktop:justify-between">
        <p className="flex items-start gap-2 text-sm leading-6 text-amber-900">
          <Crown aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-600" />
          公開案件の内容は無料プランでもご覧いただけます。エントリーは無制限プランでご利用いただけます。
        </p>
        <Button
          asChild
          size="sm"
          variant="outline"
          className="shrink-0 border-amber-400 text-amber-900 hover:bg-amber-100"
        >
          <Link href="/account/oem/subscribe">無制限プランを見る</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-sky-200 bg-sky-50 p-4 desktop:flex-row desktop:items-center desktop:justify-between">
      <p className="flex items-start gap-2 text-sm leading-6 text-sky-900">
        <Ticket aria-hidden className="mt-0.5 size-5 shrink-0 text-sky-700" />
        <span>
          指名案件の発注者の連絡先は、チケットを1枚使うと開示され、返信できるようになります。
          <span className="font-bold">（チケット残り {tickets}枚）</span>
        </span>
      </p>
      <Button asChild size="sm" variant="outline" className="shrink-0">
        <Link href="/account/oem/ticket-buy">チケットを購入</Link>
      </Button>
    </div>
  );
}

function RecruitFilters({
  categoryId,
  prefectureId,
  byFit,
  fitOnly,
}: {
  categoryId?: number;
  prefectureId?: number;
  byFit: boolean;
  fitOnly: boolean;
}) {
  const id = useId();
  const router = useRouter();
  const hrefWith = useQueryHref();
  const categories = useCategories();
  const prefectures = usePrefectures();
  const groups = new Map<string, { id: number; name: string }[]>();
  for (const p of prefectures.data?.items ?? []) groups.set(p.region, [...(groups.get(p.region) ?? []), p]);
  const go = (changes: Record<string, string | undefined>) =>
    router.push(hrefWith(changes), { scroll: false });
  return (
    <form
      aria-label="公開案件の絞り込み"
      onSubmit={(e) => e.preventDefault()}
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm desktop:grid-cols-[1fr_1fr_auto] desktop:items-end"
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-category`} className="text-sm font-bold text-slate-800">
          カテゴリ
        </label>
        <Select
          id={`${id}-category`}
          value={categoryId ? String(categoryId) : ""}
          onChange={(e) => go({ categoryId: e.target.value || undefined })}
        >
          <option value="">すべてのカテゴリ</option>
          {categories.data?.items.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-prefecture`} className="text-sm font-bold text-slate-800">
          製造地域（都道府県）
        </label>
        <Select
          id={`${id}-prefecture`}
          value={prefectureId ? String(prefectureId) : ""}
          onChange={(e) => go({ prefectureId: e.target.value || undefined })}
        >
          <option value="">すべての地域</option>
          {[...groups].map(([region, list]) => (
            <optgroup key={region} label={region}>
              {list.map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {p.name}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
      </div>
      <Button
        variant="ghost"
        className="border border-slate-300"
        disabled={!categoryId && !prefectureId && !fitOnly}
        onClick={() => go({ categoryId: undefined, prefectureId: undefined, fit: undefined })}
      >
        <X aria-hidden className="size-4" />
        条件をクリア
      </Button>
      <div className="flex flex-col gap-3 border-t border-slate-100 pt-3 sm:flex-row sm:items-center sm:gap-6 desktop:col-span-3">
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-sort`} className="shrink-0 text-sm font-bold text-slate-800">
            並び順
          </label>
          <Select
            id={`${id}-sort`}
            value={byFit ? "fit" : "newest"}
            onChange={(e) => go({ sort: e.target.value === "fit" ? "fit" : undefined })}
            className="w-auto"
          >
            <option value="newest">新着順</option>
            <option value="fit">適合度順</option>
          </Select>
        </div>
        <label className="flex min-h-10 cursor-pointer items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={fitOnly}
            onChange={(e) => go({ fit: e.target.checked ? "only" : undefined })}
            className="size-4 accent-brand-600"
          />
          条件に合う案件のみ
          <span className="text-xs text-slate-500">（必要な認証・数量）</span>
        </label>
      </div>
      <p className="text-xs leading-5 text-slate-500 desktop:col-span-3">
        製造地域で絞り込むと、発注者がその都道府県を希望地域に指定した案件を表示します（地域の指定がない案件は表示されません）。
      </p>
      <FitNote />
    </form>
  );
}

function NominationTabs({ status }: { status?: (typeof NOMINATION_STATES)[number] }) {
  const hrefWith = useQueryHref();
  return (
    <FilterTabs
      label="状態で絞り込む"
      current={status ?? "ALL"}
      items={[
        { value: "ALL", label: "すべて", href: hrefWith({ status: undefined }) },
        ...NOMINATION_STATES.map((s) => ({
          value: s,
          label: SUPPLIER_STATUS[s].label,
          href: hrefWith({ status: s }),
        })),
      ]}
    />
  );
}
