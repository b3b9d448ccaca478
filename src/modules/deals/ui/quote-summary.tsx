"use client";

// A quote version as a definition list, and the history of versions with what changed from the
// previous one highlighted (the API names the changed fields).
import { History } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/card";
import { LoadError } from "@/components/ui/load-state";
import { cn } from "@/lib/cn";
import { formatDate, formatDateTime } from "@/lib/japanese-date";
import { yenOrDash } from "@/lib/yen";
import type { QuoteVersion } from "@/modules/deals/deals.schema";
import { type DealPaths, useQuoteHistory } from "./deal-api";
import { countOrDash, DealFileList, daysOrDash, num } from "./deal-parts";

/** The Japanese name of each field of a version (the keys the API lists in `changed`). */
export const QUOTE_FIELD_LABELS: Record<string, string> = {
  tiers: "数量・単価",
  sampleCostYen: "サンプル費用",
  sampleLeadDays: "サンプル納期",
  toolingCostYen: "版代・金型代",
  moq: "最小ロット（MOQ）",
  leadTimeDays: "量産リードタイム",
  paymentTerms: "支払条件",
  validUntil: "有効期限",
  notes: "備考",
  files: "添付ファイル",
};

function Row({ field, changed, children }: { field: string; changed: boolean; children: ReactNode }) {
  return (
    <div
      className={cn(
        "flex gap-3 border-b border-slate-100 py-2 text-sm",
        changed && "-mx-2 rounded bg-amber-50 px-2",
      )}
    >
      <dt className="w-28 shrink-0 font-bold text-slate-600">
        {QUOTE_FIELD_LABELS[field]}
        {changed && (
          <span className="ml-1 rounded bg-amber-200 px-1 text-[11px] font-bold text-amber-900">変更</span>
        )}
      </dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** The old value before 「→」 on a changed row: 「465円 → 455円」 reads the same aloud. */
function Was({ value }: { value: ReactNode }) {
  return <span className="text-slate-500">{value} → </span>;
}

/** The tier lines; a tier whose price changed at the same quantity reads 「465円 → 455円」. */
function TierList({ quote, unit, old }: { quote: QuoteVersion; unit: string; old?: QuoteVersion["tiers"] }) {
  return (
    <ul className="flex flex-col gap-0.5">
      {quote.tiers.map((t) => {
        const before = old?.find((o) => o.quantity === t.quantity);
        return (
          <li key={t.quantity} className="tabular-nums">
            {num(t.quantity)}
            {unit}〜：
            {before && before.unitPriceYen !== t.unitPriceYen && (
              <Was value={yenOrDash(before.unitPriceYen)} />
            )}
            <span className="font-bold">{yenOrDash(t.unitPriceYen)}</span>／{unit}
            {old && !before && <span className="ml-1 text-xs text-amber-900">（追加）</span>}
          </li>
        );
      })}
      {old
        ?.filter((o) => !quote.tiers.some((t) => t.quantity === o.quantity))
        .map((o) => (
          <li key={`was-${o.quantity}`} className="text-slate-500 tabular-nums">
            <s>
              {num(o.quantity)}
              {unit}〜：{yenOrDash(o.unitPriceYen)}／{unit}
            </s>
            <span className="ml-1 text-xs">（削除）</span>
          </li>
        ))}
    </ul>
  );
}

export function QuoteSummary({
  quote,
  showChanges = false,
  unit = "個",
}: {
  quote: QuoteVersion;
  showChanges?: boolean;
  /** The inquiry's unit (the thread's `inquiry.unit`). */
  unit?: string;
}) {
  const changed = new Set(showChanges ? quote.changed : []);
  const c = (f: string) => changed.has(f);
  const prev = showChanges ? quote.previous : {};
  // The previous value of a changed field, when the API gave one.
  const was = <K extends keyof QuoteVersion["previous"]>(
    f: K,
    show: (v: QuoteVersion["previous"][K]) => ReactNode,
  ) => (c(f) && f in prev ? <Was value={show(prev[f])} /> : null);
  const moqText = (v: number | null | undefined) => (v == null ? "—" : `${countOrDash(v)}${unit}`);
  return (
    <dl>
      <Row field="tiers" changed={c("tiers")}>
        <TierList quote={quote} unit={unit} old={c("tiers") ? prev.tiers : undefined} />
      </Row>
      <Row field="sampleCostYen" changed={c("sampleCostYen")}>
        {was("sampleCostYen", (v) => yenOrDash(v ?? null))}
        {yenOrDash(quote.sampleCostYen)}
      </Row>
      <Row field="sampleLeadDays" changed={c("sampleLeadDays")}>
        {was("sampleLeadDays", (v) => daysOrDash(v ?? null))}
        {daysOrDash(quote.sampleLeadDays)}
      </Row>
      <Row field="toolingCostYen" changed={c("toolingCostYen")}>
        {was("toolingCostYen", (v) => yenOrDash(v ?? null))}
        {yenOrDash(quote.toolingCostYen)}
      </Row>
      <Row field="moq" changed={c("moq")}>
        {was("moq", moqText)}
        {moqText(quote.moq)}
      </Row>
      <Row field="leadTimeDays" changed={c("leadTimeDays")}>
        {was("leadTimeDays", (v) => daysOrDash(v ?? null))}
        {daysOrDash(quote.leadTimeDays)}
      </Row>
      <Row field="paymentTerms" changed={c("paymentTerms")}>
        {was("paymentTerms", (v) => v)}
        {quote.paymentTerms}
      </Row>
      <Row field="validUntil" changed={c("validUntil")}>
        {was("validUntil", (v) => (v ? formatDate(v) : "—"))}
        {formatDate(quote.validUntil)}
        {quote.expired && (
          <Badge tone="red" className="ml-2">
            期限切れ
          </Badge>
        )}
      </Row>
      {(quote.notes || c("notes")) && (
        <Row field="notes" changed={c("notes")}>
          <span className="whitespace-pre-wrap">{quote.notes || "（なし）"}</span>
        </Row>
      )}
      {(quote.files.length > 0 || c("files")) && (
        <Row field="files" changed={c("files")}>
          {quote.files.length > 0 ? <DealFileList files={quote.files} /> : "（なし）"}
        </Row>
      )}
    </dl>
  );
}

/** Every version, newest first, each with the fields that changed from the one before. */
export function QuoteHistoryList({
  paths,
  threadId,
  quoteVersion,
  unit,
}: {
  paths: DealPaths;
  threadId: string;
  quoteVersion: number;
  unit?: string;
}) {
  const { data, error, mutate } = useQuoteHistory(paths, threadId, quoteVersion);
  if (quoteVersion < 2) return null;
  if (error) return <LoadError error={error} onRetry={() => void mutate()} />;
  if (!data) return <p className="text-sm text-slate-500">見積の履歴を読み込んでいます…</p>;
  const items = [...data.items].sort((a, b) => b.version - a.version);
  return (
    <details className="group rounded-md border border-slate-200">
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-3 text-sm font-bold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600">
        <History aria-hidden className="size-4 text-slate-500" />
        見積の履歴（{items.length}版）
      </summary>
      <ol className="flex flex-col gap-4 border-t border-slate-100 px-3 py-3">
        {items.map((v) => (
          <li key={v.version} aria-label={`第${v.version}版`}>
            <p className="flex flex-wrap items-center gap-2 text-sm font-bold text-slate-900">
              第{v.version}版
              <span className="text-xs font-normal text-slate-500">
                <time dateTime={v.createdAt}>{formatDateTime(v.createdAt)}</time> 提出
              </span>
              {v.version === quoteVersion && <Badge tone="brand">最新</Badge>}
            </p>
            {v.changed.length > 0 ? (
              <p className="mt-1 text-xs text-amber-900">
                前の版からの変更：{v.changed.map((f) => QUOTE_FIELD_LABELS[f] ?? f).join("、")}
              </p>
            ) : (
              v.version > 1 && <p className="mt-1 text-xs text-slate-500">前の版から変更はありません。</p>
            )}
            <div className="mt-2">
              <QuoteSummary quote={v} showChanges unit={unit} />
            </div>
          </li>
        ))}
      </ol>
    </details>
  );
}
