import { HIDDEN_NAME } from "@/lib/hidden-name";
import { todayInJapan } from "@/lib/japan-time";
import { buyerInquiryOf } from "@/modules/inquiries/inquiry.service";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { DbOrTx } from "@/server/db/client";
import { threadsWithCurrentVersion } from "./comparison.repository";
import { quoteExpired } from "./deal.policy";
import type { Comparison, ComparisonColumn } from "./deals.schema";
import { inquiryUnit } from "./quantity-unit";
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

type Priced = Pick<
  ComparisonColumn,
  "unitPriceYen" | "totalYen" | "totalStatus" | "belowMoq" | "missingFigures"
>;

/**
 * The price of a quote at the target quantity. Under the MOQ or the first tier the supplier quoted
 * nothing for that quantity (MOQ未満: the smallest tier's price is shown for reference, no total);
 * a sample the buyer asked for without a cost leaves the total to be confirmed (要確認), never ¥0.
 */
export function pricedAt(
  quote: Pick<ComparisonColumn, "tiers" | "toolingCostYen" | "sampleCostYen" | "moq">,
  target: number,
  sampleWanted: boolean,
): Priced {
  const { unitPriceYen, totalYen } = totalAt(quote, target);
  const smallest = Math.min(...quote.tiers.map((t) => t.quantity));
  const belowMoq = target < Math.max(quote.moq ?? 0, smallest);
  const missingFigures: Priced["missingFigures"] =
    sampleWanted && quote.sampleCostYen === null ? ["sampleCostYen"] : [];
  if (belowMoq) return { unitPriceYen, totalYen: null, totalStatus: "BELOW_MOQ", belowMoq, missingFigures };
  if (missingFigures.length) {
    return { unitPriceYen, totalYen: null, totalStatus: "MISSING_FIGURES", belowMoq, missingFigures };
  }
  return { unitPriceYen, totalYen, totalStatus: "COMPLETE", belowMoq, missingFigures };
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
    // A price under the MOQ is no price at the target quantity: never 最安.
    const valued = live.filter(
      (c) => c[key] !== null && c[key] !== undefined && !(key === "unitPriceYen" && c.belowMoq),
    );
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
        totalStatus: "NO_QUOTE" as const,
        belowMoq: false,
        missingFigures: [],
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
    // A quoted thread always has a target (its smallest tier at worst).
    const priced = pricedAt(v, target ?? Math.min(...v.tiers.map((t) => t.quantity)), inquiry.sampleWanted);
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
    inquiry: {
      id: inquiry.id,
      title: inquiry.title,
      quantity: inquiry.quantity,
      status: inquiry.status,
      unit: inquiryUnit(inquiry),
      sampleWanted: inquiry.sampleWanted,
    },
    quantity: target,
    columns,
    best: bestOf(columns),
  };
}
