// A supplier's track record as buyers see it (docs/trust-plan.md "Supplier figures"): on the public
// page /oem/company/{id} (a section) and in the buyer's comparison table (a row group). Figures the
// platform computes from the deal room, never typed by the supplier; no hooks, so it renders on the
// server (the public page) and in client components (the comparison table) alike.

import type { ReactNode } from "react";
import Link from "@/components/ui/link";
import { SpriteIcon } from "@/components/ui/sprite-icon";
import { MIN_RATINGS_SHOWN } from "@/modules/deals/rating.policy";
import type { RatingAggregateDto } from "@/modules/deals/rating.schema";
import { MIN_NOMINATIONS_SHOWN, type SupplierFigures } from "@/modules/deals/supplier-record.schema";

export const NO_RECORD = "実績なし";
export const RECORD_GUIDE_HREF = "/guide/track-record";
export const COMPUTED_NOTE = "当サイトの取引データから自動集計";

const count = (n: number) => `${n.toLocaleString("ja-JP")}件`;
const score = (n: number) => n.toFixed(1);

/** 「約15分」「約3時間」「約2日」; 「実績なし」 without a quote. */
export function approxDuration(minutes: number | null): string {
  if (minutes === null) return NO_RECORD;
  if (minutes < 60) return `約${Math.max(1, Math.round(minutes))}分`;
  if (minutes < 24 * 60) return `約${Math.round(minutes / 60)}時間`;
  return `約${Math.round(minutes / (24 * 60))}日`;
}

/** 「90%（指名 12件）」; 「実績なし」 below 3 nominations (never 0 % for a newcomer). */
export function responseRateText(f: SupplierFigures): string {
  return f.responseRatePercent === null
    ? NO_RECORD
    : `${f.responseRatePercent}%（指名 ${count(f.nominations)}）`;
}

/** 「4.5（コミュニケーション 4.6・正確さ 4.4・スピード 4.5、12件）」; 「実績なし」 below 3 visible ratings. */
export function ratingsText(r: RatingAggregateDto): string {
  if (r.overall === null || r.communication === null || r.accuracy === null || r.speed === null) {
    return NO_RECORD;
  }
  return `${score(r.overall)}（コミュニケーション ${score(r.communication)}・正確さ ${score(r.accuracy)}・スピード ${score(r.speed)}、${count(r.count)}）`;
}

export interface RecordRow {
  key: string;
  label: string;
  value: (f: SupplierFigures) => string;
}

/** The figures in display order, for the section and the comparison table's rows. */
export const RECORD_ROWS: RecordRow[] = [
  { key: "responseRate", label: "指名への回答率", value: responseRateText },
  {
    key: "medianFirstQuote",
    label: "初回見積までの中央値",
    value: (f) => approxDuration(f.medianFirstQuoteMinutes),
  },
  { key: "quotesSent", label: "見積", value: (f) => count(f.quotesSent) },
  { key: "awardsWon", label: "受注", value: (f) => count(f.awardsWon) },
  { key: "ratings", label: "評価", value: (f) => ratingsText(f.ratings) },
];

function GuideLink() {
  return (
    <Link
      href={RECORD_GUIDE_HREF}
      className="inline-flex items-center gap-1 font-bold text-brand-700 underline underline-offset-2 hover:text-brand-600"
    >
      <SpriteIcon name="info" className="size-3.5" />
      実績の見方
    </Link>
  );
}

/** Where the figures come from, with the link to the guide. */
export function RecordNote({ className }: { className?: string }) {
  return (
    <p className={className ?? "text-xs leading-6 text-slate-600"}>
      {COMPUTED_NOTE}
      しています（メーカーによる入力ではありません）。回答率は指名{MIN_NOMINATIONS_SHOWN}件以上、評価は
      {MIN_RATINGS_SHOWN}件以上で表示します。 <GuideLink />
    </p>
  );
}

/** The figures as a definition list (phones' comparison cards, the public page). */
export function SupplierRecordList({ figures }: { figures: SupplierFigures }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 text-sm desktop:grid-cols-2">
      {RECORD_ROWS.map((row) => {
        const value = row.value(figures);
        return (
          <div
            key={row.key}
            data-record={row.key}
            className={`flex gap-3 border-b border-slate-100 py-2 ${row.key === "ratings" ? "desktop:col-span-2" : ""}`}
          >
            <dt className="w-36 shrink-0 font-bold text-slate-600">{row.label}</dt>
            <dd className={value === NO_RECORD ? "text-slate-500" : "tabular-nums text-slate-900"}>
              {value}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** The section of the public supplier page. */
export function SupplierRecordSection({
  figures,
  heading,
}: {
  figures: SupplierFigures;
  heading?: ReactNode;
}) {
  return (
    <section aria-labelledby="company-record" className="mt-12">
      <h2
        id="company-record"
        className="scroll-mt-24 border-l-4 border-brand-600 pl-3 text-xl leading-snug font-bold text-slate-900 desktop:text-2xl"
      >
        {heading ?? "取引実績"}
      </h2>
      <div className="mt-5 rounded-lg border border-slate-200 bg-white p-4 desktop:p-6">
        <p className="mb-3 inline-flex items-center gap-1.5 rounded bg-slate-100 px-2 py-1 text-xs font-bold text-slate-700">
          <SpriteIcon name="chart-column" className="size-3.5" />
          {COMPUTED_NOTE}
        </p>
        <SupplierRecordList figures={figures} />
        <RecordNote className="mt-4 text-xs leading-6 text-slate-600" />
      </div>
    </section>
  );
}

/**
 * The comparison table's row group (a <tbody> of its own): one row per figure, one cell per
 * supplier in the table's column order. The heading row spans the table.
 */
export function SupplierRecordRowGroup({
  columns,
}: {
  columns: Array<{ key: string; figures: SupplierFigures }>;
}) {
  return (
    <tbody data-group="supplier-record">
      <tr className="border-t-2 border-slate-200 bg-slate-50">
        <th scope="rowgroup" colSpan={columns.length + 1} className="px-3 py-2.5 text-left text-slate-700">
          <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-bold">取引実績</span>
            <span className="text-xs font-normal">{COMPUTED_NOTE}</span>
            <span className="text-xs font-normal print:hidden">
              <GuideLink />
            </span>
          </span>
        </th>
      </tr>
      {RECORD_ROWS.map((row) => (
        <tr key={row.key} className="border-t border-slate-100">
          <th
            scope="row"
            className="sticky left-0 z-10 bg-white px-3 py-2.5 text-left font-bold text-slate-600"
          >
            {row.label}
          </th>
          {columns.map((c) => {
            const value = row.value(c.figures);
            return (
              <td
                key={c.key}
                className={`px-3 py-2.5 align-top tabular-nums ${value === NO_RECORD ? "text-slate-500" : "text-slate-900"}`}
              >
                {value}
              </td>
            );
          })}
        </tr>
      ))}
    </tbody>
  );
}
