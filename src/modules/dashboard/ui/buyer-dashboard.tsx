// The buyer's my page: inquiries by status, the latest inquiries, news for buyers.
import { Plus, Search } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import Link from "@/components/ui/link";
import { formatDate } from "@/lib/japanese-date";
import { INQUIRY_STATUS_LABELS, INQUIRY_TYPE_LABELS } from "../dashboard.labels";
import type { BuyerDashboard, InquiryStatus } from "../dashboard.service";
import { EmptyState, NewsList, PageTitle, Section, StatTile } from "./dashboard-parts";

const STATUS_TONE: Record<InquiryStatus, "gold" | "green" | "slate" | "red"> = {
  REVIEW: "gold",
  OPEN: "green",
  CLOSED: "slate",
  CANCELLED: "slate",
  REJECTED: "red",
  AWARDED: "green",
};

export function BuyerDashboardView({
  data,
  personName,
  companyName,
}: {
  data: BuyerDashboard;
  personName: string;
  companyName: string;
}) {
  const c = data.inquiryCounts;
  return (
    <div className="flex flex-col gap-6 desktop:gap-8">
      <div className="flex flex-col gap-4 desktop:flex-row desktop:items-end desktop:justify-between">
        <PageTitle title="マイページ" lead={`${companyName}　${personName} 様`} />
        <div className="flex flex-col gap-2 desktop:flex-row">
          <Button asChild>
            <Link href="/buyer/bulk-inquiry?step=1">
              <Plus aria-hidden className="size-4" />
              一括問い合わせを作成
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/oem/search">
              <Search aria-hidden className="size-4" />
              OEMメーカーを探す
            </Link>
          </Button>
        </div>
      </div>

      <section aria-labelledby="inquiry-status">
        <h2 id="inquiry-status" className="sr-only">
          問い合わせの状況
        </h2>
        <ul className="grid grid-cols-3 gap-2 desktop:gap-4">
          <li>
            <StatTile label="審査中" value={c.REVIEW} unit="件" tone="gold" />
          </li>
          <li>
            <StatTile label="公開中" value={c.OPEN} unit="件" tone="green" />
          </li>
          <li>
            <StatTile label="締切" value={c.CLOSED} unit="件" />
          </li>
        </ul>
        {(c.CANCELLED > 0 || c.REJECTED > 0) && (
          <p className="mt-2 text-xs text-slate-500">
            ほかに 取り下げ {c.CANCELLED}件・非承認 {c.REJECTED}件
          </p>
        )}
      </section>

      <Section title="最近の問い合わせ" action={{ href: "/account/buyer/inquiry", label: "問い合わせ履歴" }}>
        {data.latestInquiries.length === 0 ? (
          <EmptyState
            action={
              <Button asChild>
                <Link href="/buyer/bulk-inquiry?step=1">一括問い合わせを作成</Link>
              </Button>
            }
          >
            まだ問い合わせはありません。
            <br />
            一括問い合わせなら、一度の入力で複数のOEMメーカーから提案が届きます。
          </EmptyState>
        ) : (
          <ul className="-my-3 divide-y divide-slate-100">
            {data.latestInquiries.map((i) => (
              <li key={i.id} className="py-3">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={i.type === "BULK" ? "brand" : "slate"}>{INQUIRY_TYPE_LABELS[i.type]}</Badge>
                  <Badge tone={STATUS_TONE[i.status]}>{INQUIRY_STATUS_LABELS[i.status]}</Badge>
                  <span className="ml-auto text-xs tabular-nums text-slate-500">
                    <time dateTime={i.createdAt.toISOString()}>{formatDate(i.createdAt)}</time> 登録
                  </span>
                </div>
                <Link
                  href={`/account/buyer/inquiry/${i.id}`}
                  className="mt-1.5 block rounded text-sm font-bold text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 desktop:text-base"
                >
                  {i.title}
                </Link>
                <p className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-slate-600">
                  <span>{i.categoryName}</span>
                  <span>
                    エントリー <span className="font-bold text-slate-900">{i.entryCount}</span>件
                  </span>
                  {i.type === "BULK" && i.entryDeadline && <span>締切 {formatDate(i.entryDeadline)}</span>}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="お知らせ" action={{ href: "/account/buyer/news", label: "お知らせ一覧" }}>
        <NewsList items={data.news} hrefBase="/account/buyer/news" />
      </Section>
    </div>
  );
}
