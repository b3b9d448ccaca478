import { type CsvColumn, toCsv } from "@/lib/csv";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { DbOrTx } from "@/server/db/client";
import { compareQuotes } from "./comparison.service";
import { DEAL_STATUS_LABELS } from "./deal.policy";
import type { ComparisonColumn } from "./deals.schema";

// The comparison as CSV: the same table as the screen, one row per supplier, quantities in the
// inquiry's unit, and the same words where a total cannot be given (MOQ未満, 要確認).

const FIGURE_LABELS: Record<ComparisonColumn["missingFigures"][number], string> = {
  sampleCostYen: "サンプル費用",
};

/** The total as the table says it: the amount, 「MOQ未満」 or 「要確認（…）」; empty without a quote. */
export function totalText(c: ComparisonColumn): number | string | null {
  if (c.totalStatus === "BELOW_MOQ") return "MOQ未満";
  if (c.totalStatus === "MISSING_FIGURES") {
    return `要確認（${c.missingFigures.map((f) => FIGURE_LABELS[f]).join("、")}）`;
  }
  return c.totalYen;
}

function columnsFor(unit: string, quantity: number | null): Array<CsvColumn<ComparisonColumn>> {
  return [
    { header: "メーカー", value: (c) => c.supplier.name },
    { header: "状況", value: (c) => DEAL_STATUS_LABELS[c.status] },
    { header: "見積の版", value: (c) => c.version },
    { header: `単価（円・${quantity ?? "—"}${unit}のとき）`, value: (c) => c.unitPriceYen },
    { header: "MOQ未満", value: (c) => (c.version === null ? null : c.belowMoq ? "はい" : "いいえ") },
    { header: "合計（円・税抜）", value: totalText },
    {
      header: "数量別単価",
      value: (c) => c.tiers.map((t) => `${t.quantity}${unit}以上 ${t.unitPriceYen}円`).join(" / "),
    },
    { header: "版代・金型代（円）", value: (c) => c.toolingCostYen },
    { header: "サンプル費用（円）", value: (c) => c.sampleCostYen },
    { header: "サンプル納期（日）", value: (c) => c.sampleLeadDays },
    { header: `最小ロット（${unit}）`, value: (c) => c.moq },
    { header: "量産リードタイム（日）", value: (c) => c.leadTimeDays },
    { header: "支払条件", value: (c) => c.paymentTerms },
    { header: "見積の有効期限", value: (c) => c.validUntil },
    { header: "期限切れ", value: (c) => (c.version === null ? null : c.expired) },
    { header: "理由", value: (c) => c.reasonLabel },
    { header: "認証・許可（認証確認済み）", value: (c) => c.certifications.map((t) => t.name).join("、") },
    // The track record (computed by the platform; 「実績なし」 as empty below 3 nominations / ratings).
    { header: "指名への回答率（%）", value: (c) => c.record.responseRatePercent },
    { header: "指名件数", value: (c) => c.record.nominations },
    { header: "初回見積までの中央値（分）", value: (c) => c.record.medianFirstQuoteMinutes },
    { header: "見積件数", value: (c) => c.record.quotesSent },
    { header: "受注件数", value: (c) => c.record.awardsWon },
    { header: "評価（5点満点）", value: (c) => c.record.ratings.overall },
    { header: "評価件数", value: (c) => (c.record.ratings.overall === null ? null : c.record.ratings.count) },
  ];
}

/** GET …/comparison.csv: the same table, one row per supplier (UTF-8 with BOM, Japanese headers). */
export async function comparisonCsv(
  scope: CompanyScope,
  db: DbOrTx,
  inquiryId: string,
  quantity?: number,
): Promise<{ filename: string; body: string }> {
  const table = await compareQuotes(scope, db, inquiryId, quantity);
  return {
    filename: `comparison-${table.inquiry.id.slice(0, 8)}.csv`,
    body: toCsv(columnsFor(table.inquiry.unit, table.quantity), table.columns),
  };
}
