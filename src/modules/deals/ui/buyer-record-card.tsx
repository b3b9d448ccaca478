// The buyer's track record as a supplier sees it before it spends a ticket (the inquiry page) and
// on each row of its recruit and nomination lists. Figures only, computed by the platform: the
// buyer's name, prefecture and 法人番号 are never part of them (docs/trust-plan.md "Buyer figures").
import { BadgeCheck, CircleHelp, MailCheck, ShieldCheck, Undo2 } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/card";
import Link from "@/components/ui/link";
import {
  durationLabel,
  MIN_DATA_POINTS,
  memberSinceLabel,
  NEW_BUYER_LABEL,
  rateLabel,
} from "@/modules/deals/buyer-record.policy";
import type { BuyerFigures, BuyerRecordSummary } from "@/modules/deals/buyer-record.schema";

export const TRACK_RECORD_GUIDE = "/guide/track-record";
export const TICKET_REFUND_GUIDE = "/guide/ticket-refund";

function Row({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-md bg-slate-50 px-3 py-2.5">
      <dt className="text-xs font-bold text-slate-600">{label}</dt>
      <dd className="text-base font-bold text-slate-900 tabular-nums">
        {value}
        {note && <span className="ml-1 text-xs font-normal text-slate-600">{note}</span>}
      </dd>
    </div>
  );
}

function Check({ ok, icon, yes, no }: { ok: boolean; icon: ReactNode; yes: string; no: string }) {
  return ok ? (
    <Badge tone="green" className="inline-flex items-center gap-1">
      {icon}
      {yes}
    </Badge>
  ) : (
    <Badge tone="slate">{no}</Badge>
  );
}

/** 「（5営業日以内・10件中8件）」 after a reply rate, when there is one. */
function replyNote(f: BuyerFigures): string | undefined {
  if (f.replyRate === null || f.replyOpportunities === null || f.repliedInTime === null) return undefined;
  return `（5営業日以内・${f.replyOpportunities}件中${f.repliedInTime}件）`;
}

function decisionNote(f: BuyerFigures): string | undefined {
  if (f.decisionRate === null || f.closedInquiries === null || f.decidedInquiries === null) return undefined;
  return `（締め切った${f.closedInquiries}件中${f.decidedInquiries}件）`;
}

function medianLabel(f: BuyerFigures): string {
  if (f.isNew || f.medianFirstReplyMinutes === null) return NEW_BUYER_LABEL;
  return durationLabel(f.medianFirstReplyMinutes);
}

/** The card next to 「チケットを使う」 on a supplier's inquiry page. */
export function BuyerRecordCard({ figures: f }: { figures: BuyerFigures }) {
  return (
    <section
      aria-labelledby="buyer-record-title"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm desktop:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="buyer-record-title" className="text-base font-bold text-slate-900">
          発注者の実績
        </h2>
        <Link
          href={TRACK_RECORD_GUIDE}
          className="inline-flex min-h-9 items-center gap-1 text-sm font-bold text-brand-700 underline underline-offset-4 hover:text-brand-800"
        >
          <CircleHelp aria-hidden className="size-4" />
          実績の見方
        </Link>
      </div>
      <p className="mt-1 text-xs leading-5 text-slate-600">
        当サイトでのやり取りから自動で集計した数値です。会社名などの連絡先は、チケットの使用後（またはエントリー後）に表示されます。
      </p>

      <ul aria-label="発注者の確認状況" className="mt-3 flex flex-wrap gap-1.5">
        <li>
          <Badge tone="slate">{memberSinceLabel(f.memberSince)}</Badge>
        </li>
        <li>
          <Check
            ok={f.emailVerified}
            icon={<MailCheck aria-hidden className="size-3.5" />}
            yes="メール認証済み"
            no="メール未認証"
          />
        </li>
        <li>
          <Check
            ok={f.corporateNumberVerified}
            icon={<ShieldCheck aria-hidden className="size-3.5" />}
            yes="法人番号確認済み"
            no="法人番号未登録"
          />
        </li>
      </ul>

      <dl className="mt-3 grid grid-cols-1 gap-2 desktop:grid-cols-2">
        <Row label="過去12か月の依頼" value={`${f.inquiriesLast12Months}件`} />
        <Row
          label="返信率"
          value={rateLabel(f.isNew, f.replyRate)}
          note={f.isNew ? undefined : replyNote(f)}
        />
        <Row label="決定率" value={rateLabel(f.isNew, f.decisionRate)} note={decisionNote(f)} />
        <Row label="返信までの中央値" value={medianLabel(f)} />
      </dl>

      {/* The refund promise where the supplier weighs the buyer, not only in the ticket dialog. */}
      <p className="mt-3 flex items-start gap-1.5 rounded-md bg-emerald-50 px-3 py-2.5 text-xs leading-5 text-slate-700">
        <Undo2 aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-700" />
        <span>
          チケットを使ってメッセージを送った後、発注者が5営業日（土日・祝日・年末年始を除く）以内に開封・返信しない場合、チケットは自動で返却されます。
          <Link
            href={TICKET_REFUND_GUIDE}
            className="ml-1 font-bold text-brand-700 underline underline-offset-4 hover:text-brand-800"
          >
            返却の条件
          </Link>
        </span>
      </p>

      {(f.isNew || f.replyRate === null || f.decisionRate === null || f.medianFirstReplyMinutes === null) && (
        <p className="mt-3 flex items-start gap-1.5 text-xs leading-5 text-slate-600">
          <BadgeCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-400" />
          {f.isNew
            ? `公開した依頼が${MIN_DATA_POINTS}件未満の発注者は、返信率・決定率・返信までの時間を表示していません。`
            : `集計した件数が${MIN_DATA_POINTS}件未満の数値は、「${NEW_BUYER_LABEL}」と表示しています。`}
        </p>
      )}
    </section>
  );
}

/** The compact line of a list row: 「発注者 返信率80%・決定率60%」 or 「発注者 実績なし（新規）」. */
export function BuyerRecordCompact({ record }: { record: BuyerRecordSummary | null | undefined }) {
  if (!record) return null;
  const text = record.isNew
    ? `発注者 ${NEW_BUYER_LABEL}`
    : `発注者 返信率${rateLabel(false, record.replyRate)}・決定率${rateLabel(false, record.decisionRate)}`;
  return <Badge tone="slate">{text}</Badge>;
}
