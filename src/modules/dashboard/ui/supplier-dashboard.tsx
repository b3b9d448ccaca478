// The supplier's my page: new nominated inquiries, public recruits, entries, tickets and
// plan, news for suppliers.
import { Crown, Ticket } from "lucide-react";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import Link from "@/components/ui/link";
import { formatDate } from "@/lib/japanese-date";
import { ENTRY_STATUS_LABELS } from "../dashboard.labels";
import type { EntryStatus, SupplierDashboard } from "../dashboard.service";
import { EmptyState, NewsList, PageTitle, Section, StatTile } from "./dashboard-parts";

const ENTRY_ORDER: EntryStatus[] = [
  "ENTERED",
  "SHORTLISTED",
  "AWARDED",
  "DECLINED",
  "WITHDRAWN",
  "CANCELLED",
];

/** `monthlyChart`: billing's chart of the last 12 months, composed by the page. */
export function SupplierDashboardView({
  data,
  personName,
  companyName,
  monthlyChart,
}: {
  data: SupplierDashboard;
  personName: string;
  companyName: string;
  monthlyChart: ReactNode;
}) {
  const paid = data.plan.paymentStatus === "OEM_PAID";
  const activeEntries = data.entryCounts.ENTERED + data.entryCounts.SHORTLISTED;
  return (
    <div className="flex flex-col gap-6 desktop:gap-8">
      <PageTitle title="マイページ" lead={`${companyName}　${personName} 様`} />

      <section aria-labelledby="supplier-summary">
        <h2 id="supplier-summary" className="sr-only">
          現在の状況
        </h2>
        <ul className="grid grid-cols-2 gap-2 desktop:grid-cols-4 desktop:gap-4">
          <li>
            <StatTile
              label="受付中の指名案件"
              value={data.nominated.openCount}
              unit="件"
              tone="brand"
              href="/account/oem/contact"
            />
          </li>
          <li>
            <StatTile
              label="公開中の公開案件"
              value={data.openPublicRecruits}
              unit="件"
              href="/account/oem/recruit"
            />
          </li>
          <li>
            <StatTile
              label="進行中のエントリー"
              value={activeEntries}
              unit="件"
              // The tile adds up two rows of エントリー状況 below; it says which, so the numbers agree.
              note={`${ENTRY_STATUS_LABELS.ENTERED} ${data.entryCounts.ENTERED}件・${ENTRY_STATUS_LABELS.SHORTLISTED} ${data.entryCounts.SHORTLISTED}件`}
              tone="green"
              href={paid ? "/account/oem/entry" : undefined}
            />
          </li>
          <li>
            {paid ? (
              <StatTile label="ご利用中のプラン" value="無制限" tone="gold" note="指名案件への返信も無制限" />
            ) : (
              <StatTile
                label="チケット残り"
                value={data.ticketBalance}
                unit="枚"
                tone="gold"
                href="/account/oem/ticket-buy"
              />
            )}
          </li>
        </ul>
      </section>

      <PlanSection data={data} />
      {monthlyChart}

      <Section title="新着の指名案件" action={{ href: "/account/oem/contact", label: "指名案件一覧" }}>
        {data.nominated.latest.length === 0 ? (
          <EmptyState
            action={
              <Button asChild variant="outline">
                <Link href="/account/oem/company-information">OEM情報を編集する</Link>
              </Button>
            }
          >
            現在、受付中の指名案件はありません。
            <br />
            OEM情報や事例を充実させると、発注者から指名されやすくなります。
          </EmptyState>
        ) : (
          <ul className="-my-3 divide-y divide-slate-100">
            {data.nominated.latest.map((i) => (
              <li key={i.id} className="py-3">
                <div className="flex flex-wrap items-center gap-2">
                  {i.unread && <Badge tone="red">未読</Badge>}
                  {i.entered && <Badge tone="green">返信済み</Badge>}
                  <span className="text-xs text-slate-600">{i.categoryName}</span>
                  <span className="ml-auto text-xs tabular-nums text-slate-500">
                    <time dateTime={i.createdAt.toISOString()}>{formatDate(i.createdAt)}</time> 受信
                  </span>
                </div>
                <Link
                  href={`/account/oem/contact/${i.id}`}
                  className="mt-1.5 block rounded text-sm font-bold text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 desktop:text-base"
                >
                  {i.title}
                </Link>
                {i.desiredDeliveryDate && (
                  <p className="mt-1 text-xs text-slate-600">希望納期 {formatDate(i.desiredDeliveryDate)}</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section
        title="エントリー状況"
        action={paid ? { href: "/account/oem/entry", label: "エントリー済み案件一覧" } : undefined}
      >
        <dl className="grid grid-cols-2 gap-3 desktop:grid-cols-4">
          {ENTRY_ORDER.map((s) => (
            <div key={s} className="rounded-md bg-slate-50 px-4 py-3">
              <dt className="text-xs font-bold text-slate-600">{ENTRY_STATUS_LABELS[s]}</dt>
              <dd className="mt-0.5 text-xl font-bold text-slate-900">
                {data.entryCounts[s]}
                <span className="ml-1 text-sm">件</span>
              </dd>
            </div>
          ))}
        </dl>
        {!paid && (
          <p className="mt-3 text-xs leading-5 text-slate-600">
            公開案件へのエントリーとエントリー済み案件一覧は、無制限プランでご利用いただけます。
          </p>
        )}
      </Section>

      <Section title="お知らせ" action={{ href: "/account/oem/news", label: "お知らせ一覧" }}>
        <NewsList items={data.news} hrefBase="/account/oem/news" />
      </Section>
    </div>
  );
}

function PlanSection({ data }: { data: SupplierDashboard }) {
  const contract = data.plan.contract;
  if (data.plan.paymentStatus === "OEM_PAID") {
    return (
      <Section title="ご契約プラン">
        <div className="flex flex-col gap-3 desktop:flex-row desktop:items-center desktop:justify-between">
          <div>
            <p className="flex items-center gap-2 font-bold text-slate-900">
              <Crown aria-hidden className="size-5 text-amber-600" />
              無制限プラン
              <Badge tone="gold">ご契約中</Badge>
            </p>
            <p className="mt-1 text-sm text-slate-600">
              {contract?.status === "CANCEL_SCHEDULED" && contract.endsOn
                ? `解約のお手続きを承りました。${formatDate(contract.endsOn)}までご利用いただけます。`
                : `公開案件へのエントリーと指名案件への返信が無制限です。${
                    contract?.startsOn ? `（${formatDate(contract.startsOn)}から）` : ""
                  }`}
            </p>
          </div>
          {contract?.status === "ACTIVE" && (
            <Link
              href="/account/oem/subscribe/cancel"
              className="shrink-0 rounded text-sm text-slate-600 underline underline-offset-4 hover:text-slate-900"
            >
              解約のお手続き
            </Link>
          )}
        </div>
      </Section>
    );
  }
  const waiting = contract?.status === "WAITING";
  return (
    <Section title="ご契約プラン">
      <p className="font-bold text-slate-900">無料プラン</p>
      <p className="mt-1 text-sm leading-6 text-slate-600">
        指名案件に返信するときにチケットを1枚使います。無制限プランなら、公開案件へのエントリーと指名案件への返信が使い放題です。
      </p>
      {waiting && (
        <Alert className="mt-4">
          無制限プランのお申し込みを受け付けました（{formatDate(contract.appliedAt)}
          ）。お支払いの確認後にご利用いただけます。
        </Alert>
      )}
      <div className="mt-4 flex flex-col gap-2 desktop:flex-row">
        <Button asChild>
          <Link href="/account/oem/ticket-buy">
            <Ticket aria-hidden className="size-4" />
            チケットを購入（残り {data.ticketBalance}枚）
          </Link>
        </Button>
        {!waiting && (
          <Button asChild variant="outline">
            <Link href="/account/oem/subscribe">
              <Crown aria-hidden className="size-4" />
              無制限プランにアップグレード
            </Link>
          </Button>
        )}
      </div>
    </Section>
  );
}
