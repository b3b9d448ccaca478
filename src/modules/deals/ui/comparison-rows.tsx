"use client";

// The comparison's rows: one per term, each with how a supplier's value reads (in the inquiry's unit,
// 「MOQ未満」 and 「要確認」 where there is no price or total) and which values are best.
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/card";
import { formatDate } from "@/lib/japanese-date";
import { yenOrDash } from "@/lib/yen";
import type { ComparisonColumn } from "@/modules/deals/deals.schema";
import { countOrDash, daysOrDash, num } from "./deal-parts";

export interface RowDef {
  key: string;
  label: string;
  /** What "best" means on this row, shown beside the highlighted value. */
  bestLabel?: string;
  value: (c: ComparisonColumn) => ReactNode;
}

function tierCell(c: ComparisonColumn, i: number, unit: string): ReactNode {
  const t = c.tiers[i];
  return t ? (
    <>
      {num(t.quantity)}
      {unit}〜 <span className="font-bold">{yenOrDash(t.unitPriceYen)}</span>
    </>
  ) : (
    "—"
  );
}

const FIGURE_LABELS: Record<ComparisonColumn["missingFigures"][number], string> = {
  sampleCostYen: "サンプル費用",
};

/** The total, or why there is none: under the MOQ, or a needed figure left blank (never ¥0). */
function totalCell(c: ComparisonColumn): ReactNode {
  if (c.totalStatus === "BELOW_MOQ") return <MoqBadge />;
  if (c.totalStatus === "MISSING_FIGURES") {
    return (
      <span className="font-bold text-amber-800">
        要確認（{c.missingFigures.map((f) => FIGURE_LABELS[f]).join("・")}が未記入）
      </span>
    );
  }
  return yenOrDash(c.totalYen);
}

function MoqBadge() {
  return <Badge tone="gold">MOQ未満</Badge>;
}

const REASON_PREFIX: Partial<Record<ComparisonColumn["status"], string>> = {
  WITHDRAWN: "辞退",
  DECLINED: "お見送り",
};

export function comparisonRows(columns: ComparisonColumn[], quantity: number | null, unit = "個"): RowDef[] {
  const tierCount = Math.max(0, ...columns.map((c) => c.tiers.length));
  const q = quantity ? `${num(quantity)}${unit}` : "目標数量";
  const reasons = columns.some((c) => c.reasonLabel);
  return [
    {
      key: "unitPriceYen",
      label: `単価（${q}の場合）`,
      bestLabel: "最安",
      value: (c) =>
        c.belowMoq ? (
          <>
            {yenOrDash(c.unitPriceYen)} <MoqBadge />
          </>
        ) : (
          yenOrDash(c.unitPriceYen)
        ),
    },
    ...Array.from({ length: tierCount }, (_, i) => ({
      key: `tier${i + 1}`,
      label: `数量と単価（第${i + 1}段階）`,
      value: (c: ComparisonColumn) => tierCell(c, i, unit),
    })),
    {
      key: "totalYen",
      label: `総額（${q}・版代・サンプル込み、税抜）`,
      bestLabel: "最安",
      value: totalCell,
    },
    {
      key: "toolingCostYen",
      label: "版代・金型代",
      bestLabel: "最安",
      value: (c) => yenOrDash(c.toolingCostYen),
    },
    {
      key: "sampleCostYen",
      label: "サンプル費用",
      bestLabel: "最安",
      value: (c) => yenOrDash(c.sampleCostYen),
    },
    {
      key: "sampleLeadDays",
      label: "サンプル納期",
      bestLabel: "最短",
      value: (c) => daysOrDash(c.sampleLeadDays),
    },
    {
      key: "moq",
      label: "最小ロット（MOQ）",
      bestLabel: "最小",
      value: (c) => (c.moq === null ? "—" : `${countOrDash(c.moq)}${unit}`),
    },
    {
      key: "leadTimeDays",
      label: "量産リードタイム",
      bestLabel: "最短",
      value: (c) => daysOrDash(c.leadTimeDays),
    },
    {
      key: "validUntil",
      label: "見積の有効期限",
      bestLabel: "最長",
      value: (c) =>
        c.validUntil ? (
          <>
            {formatDate(c.validUntil)}
            {c.expired && (
              <Badge tone="red" className="ml-1.5">
                期限切れ
              </Badge>
            )}
          </>
        ) : (
          "—"
        ),
    },
    { key: "paymentTerms", label: "支払条件", value: (c) => c.paymentTerms ?? "—" },
    // Why a supplier is out, on the table as on the cards (only when some supplier is).
    ...(reasons
      ? [
          {
            key: "reason",
            label: "辞退・お見送りの理由",
            value: (c: ComparisonColumn) =>
              c.reasonLabel ? `${REASON_PREFIX[c.status] ?? "理由"}：${c.reasonLabel}` : "—",
          },
        ]
      : []),
  ];
}

const LOWEST = [
  "unitPriceYen",
  "totalYen",
  "toolingCostYen",
  "sampleCostYen",
  "sampleLeadDays",
  "moq",
  "leadTimeDays",
] as const;

/**
 * The thread ids holding a row's best value: the API's `best` for the row, or (for a row it does
 * not list) the lowest amount / days / MOQ and the latest validity among the quoted suppliers.
 */
export function bestOf(key: string, columns: ComparisonColumn[], best: Record<string, string[]>): string[] {
  if (best[key]) return best[key]!;
  // A price under the MOQ is no price at the target quantity.
  const quoted = columns.filter(
    (c) => c.version !== null && !c.expired && !(key === "unitPriceYen" && c.belowMoq),
  );
  if (key === "validUntil") {
    const dates = quoted.map((c) => c.validUntil).filter((d): d is string => d !== null);
    if (dates.length < 2) return [];
    const top = [...dates].sort().at(-1);
    return quoted.filter((c) => c.validUntil === top).map((c) => c.threadId);
  }
  if (!(LOWEST as readonly string[]).includes(key)) return [];
  const field = key as (typeof LOWEST)[number];
  const values = quoted.map((c) => c[field]).filter((v): v is number => v !== null);
  if (values.length < 2) return [];
  const min = Math.min(...values);
  return quoted.filter((c) => c[field] === min).map((c) => c.threadId);
}
