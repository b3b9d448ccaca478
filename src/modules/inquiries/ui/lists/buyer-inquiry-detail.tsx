"use client";

// /account/buyer/inquiry/{id}: one inquiry of the buyer company with its state, attachments,
// the suppliers it went to and every entry with the supplier's profile and contact details
// (GET /api/buyer/company/{companyId}/contact/{id}); the buyer shortlists or declines entries
// (PUT …/entry/{entryId}), closes (POST …/close) or withdraws (POST …/cancel) the inquiry.
import { Ban, Building2, ExternalLink, TimerOff } from "lucide-react";
import { type ComponentType, type ReactNode, useState } from "react";
import useSWR from "swr";
import type { z } from "zod";
import { ApiErrorScreen } from "@/components/layout/error-screen";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import Link from "@/components/ui/link";
import { AttachmentList, BackLink, Description, DetailSection, EmptyList } from "@/components/ui/list-parts";
import { LoadingBlock } from "@/components/ui/load-state";
import { apiFetch } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import { formatDate, formatDateTime } from "@/lib/japanese-date";
import { BUYER_STATUS, INQUIRY_TYPE_LABEL } from "@/lib/status-labels";
import { toast } from "@/lib/toast";
import type { buyerInquiryDetail } from "@/modules/inquiries/inquiry.schema";
import { RequirementsFacts } from "../requirements/requirements-facts";
import { EntryCard, IndicativePrice } from "./entry-card";
import { InquiryFacts } from "./parts";

type Detail = z.infer<typeof buyerInquiryDetail>;

/** Step 1 of the same flow, starting from this inquiry's content (?from=). */
function reviseHref(d: Detail): string {
  if (d.type === "BULK") return `/buyer/bulk-inquiry?step=1&from=${d.id}`;
  if (d.nominatedCompany)
    return `/buyer/single-inquiry?step=1&companyId=${d.nominatedCompany.id}&from=${d.id}`;
  return "/oem/search";
}

/** The entry's price cell; the deal room's replaces it with the quote once one exists (composed by the route). */
export type EntryPricePart = ComponentType<{
  companyId: string;
  inquiryId: string;
  supplierCompanyId: string;
  proposedUnitPriceYen: number | null;
}>;

export function BuyerInquiryDetail({
  companyId,
  inquiryId,
  deals,
  EntryPrice = IndicativePrice,
}: {
  companyId: string;
  inquiryId: string;
  /** The deal room's part (threads per supplier, 「見積を比較する」), composed by the route. */
  deals?: ReactNode;
  EntryPrice?: EntryPricePart;
}) {
  const path = `/api/buyer/company/${companyId}/contact/${encodeURIComponent(inquiryId)}`;
  const { data, error, mutate } = useSWR<Detail>(path);
  const [dialog, setDialog] = useState<"close" | "cancel" | null>(null);

  if (error) return <ApiErrorScreen error={error} />;
  if (!data) return <LoadingBlock rows={3} />;

  const status = BUYER_STATUS[data.status];
  const act = (kind: "close" | "cancel") => async () => {
    const next = await apiFetch<Detail>(`${path}/${kind}`, { method: "POST" });
    await mutate(next, { revalidate: false });
    toast.success(kind === "close" ? "エントリーの受付を締め切りました。" : "問い合わせを取り下げました。");
  };
  const live = data.entries.filter((e) => e.status !== "CANCELLED");
  const shortlisted = live.filter((e) => e.status === "SHORTLISTED").length;
  const declined = live.filter((e) => e.status === "DECLINED").length;

  return (
    <div className="flex flex-col gap-6">
      <BackLink href="/account/buyer/inquiry">問い合わせ履歴へ戻る</BackLink>

      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={data.type === "BULK" ? "brand" : "slate"}>{INQUIRY_TYPE_LABEL[data.type]}</Badge>
          <Badge tone={status.tone}>{status.label}</Badge>
          {data.ndaRequired && <Badge tone="slate">NDA希望</Badge>}
        </div>
        <h1 className="text-2xl leading-snug font-bold break-words text-slate-900 desktop:text-3xl">
          {data.title}
        </h1>
        <p className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-600">
          <span>
            登録 <time dateTime={data.createdAt}>{formatDateTime(data.createdAt)}</time>
          </span>
          {data.publishedAt && (
            <span>
              公開 <time dateTime={data.publishedAt}>{formatDateTime(data.publishedAt)}</time>
            </span>
          )}
          {data.type === "BULK" && data.entryDeadline && (
            <span>エントリー締切 {formatDate(data.entryDeadline)}</span>
          )}
        </p>
      </header>

      <section
        aria-labelledby="inquiry-status-title"
        className={cn(
          "rounded-lg border p-4 desktop:p-6",
          data.status === "REJECTED" ? "border-red-200 bg-red-50/60" : "border-slate-200 bg-white shadow-sm",
        )}
      >
        <div className="flex flex-col gap-4 desktop:flex-row desktop:items-start desktop:justify-between">
          <div className="min-w-0">
            <h2
              id="inquiry-status-title"
              className="flex items-center gap-2 text-base font-bold text-slate-900"
            >
              現在の状況
              <Badge tone={status.tone} className="px-3 py-1 text-sm">
                {status.label}
              </Badge>
            </h2>
            <p className="mt-2 text-sm leading-7 text-slate-700">{status.explain}</p>
            {data.status === "REJECTED" && (
              <div className="mt-3 rounded-md border border-red-200 bg-white p-4">
                <p className="text-sm font-bold text-red-800">差し戻しの理由</p>
                <p className="mt-1 text-sm leading-7 whitespace-pre-wrap text-slate-800">
                  {data.rejectionReason || "運営事務局からの理由の記載はありません。"}
                </p>
              </div>
            )}
          </div>
          {(data.status === "OPEN" || data.status === "REVIEW") && (
            <div className="flex shrink-0 flex-col gap-2 desktop:w-48">
              {data.status === "OPEN" && (
                <Button variant="outline" onClick={() => setDialog("close")}>
                  <TimerOff aria-hidden className="size-4" />
                  締め切る
                </Button>
              )}
              <Button
                variant="ghost"
                className="border border-slate-300 text-red-700 hover:bg-red-50"
                onClick={() => setDialog("cancel")}
              >
                <Ban aria-hidden className="size-4" />
                取り下げる
              </Button>
            </div>
          )}
        </div>
        {data.status === "REJECTED" && (
          <div className="mt-4">
            <Button asChild size="sm">
              <Link href={reviseHref(data)}>内容を見直して問い合わせる</Link>
            </Button>
          </div>
        )}
      </section>

      {deals}

      <DetailSection
        id="entries"
        title={`エントリー（${live.length}件）`}
        aside={
          live.length > 0 ? (
            <span className="text-xs text-slate-600">
              候補 {shortlisted}件・見送り {declined}件
            </span>
          ) : undefined
        }
      >
        {live.length === 0 ? (
          <EmptyList>
            {data.status === "REVIEW"
              ? "審査が完了して公開されると、OEMメーカーからのエントリーを受け付けます。"
              : data.status === "OPEN"
                ? "まだエントリーはありません。エントリーが届くとメールでお知らせします。"
                : "エントリーはありませんでした。"}
          </EmptyList>
        ) : (
          <ul className="flex flex-col gap-4" aria-label="エントリー一覧">
            {live.map((e) => (
              <EntryCard
                key={e.id}
                entry={e}
                path={path}
                companyId={companyId}
                inquiryId={inquiryId}
                EntryPrice={EntryPrice}
                inquiryAwarded={data.status === "AWARDED"}
                onChanged={(next) => mutate(next, { revalidate: false })}
              />
            ))}
          </ul>
        )}
      </DetailSection>

      <DetailSection id="inquiry-content" title="問い合わせ内容">
        <div className="flex flex-col gap-6">
          <InquiryFacts inquiry={data} />
          <div className="flex flex-col gap-3">
            <h3 className="text-sm font-bold text-slate-700">詳しい条件</h3>
            <RequirementsFacts requirements={data.requirements} />
          </div>
          <div>
            <h3 className="text-sm font-bold text-slate-700">依頼内容</h3>
            <div className="mt-2 rounded-md bg-slate-50 p-4">
              <Description text={data.description} />
            </div>
          </div>
          <div>
            <h3 className="text-sm font-bold text-slate-700">添付ファイル</h3>
            <div className="mt-2">
              <AttachmentList items={data.attachments} />
            </div>
          </div>
        </div>
      </DetailSection>

      <DetailSection
        id="recipients"
        title={
          data.type === "NOMINATION"
            ? "指名したOEMメーカー"
            : `選択したOEMメーカー（${data.selectedCompanies.length}社）`
        }
      >
        {data.type === "NOMINATION" ? (
          data.nominatedCompany ? (
            <CompanyChips companies={[data.nominatedCompany]} />
          ) : (
            <p className="text-sm text-slate-500">指名先の企業は退会しました。</p>
          )
        ) : (
          <div className="flex flex-col gap-3">
            <p className="text-sm leading-6 text-slate-600">
              公開後は、すべてのOEMメーカーが公開案件として閲覧できます。選択したOEMメーカーには、公開時にメールでもお知らせします。
            </p>
            {data.selectedCompanies.length > 0 ? (
              <CompanyChips companies={data.selectedCompanies} />
            ) : (
              <p className="text-sm text-slate-500">検索から選択したOEMメーカーはありません。</p>
            )}
          </div>
        )}
      </DetailSection>

      <ConfirmDialog
        open={dialog === "close"}
        onOpenChange={(o) => setDialog(o ? "close" : null)}
        title="エントリーの受付を締め切りますか？"
        tone="primary"
        confirmLabel="締め切る"
        description={
          <>
            <p>締め切ると、OEMメーカーは新しくエントリーできなくなります。</p>
            <p>
              届いているエントリーの確認と、候補・見送りの選考は引き続き行えます。この操作は元に戻せません。
            </p>
          </>
        }
        onConfirm={act("close")}
      />
      <ConfirmDialog
        open={dialog === "cancel"}
        onOpenChange={(o) => setDialog(o ? "cancel" : null)}
        title="この問い合わせを取り下げますか？"
        confirmLabel="取り下げる"
        description={
          <>
            <p>取り下げると、OEMメーカーには表示されなくなり、エントリーも受け付けなくなります。</p>
            <p>この操作は元に戻せません。内容を変えて依頼し直す場合は、新しく問い合わせてください。</p>
          </>
        }
        onConfirm={act("cancel")}
      />
    </div>
  );
}

function CompanyChips({ companies }: { companies: { id: string; name: string }[] }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {companies.map((c) => (
        <li key={c.id}>
          <a
            href={`/oem/company/${c.id}`}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-bold text-slate-800 hover:border-brand-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <Building2 aria-hidden className="size-4 text-slate-500" />
            {c.name}
            <ExternalLink aria-hidden className="size-3.5 text-slate-400" />
            <span className="sr-only">（公開ページを新しいタブで開きます）</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
