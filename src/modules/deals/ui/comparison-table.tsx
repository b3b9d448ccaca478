"use client";

// The buyer's comparison of the quotes of one inquiry: a column per supplier, a row per term, the
// best value of each row highlighted, sortable by unit price, total or lead time. Up to 1024 px
// wide the rows become one card per supplier. Presentational: the page passes the data and the
// actions of each supplier.
import { ArrowDownUp, Trophy } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Badge } from "@/components/ui/card";
import { Select } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import type { ComparisonColumn } from "@/modules/deals/deals.schema";
import { CertificationRowGroup, CertificationSection } from "./comparison-certifications";
import { bestOf, comparisonRows, type RowDef } from "./comparison-rows";
import { DealStatusBadge } from "./deal-parts";
import { SupplierRecordList, SupplierRecordRowGroup } from "./supplier-record";

export type SortKey = "submitted" | "price" | "total" | "leadTime";

export const SORT_LABELS: Record<SortKey, string> = {
  submitted: "見積の提出順",
  price: "単価が安い順",
  total: "総額が安い順",
  leadTime: "リードタイムが短い順",
};

const SORT_FIELD: Record<Exclude<SortKey, "submitted">, keyof ComparisonColumn> = {
  price: "unitPriceYen",
  total: "totalYen",
  leadTime: "leadTimeDays",
};

/** Columns in the chosen order; suppliers without the value (no quote yet) go last. */
export function sortColumns(columns: ComparisonColumn[], key: SortKey): ComparisonColumn[] {
  if (key === "submitted") return columns;
  const field = SORT_FIELD[key];
  return [...columns].sort((a, b) => {
    const x = a[field] as number | null;
    const y = b[field] as number | null;
    if (x === null && y === null) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    return x - y;
  });
}

function BestMark({ label }: { label: string }) {
  return (
    <span className="ml-1.5 inline-flex items-center gap-0.5 rounded bg-emerald-700 px-1.5 py-0.5 text-[11px] font-bold text-white">
      <Trophy aria-hidden className="size-3" />
      {label}
    </span>
  );
}

export function ComparisonTable({
  columns,
  best,
  quantity,
  unit = "個",
  actions,
  header,
}: {
  columns: ComparisonColumn[];
  best: Record<string, string[]>;
  quantity: number | null;
  /** The inquiry's unit (GET …/comparison's `inquiry.unit`). */
  unit?: string;
  /** The buttons under each supplier (decisions, the thread link). */
  actions?: (c: ComparisonColumn) => ReactNode;
  /** The supplier's name as shown (a link to the thread). */
  header?: (c: ComparisonColumn) => ReactNode;
}) {
  const [sort, setSort] = useState<SortKey>("submitted");
  const sortId = useId();
  const sorted = sortColumns(columns, sort);
  const rows = comparisonRows(columns, quantity, unit);
  // A value is "best" only against another: a row quoted by one supplier has no mark (and a price
  // under the MOQ is not a price at the target).
  const valued = (key: string) =>
    columns.filter(
      (c) =>
        c.version !== null &&
        (c as Record<string, unknown>)[key] != null &&
        !(key === "unitPriceYen" && c.belowMoq),
    ).length;
  const bestIds = new Map(rows.map((r) => [r.key, valued(r.key) >= 2 ? bestOf(r.key, columns, best) : []]));
  const isBest = (row: RowDef, c: ComparisonColumn) =>
    Boolean(row.bestLabel) && bestIds.get(row.key)!.includes(c.threadId);
  const name = (c: ComparisonColumn) => (header ? header(c) : c.supplier.name);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2 print:hidden">
        <label htmlFor={sortId} className="inline-flex items-center gap-1.5 text-sm font-bold text-slate-700">
          <ArrowDownUp aria-hidden className="size-4" />
          並び替え
        </label>
        <Select
          id={sortId}
          value={sort}
          onChange={(e) => setSort(e.target.value as SortKey)}
          className="h-10 w-auto min-w-48"
        >
          {(Object.keys(SORT_LABELS) as SortKey[]).map((k) => (
            <option key={k} value={k}>
              {SORT_LABELS[k]}
            </option>
          ))}
        </Select>
      </div>

      {/* Desktop and print: the table. */}
      <div className="deal-compare-table hidden overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm desktop:block">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">
            見積の比較表（列がメーカー、行が条件。各行の最も良い値に印が付いています）
          </caption>
          <thead>
            <tr className="bg-slate-50">
              <th
                scope="col"
                className="sticky left-0 z-10 w-48 min-w-40 bg-slate-50 px-3 py-3 text-left font-bold text-slate-600"
              >
                条件
              </th>
              {sorted.map((c) => (
                <th
                  key={c.threadId}
                  scope="col"
                  className="min-w-44 px-3 py-3 text-left align-top font-bold text-slate-900"
                >
                  <div className="flex flex-col gap-1">
                    <span className="break-words">{name(c)}</span>
                    <span className="flex flex-wrap gap-1">
                      <DealStatusBadge status={c.status} />
                      {c.version !== null && <Badge tone="slate">第{c.version}版</Badge>}
                    </span>
                  </div>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t border-slate-100">
                <th
                  scope="row"
                  className="sticky left-0 z-10 bg-white px-3 py-2.5 text-left font-bold text-slate-600"
                >
                  {row.label}
                </th>
                {sorted.map((c) => {
                  const b = isBest(row, c);
                  return (
                    <td
                      key={c.threadId}
                      data-best={b || undefined}
                      className={cn(
                        "px-3 py-2.5 align-top tabular-nums text-slate-900",
                        b && "bg-emerald-50 font-bold",
                      )}
                    >
                      {row.value(c)}
                      {b && row.bestLabel && <BestMark label={row.bestLabel} />}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
          <CertificationRowGroup columns={sorted} />
          <SupplierRecordRowGroup columns={sorted.map((c) => ({ key: c.threadId, figures: c.record }))} />
          {actions && (
            <tbody>
              <tr className="border-t border-slate-200 print:hidden">
                <th
                  scope="row"
                  className="sticky left-0 z-10 bg-white px-3 py-3 text-left font-bold text-slate-600"
                >
                  操作
                </th>
                {sorted.map((c) => (
                  <td key={c.threadId} className="px-3 py-3 align-top">
                    <fieldset aria-label={`${c.supplier.name}の操作`} className="flex flex-col gap-2">
                      {actions(c)}
                    </fieldset>
                  </td>
                ))}
              </tr>
            </tbody>
          )}
        </table>
      </div>

      {/* Phones and tablets: a card per supplier. */}
      <ul aria-label="メーカーごとの見積" className="deal-compare-cards flex flex-col gap-4 desktop:hidden">
        {sorted.map((c) => (
          <li
            key={c.threadId}
            aria-label={c.supplier.name}
            className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
          >
            <div className="flex flex-col gap-1.5">
              <h2 className="text-base font-bold break-words text-slate-900">{name(c)}</h2>
              <span className="flex flex-wrap gap-1">
                <DealStatusBadge status={c.status} />
                {c.version !== null && <Badge tone="slate">第{c.version}版</Badge>}
              </span>
            </div>
            {c.version === null ? (
              <p className="mt-3 text-sm text-slate-600">
                {c.reasonLabel ? `見積なし（${c.reasonLabel}）` : "まだ見積は届いていません。"}
              </p>
            ) : (
              <dl className="mt-3">
                {rows.map((row) => {
                  const b = isBest(row, c);
                  return (
                    <div
                      key={row.key}
                      data-best={b || undefined}
                      className={cn(
                        "flex gap-3 border-b border-slate-100 py-2 text-sm",
                        b && "-mx-2 rounded bg-emerald-50 px-2 font-bold",
                      )}
                    >
                      <dt className="w-32 shrink-0 font-bold text-slate-600">{row.label}</dt>
                      <dd className="min-w-0 break-words tabular-nums text-slate-900">
                        {row.value(c)}
                        {b && row.bestLabel && <BestMark label={row.bestLabel} />}
                      </dd>
                    </div>
                  );
                })}
              </dl>
            )}
            <CertificationSection column={c} />
            <section aria-label={`${c.supplier.name}の取引実績`} className="mt-4">
              <h3 className="text-sm font-bold text-slate-700">
                取引実績（当サイトの取引データから自動集計）
              </h3>
              <SupplierRecordList figures={c.record} />
            </section>
            {actions && (
              <fieldset
                aria-label={`${c.supplier.name}の操作`}
                className="mt-4 flex flex-col gap-2 print:hidden"
              >
                {actions(c)}
              </fieldset>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
