"use client";

// The supplier's last 12 months on the my page: nominations received, entries, tickets used
// and public page views (GET /api/oem/company/{companyId}/record/{year}/{month}, one call per
// month). One series at a time as inline SVG bars (no chart library); the 12 months of every
// series are also in a data table for screen readers and for reading exact figures.
import { BarChart3 } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import useSWR from "swr";
import type { z } from "zod";
import { apiFetch } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import { japanWallClock } from "@/lib/japan-time";
import { useSession } from "@/lib/session/session-provider";
import type { monthlyRecord } from "@/modules/billing/billing.schema";

type MonthlyRecord = z.infer<typeof monthlyRecord>;
type SeriesKey = "nominationsReceived" | "entries" | "ticketsUsed" | "pageViews";

const SERIES: { key: SeriesKey; label: string; unit: string; color: string; strong: string }[] = [
  { key: "nominationsReceived", label: "指名件数", unit: "件", color: "#93c5fd", strong: "#2563eb" },
  { key: "entries", label: "エントリー数", unit: "件", color: "#6ee7b7", strong: "#059669" },
  { key: "ticketsUsed", label: "チケット使用数", unit: "枚", color: "#fcd34d", strong: "#d97706" },
  { key: "pageViews", label: "公開ページ閲覧数", unit: "回", color: "#c4b5fd", strong: "#7c3aed" },
];

const numberFormat = new Intl.NumberFormat("ja-JP");

/** The last 12 months in Japan, oldest first, ending with the current month. */
export function lastTwelveMonths(now = new Date()): { year: number; month: number }[] {
  const jst = japanWallClock(now);
  const y = jst.getUTCFullYear();
  const m = jst.getUTCMonth(); // 0-based
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 11 + i, 1));
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
  });
}

/** A round axis maximum (1, 2, 5 × 10^n steps, 4 gridlines). */
export function niceMax(max: number): { top: number; step: number } {
  if (max <= 0) return { top: 4, step: 1 };
  const raw = max / 4;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((f) => f * mag).find((s) => s >= raw) ?? 10 * mag;
  const stepInt = Math.max(1, Math.ceil(step));
  return { top: stepInt * Math.ceil(max / stepInt), step: stepInt };
}

export function MonthlyChart({ companyId: given }: { companyId?: string }) {
  const { data: session } = useSession();
  const companyId = given ?? session?.companyDetails?.id;
  const months = useMemo(() => lastTwelveMonths(), []);
  const { data, error, mutate, isLoading } = useSWR<MonthlyRecord[]>(
    companyId ? ["monthly-record", companyId, months[0]!.year, months[0]!.month] : null,
    () =>
      Promise.all(
        months.map((m) =>
          apiFetch<MonthlyRecord>(`/api/oem/company/${companyId}/record/${m.year}/${m.month}`),
        ),
      ),
  );
  const [series, setSeries] = useState<SeriesKey>("nominationsReceived");
  const titleId = useId();
  const current = SERIES.find((s) => s.key === series)!;

  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-3 desktop:px-6">
        <h2 id={titleId} className="flex items-center gap-2 text-base font-bold text-slate-900">
          <BarChart3 aria-hidden className="size-5 text-brand-600" />
          月次実績（直近12か月）
        </h2>
        <span className="text-xs text-slate-500">
          {months[0]!.year}年{months[0]!.month}月〜{months[11]!.year}年{months[11]!.month}月
        </span>
      </div>
      <div className="px-4 py-4 desktop:px-6">
        {error ? (
          <div role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-800">
            月次実績を読み込めませんでした。
            <button
              type="button"
              onClick={() => void mutate()}
              className="ml-2 font-bold underline underline-offset-4"
            >
              もう一度読み込む
            </button>
          </div>
        ) : !data ? (
          <div role="status" aria-busy={isLoading} className="h-64 animate-pulse rounded-md bg-slate-100">
            <span className="sr-only">読み込み中…</span>
          </div>
        ) : (
          <>
            <fieldset>
              <legend className="sr-only">表示する項目</legend>
              <div className="grid grid-cols-2 gap-2 desktop:grid-cols-4">
                {SERIES.map((s) => {
                  const total = data.reduce((sum, r) => sum + r[s.key], 0);
                  const checked = s.key === series;
                  return (
                    <label
                      key={s.key}
                      className={cn(
                        "flex cursor-pointer flex-col rounded-md border-2 px-3 py-2 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
                        checked ? "bg-white" : "border-transparent bg-slate-50 hover:bg-slate-100",
                      )}
                      style={checked ? { borderColor: s.strong } : undefined}
                    >
                      <input
                        type="radio"
                        name={`${titleId}-series`}
                        value={s.key}
                        checked={checked}
                        onChange={() => setSeries(s.key)}
                        className="sr-only"
                      />
                      <span className="flex items-center gap-1.5 text-xs font-bold text-slate-600">
                        <span aria-hidden className="size-2.5 rounded-sm" style={{ background: s.strong }} />
                        {s.label}
                      </span>
                      <span className="mt-0.5 text-lg font-bold text-slate-900 tabular-nums">
                        {numberFormat.format(total)}
                        <span className="ml-0.5 text-xs font-normal text-slate-600">{s.unit}</span>
                        <span className="ml-1 text-xs font-normal text-slate-500">/12か月</span>
                      </span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
            <Bars records={data} series={current} />
            <details className="mt-3 text-sm">
              <summary className="cursor-pointer font-bold text-brand-700 hover:underline">
                数値を表で見る
              </summary>
              <div className="mt-2 overflow-x-auto">
                <table className="w-full min-w-[520px] text-right text-xs tabular-nums desktop:text-sm">
                  <caption className="sr-only">直近12か月の月次実績</caption>
                  <thead className="border-b border-slate-200 text-slate-600">
                    <tr>
                      <th scope="col" className="py-1.5 pr-3 text-left font-bold">
                        月
                      </th>
                      {SERIES.map((s) => (
                        <th key={s.key} scope="col" className="py-1.5 pl-3 font-bold">
                          {s.label}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {data.map((r) => (
                      <tr key={`${r.year}-${r.month}`}>
                        <th scope="row" className="py-1.5 pr-3 text-left font-normal text-slate-700">
                          {r.year}年{r.month}月
                        </th>
                        {SERIES.map((s) => (
                          <td key={s.key} className="py-1.5 pl-3 text-slate-900">
                            {numberFormat.format(r[s.key])}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          </>
        )}
      </div>
    </section>
  );
}

const HEIGHT = 220;
const PAD = { top: 20, right: 4, bottom: 36, left: 40 };

function Bars({ records, series }: { records: MonthlyRecord[]; series: (typeof SERIES)[number] }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const ro = new ResizeObserver(([e]) => e && setWidth(Math.floor(e.contentRect.width)));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const values = records.map((r) => r[series.key]);
  const max = Math.max(...values);
  const { top, step } = niceMax(max);
  const total = values.reduce((a, b) => a + b, 0);
  const peak = records[values.indexOf(max)]!;
  const plotW = Math.max(0, width - PAD.left - PAD.right);
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / records.length;
  const barW = Math.max(6, Math.min(36, slot * 0.62));
  const showValues = slot >= 34;
  // Narrow screens: month numbers only (the axis says 月), and no year label crowding the next.
  const compact = slot < 30;
  const janAt = records.findIndex((r) => r.month === 1);
  const showYear = (i: number) => records[i]!.month === 1 || (i === 0 && (janAt === -1 || janAt > 2));
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const summary =
    max === 0
      ? `直近12か月の${series.label}はありません。`
      : `直近12か月の${series.label}の棒グラフ。合計${numberFormat.format(total)}${series.unit}、最も多いのは${peak.year}年${peak.month}月の${numberFormat.format(max)}${series.unit}。`;

  return (
    <div ref={box} className="mt-4 w-full" style={{ height: HEIGHT }}>
      {width > 0 && (
        <svg width={width} height={HEIGHT} role="img" aria-label={summary} className="block overflow-visible">
          {ticks.map((t) => (
            <g key={t}>
              <line
                x1={PAD.left}
                x2={width - PAD.right}
                y1={y(t)}
                y2={y(t)}
                stroke={t === 0 ? "#94a3b8" : "#e2e8f0"}
                strokeDasharray={t === 0 ? undefined : "3 3"}
              />
              <text x={PAD.left - 8} y={y(t)} dy="0.35em" textAnchor="end" fontSize={11} fill="#64748b">
                {numberFormat.format(t)}
              </text>
            </g>
          ))}
          {compact && (
            <text x={PAD.left - 8} y={HEIGHT - PAD.bottom + 16} textAnchor="end" fontSize={11} fill="#64748b">
              （月）
            </text>
          )}
          {records.map((r, i) => {
            const v = r[series.key];
            const cx = PAD.left + slot * i + slot / 2;
            const h = (v / top) * plotH;
            const last = i === records.length - 1;
            return (
              <g key={`${r.year}-${r.month}`}>
                <rect
                  x={cx - barW / 2}
                  y={y(v)}
                  width={barW}
                  height={Math.max(0, h)}
                  rx={3}
                  fill={last ? series.strong : series.color}
                >
                  <title>{`${r.year}年${r.month}月：${numberFormat.format(v)}${series.unit}`}</title>
                </rect>
                {showValues && v > 0 && (
                  <text x={cx} y={y(v) - 5} textAnchor="middle" fontSize={11} fontWeight={700} fill="#334155">
                    {numberFormat.format(v)}
                  </text>
                )}
                <text
                  x={cx}
                  y={HEIGHT - PAD.bottom + 16}
                  textAnchor="middle"
                  fontSize={11}
                  fontWeight={last ? 700 : 400}
                  fill={last ? "#0f172a" : "#475569"}
                >
                  {compact ? r.month : `${r.month}月`}
                </text>
                {showYear(i) && (
                  <text x={cx} y={HEIGHT - PAD.bottom + 30} textAnchor="middle" fontSize={10} fill="#94a3b8">
                    {r.year}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      )}
    </div>
  );
}
