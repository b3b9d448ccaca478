"use client";

// /account/buyer/inquiry/{id}: one inquiry of the buyer company with its state, attachments,
// the suppliers it went to and every entry with the supplier's profile and contact details
// (GET /api/buyer/company/{companyId}/contact/{id}); the buyer shortlists or declines entries
// (PUT …/entry/{entryId}), closes (POST …/close) or withdraws (POST …/cancel) the inquiry.
import { Ban, Building2, CircleCheck, CircleSlash, ExternalLink, MapPin, Star, TimerOff } from "lucide-react";
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
import { messageOf } from "@/lib/form-helpers";
import { formatDate, formatDateTime } from "@/lib/japanese-date";
import { BUYER_STATUS, ENTRY_STATUS, INQUIRY_TYPE_LABEL } from "@/lib/status-labels";
import { toast } from "@/lib/toast";
import { yenOrDash } from "@/lib/yen";
import type { buyerInquiryDetail, entryView } from "@/modules/inquiries/inquiry.schema";
import { RequirementsFacts } from "../requirements/requirements-facts";
import { ContactList, InquiryFacts } from "./parts";

type Detail = z.infer<typeof buyerInquiryDetail>;
type Entry = z.infer<typeof entryView>;

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

/** An entry's price is indicative (概算): the formal price is the quote in the deal thread (decision 0018). */
export function IndicativePrice({ proposedUnitPriceYen }: { proposedUnitPriceYen: number | null }) {
  return (
    <div className="rounded-md bg-slate-50 px-3 py-2">
      <dt className="text-xs font-bold text-slate-600">概算単価（見積前の目安）</dt>
      <dd className="mt-0.5 font-bold text-slate-900">{yenOrDash(proposedUnitPriceYen)}</dd>
    </div>
  );
}

/** After a decision in the deal room the entry shows its outcome, not 候補にする／見送る (issue 33 #3). */
function decidedNote(status: Entry["status"], inquiryAwarded: boolean): string | null {
  if (status === "AWARDED")
    return "発注先に決定しました。発注書と今後の進め方は商談スレッドでご確認ください。";
  if (status === "WITHDRAWN") return "このメーカーは見積を辞退しました。";
  if (!inquiryAwarded) return null;
  return status === "DECLINED"
    ? "お見送りをお伝えしました。"
    : "発注先が決まりました。このメーカーへの結果は、見積の比較の「他のメーカーをすべてお見送り」でお伝えください。";
}

function EntryCard({
  entry,
  path,
  inquiryAwarded,
  onChanged,
  companyId,
  inquiryId,
  EntryPrice,
}: {
  entry: Entry;
  path: string;
  inquiryAwarded: boolean;
  onChanged: (next: Detail) => unknown;
  companyId: string;
  inquiryId: string;
  EntryPrice: EntryPricePart;
}) {
  const decided = decidedNote(entry.status, inquiryAwarded);
  const [busy, setBusy] = useState<"SHORTLISTED" | "DECLINED" | null>(null);
  const [confirmDecline, setConfirmDecline] = useState(false);
  const s = ENTRY_STATUS[entry.status];
  const headingId = `entry-${entry.id}`;

  const decide = async (status: "SHORTLISTED" | "DECLINED") => {
    const next = await apiFetch<Detail>(`${path}/entry/${entry.id}`, { method: "PUT", body: { status } });
    await onChanged(next);
    toast.success(
      status === "SHORTLISTED"
        ? `${entry.supplier.name}を候補にしました。`
        : `${entry.supplier.name}を見送りにしました。`,
    );
  };
  const shortlist = async () => {
    setBusy("SHORTLISTED");
    try {
      await decide("SHORTLISTED");
    } catch (e) {
      toast.error(messageOf(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <li
      aria-labelledby={headingId}
      className={cn(
        "rounded-lg border p-4 desktop:p-5",
        (entry.status === "SHORTLISTED" || entry.status === "AWARDED") &&
          "border-emerald-300 bg-emerald-50/40",
        entry.status === "WITHDRAWN" && "border-slate-200 bg-slate-50",
        entry.status === "DECLINED" && "border-slate-200 bg-slate-50",
        entry.status === "ENTERED" && "border-slate-200 bg-white",
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-base font-bold text-slate-900 desktop:text-lg">
            <a
              href={`/oem/company/${entry.supplier.companyId}`}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {entry.supplier.name}
              <ExternalLink aria-hidden className="ml-1 inline size-3.5 align-baseline text-slate-400" />
              <span className="sr-only">（公開ページを新しいタブで開きます）</span>
            </a>
          </h3>
          {(entry.supplier.catchphrase || entry.supplier.prefectureName) && (
            <p className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-600 desktop:text-sm">
              {entry.supplier.prefectureName && (
                <span className="inline-flex items-center gap-1">
                  <MapPin aria-hidden className="size-3.5" />
                  {entry.supplier.prefectureName}
                </span>
              )}
              {entry.supplier.catchphrase && <span>{entry.supplier.catchphrase}</span>}
            </p>
          )}
        </div>
        <div className="flex items-center gap-2">
          <Badge tone={s.tone}>
            {entry.status === "SHORTLISTED" && <Star aria-hidden className="mr-1 size-3" />}
            {s.label}
          </Badge>
          <span className="text-xs tabular-nums text-slate-500">
            <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
          </span>
        </div>
      </div>

      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <EntryPrice
          companyId={companyId}
          inquiryId={inquiryId}
          supplierCompanyId={entry.supplier.companyId}
          proposedUnitPriceYen={entry.proposedUnitPriceYen}
        />
        <div className="rounded-md bg-slate-50 px-3 py-2">
          <dt className="text-xs font-bold text-slate-600">納期</dt>
          <dd className="mt-0.5 font-bold break-words text-slate-900">{entry.leadTime || "—"}</dd>
        </div>
      </dl>

      <div className="mt-4">
        <p className="text-xs font-bold text-slate-600">メッセージ</p>
        <p className="mt-1 text-sm leading-7 whitespace-pre-wrap break-words text-slate-800">
          {entry.message}
        </p>
      </div>

      {entry.attachments.length > 0 && (
        <div className="mt-4">
          <p className="text-xs font-bold text-slate-600">添付ファイル（{entry.attachments.length}件）</p>
          <div className="mt-1">
            <AttachmentList items={entry.attachments} />
          </div>
        </div>
      )}

      <div className="mt-4">
        <p className="text-xs font-bold text-slate-600">連絡先</p>
        <ContactList
          className="mt-1"
          rows={[
            { label: "会社名", value: entry.supplier.name },
            { label: "担当者", value: entry.supplier.personName },
            { label: "メール", value: entry.supplier.email, kind: "mail" },
            { label: "電話", value: entry.supplier.phone, kind: "tel" },
            { label: "Webサイト", value: entry.supplier.website, kind: "url" },
          ]}
        />
      </div>

      {decided ? (
        <p className="mt-4 text-sm leading-6 text-slate-700">{decided}</p>
      ) : (
        <div className="mt-4 flex flex-col gap-2 desktop:flex-row desktop:items-center">
          {entry.status !== "SHORTLISTED" && (
            <Button size="sm" disabled={busy !== null} onClick={() => void shortlist()}>
              <CircleCheck aria-hidden className="size-4" />
              候補にする
            </Button>
          )}
          {entry.status !== "DECLINED" && (
            <Button
              size="sm"
              variant="ghost"
              className="border border-slate-300"
              disabled={busy !== null}
              onClick={() => setConfirmDecline(true)}
            >
              <CircleSlash aria-hidden className="size-4" />
              見送る
            </Button>
          )}
          <p className="text-xs leading-5 text-slate-500 desktop:ml-2">
            {entry.status === "ENTERED"
              ? "選考の結果はOEMメーカーにメールでお知らせします。"
              : entry.status === "SHORTLISTED"
                ? "候補にしました。連絡先から直接やり取りを進めてください。"
                : "見送りにしました。あとから候補に変更することもできます。"}
          </p>
        </div>
      )}

      <ConfirmDialog
        open={confirmDecline}
        onOpenChange={setConfirmDecline}
        title="このエントリーを見送りますか？"
        confirmLabel="見送る"
        description={
          <>
            <p>
              <span className="font-bold">{entry.supplier.name}</span>
              に、今回は見送る旨をメールでお知らせします。
            </p>
            <p>あとから「候補にする」に変更することもできます。</p>
          </>
        }
        onConfirm={() => decide("DECLINED")}
      />
    </li>
  );
}
