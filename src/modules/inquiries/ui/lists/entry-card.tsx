"use client";

// One entry on the buyer's inquiry page: the supplier's profile and contact, its indicative price or
// the quote in the deal room, and 候補にする／見送る until the deal room decided it (issue 33 #3).
import { CircleCheck, CircleSlash, ExternalLink, MapPin, Star } from "lucide-react";
import { useState } from "react";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { AttachmentList } from "@/components/ui/list-parts";
import { apiFetch } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import { messageOf } from "@/lib/form-helpers";
import { formatDateTime } from "@/lib/japanese-date";
import { ENTRY_STATUS } from "@/lib/status-labels";
import { toast } from "@/lib/toast";
import { yenOrDash } from "@/lib/yen";
import type { buyerInquiryDetail, entryView } from "@/modules/inquiries/inquiry.schema";
import type { EntryPricePart } from "./buyer-inquiry-detail";
import { ContactList } from "./parts";

type Detail = z.infer<typeof buyerInquiryDetail>;
type Entry = z.infer<typeof entryView>;

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

export function EntryCard({
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
