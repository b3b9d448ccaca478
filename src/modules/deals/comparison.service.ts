import { type CsvColumn, toCsv } from "@/lib/csv";
import { HIDDEN_NAME } from "@/lib/hidden-name";
import { todayInJapan } from "@/lib/japan-time";
import { buyerInquiryOf } from "@/modules/inquiries/inquiry.service";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { DbOrTx } from "@/server/db/client";
import { threadsWithCurrentVersion } from "./comparison.repository";
import { DEAL_STATUS_LABELS, quoteExpired } from "./deal.policy";
import type { Comparison, ComparisonColumn } from "./deals.schema";
import { supplierFiguresOf } from "./supplier-record.service";
import { reasonLabelOf } from "./thread-view";

// The buyer's comparison of every supplier's current quote for one inquiry: three queries whatever
// the number of suppliers and versions (the inquiry; the threads joined with their current version;
// the suppliers' track records with their ratings).

type Tier = { quantity: number; unitPriceYen: number };

const UNITS: Record<string, number> = { 千: 1_000, 万: 10_000 };

/** Counts of kinds rather than pieces: 「2種×各1,500本」 orders 1,500 (or 3,000), not 2. */
const KINDS = /^(?:種|色|品目|品番|型|柄|SKU|サイズ|アイテム)/i;
const NUMBER = /(\d[\d,]*(?:\.\d+)?)\s*([千万])?/g;

/**
 * The quantity a quantity text orders, for the comparison's default target: the number after 合計 when
 * there is one, else the first number that is not a count of kinds (種, 色, SKU…), after a short prefix
 * such as 初回 or 約: "初回3,000本、以降月1,000本" → 3000, "2種×各1,500本（合計3,000本）" → 3000,
 * "１万個" → 10000, "約1.5千個" → 1500; null without one.
 */
export function leadingQuantity(text: string): number | null {
  const half = text.normalize("NFKC");
  const value = (m: RegExpExecArray) =>
    Math.round(Number(m[1]!.replace(/,/g, "")) * (m[2] ? UNITS[m[2]]! : 1));
  const total = /合計\s*(\d[\d,]*(?:\.\d+)?)\s*([千万])?/.exec(half);
  let n: number | undefined = total ? value(total) : undefined;
  if (n === undefined) {
    for (const m of half.matchAll(NUMBER)) {
      if (KINDS.test(half.slice(m.index + m[0].length))) continue;
      n = value(m as RegExpExecArray);
      break;
    }
  }
  return n !== undefined && Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** The tier with the largest quantity ≤ target, else the smallest tier. */
export function tierAt(tiers: Tier[], target: number): Tier | undefined {
  const sorted = [...tiers].sort((a, b) => a.quantity - b.quantity);
  return sorted.filter((t) => t.quantity <= target).at(-1) ?? sorted[0];
}

/** unit × quantity + tooling + sample (tax excluded). */
export function totalAt(
  column: Pick<ComparisonColumn, "tiers" | "toolingCostYen" | "sampleCostYen">,
  target: number,
) {
  const tier = tierAt(column.tiers, target);
  if (!tier) return { unitPriceYen: null, totalYen: null };
  return {
    unitPriceYen: tier.unitPriceYen,
    totalYen: tier.unitPriceYen * target + (column.toolingCostYen ?? 0) + (column.sampleCostYen ?? 0),
  };
}

/** Row keys of the table and which value is best. */
const BEST: Array<{ key: keyof ComparisonColumn; best: "lowest" | "latest" }> = [
  { key: "unitPriceYen", best: "lowest" },
  { key: "totalYen", best: "lowest" },
  { key: "toolingCostYen", best: "lowest" },
  { key: "sampleCostYen", best: "lowest" },
  { key: "moq", best: "lowest" },
  { key: "leadTimeDays", best: "lowest" },
  { key: "sampleLeadDays", best: "lowest" },
  { key: "validUntil", best: "latest" },
];

function bestOf(columns: ComparisonColumn[]): Record<string, string[]> {
  // Quoted columns whose quote still stands: not expired, not withdrawn (辞退) by the supplier.
  const live = columns.filter((c) => c.version !== null && !c.expired && c.status !== "WITHDRAWN");
  const out: Record<string, string[]> = {};
  for (const { key, best } of BEST) {
    const valued = live.filter((c) => c[key] !== null && c[key] !== undefined);
    if (!valued.length) {
      out[key] = [];
      continue;
    }
    const values = valued.map((c) => c[key] as number | string);
    const pick = values.reduce((a, b) => ((best === "lowest" ? b < a : b > a) ? b : a));
    out[key] = valued.filter((c) => c[key] === pick).map((c) => c.threadId);
  }
  return out;
}

/** GET …/comparison: one column per supplier thread of the buyer's inquiry; 404 for another company's. */
export async function compareQuotes(
  scope: CompanyScope,
  db: DbOrTx,
  inquiryId: string,
  quantity?: number,
): Promise<Comparison> {
  const inquiry = await buyerInquiryOf(scope, db, inquiryId);
  const rows = await threadsWithCurrentVersion(db, inquiry.id);
  const records = await supplierFiguresOf(
    db,
    rows.map((r) => r.supplierCompanyId),
  );
  const today = todayInJapan();
  const target =
    quantity ??
    leadingQuantity(inquiry.quantity) ??
    rows
      .map((r) => (r.version ? Math.min(...r.version.tiers.map((t) => t.quantity)) : null))
      .filter((n): n is number => n !== null)
      .sort((a, b) => a - b)[0] ??
    null;
  const columns: ComparisonColumn[] = rows.map((r) => {
    const v = r.version;
    const shown = r.supplierNamed;
    const base = {
      threadId: r.threadId,
      supplier: {
        companyId: r.supplierCompanyId,
        name: shown ? r.supplierName : HIDDEN_NAME,
        profileUrl: `/oem/company/${r.supplierCompanyId}`,
      },
      status: r.status,
      reasonLabel: reasonLabelOf(r.status, r.reasonCode),
      // one row per id asked for: a supplier without a computed record reads as zeros
      record: records.get(r.supplierCompanyId)!,
      certifications: r.certifications,
    };
    if (!v) {
      return {
        ...base,
        version: null,
        unitPriceYen: null,
        tiers: [],
        totalYen: null,
        toolingCostYen: null,
        sampleCostYen: null,
        sampleLeadDays: null,
        moq: null,
        leadTimeDays: null,
        paymentTerms: null,
        validUntil: null,
        expired: false,
      };
    }
    const priced = target === null ? { unitPriceYen: null, totalYen: null } : totalAt(v, target);
    return {
      ...base,
      version: v.version,
      ...priced,
      tiers: v.tiers,
      toolingCostYen: v.toolingCostYen,
      sampleCostYen: v.sampleCostYen,
      sampleLeadDays: v.sampleLeadDays,
      moq: v.moq,
      leadTimeDays: v.leadTimeDays,
      paymentTerms: v.paymentTerms,
      validUntil: v.validUntil,
      expired: quoteExpired(v.validUntil, today),
    };
  });
  return {
    inquiry: { id: inquiry.id, title: inquiry.title, quantity: inquiry.quantity, status: inquiry.status },
    quantity: target,
    columns,
    best: bestOf(columns),
  };
}

const CSV_COLUMNS: Array<CsvColumn<ComparisonColumn>> = [
  { header: "メーカー", value: (c) => c.supplier.name },
  { header: "状況", value: (c) => DEAL_STATUS_LABELS[c.status] },
  { header: "見積の版", value: (c) => c.version },
  { header: "単価（円）", value: (c) => c.unitPriceYen },
  { header: "合計（円・税抜）", value: (c) => c.totalYen },
  {
    header: "数量別単価",
    value: (c) => c.tiers.map((t) => `${t.quantity}個以上 ${t.unitPriceYen}円`).join(" / "),
  },
  { header: "版代・金型代（円）", value: (c) => c.toolingCostYen },
  { header: "サンプル費用（円）", value: (c) => c.sampleCostYen },
  { header: "サンプル納期（日）", value: (c) => c.sampleLeadDays },
  { header: "最小ロット", value: (c) => c.moq },
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

/** GET …/comparison.csv: the same table, one row per supplier (UTF-8 with BOM, Japanese headers). */
export async function comparisonCsv(
  scope: CompanyScope,
  db: DbOrTx,
  inquiryId: string,
  quantity?: number,
): Promise<{ filename: string; body: string }> {
  const table = await compareQuotes(scope, db, inquiryId, quantity);
  const header: CsvColumn<ComparisonColumn> = {
    header: `単価（円・${table.quantity ?? "—"}個のとき）`,
    value: (c) => c.unitPriceYen,
  };
  const columns = [...CSV_COLUMNS.slice(0, 3), header, ...CSV_COLUMNS.slice(4)];
  return { filename: `comparison-${table.inquiry.id.slice(0, 8)}.csv`, body: toCsv(columns, table.columns) };
}
