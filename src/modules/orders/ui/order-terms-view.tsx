"use client";

// The terms of one order version as the pages show them: items with amounts and tax, the delivery
// schedule with the inspection and payment dates of each delivery, place, payment, paid materials
// and the terms still open; and a pending change as the rows that differ from the terms in force.
import type { ReactNode } from "react";
import type { z } from "zod";
import { Badge } from "@/components/ui/card";
import { japaneseDate } from "@/lib/japanese-date";
import { yenSuffixed } from "@/lib/yen";
import { ORDER_STATUS_LABELS, type OrderStatus } from "@/modules/orders/order.policy";
import { OPEN_TERM_LABELS, PAYMENT_METHOD_LABELS } from "@/modules/orders/order-terms";
import type { orderTermsView } from "@/modules/orders/order-view.schema";

export type OrderTerms = z.infer<typeof orderTermsView>;

const STATUS_TONE: Record<OrderStatus, "gold" | "green" | "red"> = {
  ISSUED: "gold",
  ACCEPTED: "green",
  RETURNED: "red",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={STATUS_TONE[status]}>{ORDER_STATUS_LABELS[status]}</Badge>;
}

const num = new Intl.NumberFormat("ja-JP");
export const quantityIn = (quantity: number, unit: string) => `${num.format(quantity)}${unit}`;

/** The unit price a change order moves (tooling and samples stay as ordered). */
export const goodsUnitPrice = (t: OrderTerms) => t.tier.unitPriceYen;

export const placeText = (p: OrderTerms["place"]) =>
  p ? `${p.address}${p.contact ? `（${p.contact}）` : ""}` : "未定";

export function deliveryText(t: OrderTerms): string {
  return t.deliveries.map((d) => `${japaneseDate(d.date)} ${quantityIn(d.quantity, t.unit)}`).join("、");
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 border-b border-slate-100 py-3 last:border-b-0 desktop:flex-row desktop:gap-6">
      <dt className="shrink-0 text-sm font-bold text-slate-600 desktop:w-40">{label}</dt>
      <dd className="min-w-0 text-sm leading-7 break-words text-slate-900">{children}</dd>
    </div>
  );
}

const cell = "px-3 py-2 text-right tabular-nums whitespace-nowrap";

/** Phones: each line as a card and the totals under it (a 4-column table would scroll the total away). */
function LinesList({ terms: t }: { terms: OrderTerms }) {
  const total = (label: string, value: number, strong = false) => (
    <div
      className={`flex justify-between gap-3 ${strong ? "text-base font-bold text-slate-900" : "text-slate-600"}`}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{yenSuffixed(value)}</dd>
    </div>
  );
  return (
    <div className="flex flex-col gap-2 desktop:hidden">
      <ul aria-label="品目と金額" className="flex flex-col gap-2">
        {t.lines.map((l) => (
          <li key={l.kind} className="rounded-md border border-slate-200 px-3 py-2 text-sm">
            <p className="font-bold break-words text-slate-900">{l.label}</p>
            <p className="mt-1 flex flex-wrap justify-between gap-x-3 text-slate-700 tabular-nums">
              <span>
                {quantityIn(l.quantity, l.unit)} × {yenSuffixed(l.unitPriceYen)}
              </span>
              <span className="font-bold text-slate-900">{yenSuffixed(l.amountYen)}</span>
            </p>
          </li>
        ))}
      </ul>
      <dl className="flex flex-col gap-1 rounded-md bg-slate-50 px-3 py-2 text-sm">
        {total("小計", t.subtotalYen)}
        {total(`消費税（${t.taxRatePercent}%）`, t.taxYen)}
        {total("合計（税込）", t.totalYen, true)}
      </dl>
    </div>
  );
}

function LinesTable({ terms: t }: { terms: OrderTerms }) {
  return (
    <div className="hidden overflow-x-auto rounded-md border border-slate-200 desktop:block">
      <table className="w-full min-w-[480px] text-sm">
        <caption className="sr-only">品目と金額</caption>
        <thead className="bg-slate-50 text-xs text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2 text-left">
              品目
            </th>
            <th scope="col" className={cell}>
              数量
            </th>
            <th scope="col" className={cell}>
              単価
            </th>
            <th scope="col" className={cell}>
              金額
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {t.lines.map((l) => (
            <tr key={l.kind}>
              <th scope="row" className="px-3 py-2 text-left font-normal">
                {l.label}
              </th>
              <td className={cell}>{quantityIn(l.quantity, l.unit)}</td>
              <td className={cell}>{yenSuffixed(l.unitPriceYen)}</td>
              <td className={cell}>{yenSuffixed(l.amountYen)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-slate-200">
          <tr>
            <th scope="row" colSpan={3} className="px-3 py-1.5 text-right font-normal text-slate-600">
              小計
            </th>
            <td className={cell}>{yenSuffixed(t.subtotalYen)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={3} className="px-3 py-1.5 text-right font-normal text-slate-600">
              消費税（{t.taxRatePercent}%）
            </th>
            <td className={cell}>{yenSuffixed(t.taxYen)}</td>
          </tr>
          <tr className="bg-slate-50">
            <th scope="row" colSpan={3} className="px-3 py-2 text-right font-bold">
              合計（税込）
            </th>
            <td className={`${cell} text-base font-bold`}>{yenSuffixed(t.totalYen)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function DeliveriesList({ terms: t }: { terms: OrderTerms }) {
  return (
    <ul aria-label="納期と支払期日" className="flex flex-col gap-2 desktop:hidden">
      {t.deliveries.map((d) => (
        <li key={d.seq} className="rounded-md border border-slate-200 px-3 py-2 text-sm leading-6">
          <p className="flex flex-wrap justify-between gap-x-3 font-bold text-slate-900">
            <span>
              第{d.seq}回 納期 {japaneseDate(d.date)}
            </span>
            <span className="tabular-nums">{quantityIn(d.quantity, t.unit)}</span>
          </p>
          <p className="text-slate-700">
            検査完了期日：{d.inspectionBy ? japaneseDate(d.inspectionBy) : "検査なし"}
          </p>
          <p className="text-slate-700">
            支払期日：{japaneseDate(d.paymentDue)}
            <span className="text-xs text-slate-500">（受領日から{d.paymentDay}日目）</span>
          </p>
        </li>
      ))}
    </ul>
  );
}

function DeliveriesTable({ terms: t }: { terms: OrderTerms }) {
  return (
    <div className="hidden overflow-x-auto rounded-md border border-slate-200 desktop:block">
      <table className="w-full min-w-[560px] text-sm">
        <caption className="sr-only">納期と支払期日</caption>
        <thead className="bg-slate-50 text-xs text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2 text-left">
              回
            </th>
            <th scope="col" className="px-3 py-2 text-left">
              納期
            </th>
            <th scope="col" className={cell}>
              数量
            </th>
            <th scope="col" className="px-3 py-2 text-left">
              検査完了期日
            </th>
            <th scope="col" className="px-3 py-2 text-left">
              支払期日
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {t.deliveries.map((d) => (
            <tr key={d.seq}>
              <td className="px-3 py-2">第{d.seq}回</td>
              <td className="px-3 py-2 whitespace-nowrap">{japaneseDate(d.date)}</td>
              <td className={cell}>{quantityIn(d.quantity, t.unit)}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {d.inspectionBy ? japaneseDate(d.inspectionBy) : "検査なし"}
              </td>
              <td className="px-3 py-2">
                <span className="whitespace-nowrap">{japaneseDate(d.paymentDue)}</span>
                <span className="block text-xs text-slate-500">受領日から{d.paymentDay}日目</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function OrderTermsView({ terms: t }: { terms: OrderTerms }) {
  const method = PAYMENT_METHOD_LABELS[t.payment.method];
  return (
    <div className="flex flex-col gap-5">
      <div>
        <p className="text-base font-bold text-slate-900">{t.title}</p>
        {t.specification && (
          <p className="mt-1 text-sm leading-7 whitespace-pre-wrap text-slate-700">{t.specification}</p>
        )}
      </div>
      <LinesTable terms={t} />
      <LinesList terms={t} />
      <DeliveriesTable terms={t} />
      <DeliveriesList terms={t} />
      <dl>
        <Row label="納入場所">{placeText(t.place)}</Row>
        <Row label="検査">
          {t.inspection.required
            ? `受領後${t.inspection.daysAfterReceipt ?? "—"}日以内に検査を完了`
            : "検査なし"}
        </Row>
        <Row label="支払条件">{t.payment.termsLabel}</Row>
        <Row label="支払方法">
          {method}
          {t.payment.methodDetail && `（${t.payment.methodDetail}）`}
          <span className="block text-slate-600">
            {t.payment.method === "BANK_TRANSFER"
              ? "振込手数料は発注者負担"
              : "支払期日までに満額を現金化できるもの。割引料等は発注者負担"}
          </span>
        </Row>
        {t.paidMaterials.length > 0 && (
          <Row label="有償支給材">
            <ul className="flex flex-col gap-1">
              {t.paidMaterials.map((m) => (
                <li key={`${m.item}-${m.handoverDate}`}>
                  {m.item} {quantityIn(m.quantity, m.unit)} × {yenSuffixed(m.unitPriceYen)}（引渡し{" "}
                  {japaneseDate(m.handoverDate)}、精算 {japaneseDate(m.settlementDate)}・{m.settlementMethod}
                  ）
                </li>
              ))}
            </ul>
          </Row>
        )}
        {t.openTerms.length > 0 && (
          <Row label="未定事項">
            <ul className="flex flex-col gap-1">
              {t.openTerms.map((o) => (
                <li key={o.field}>
                  <span className="font-bold">{OPEN_TERM_LABELS[o.field]}</span>：{o.reason}（
                  {japaneseDate(o.expectedBy)}までに確定予定）
                </li>
              ))}
            </ul>
          </Row>
        )}
        {t.notes && (
          <Row label="備考">
            <span className="whitespace-pre-wrap">{t.notes}</span>
          </Row>
        )}
      </dl>
    </div>
  );
}

/** The rows a change order moves, before → after (quantity, price, deliveries, place, total). */
export function termsDiff(
  from: OrderTerms,
  to: OrderTerms,
): { label: string; before: string; after: string }[] {
  const rows = [
    { label: "数量", before: quantityIn(from.quantity, from.unit), after: quantityIn(to.quantity, to.unit) },
    { label: "単価", before: yenSuffixed(goodsUnitPrice(from)), after: yenSuffixed(goodsUnitPrice(to)) },
    { label: "納期", before: deliveryText(from), after: deliveryText(to) },
    {
      label: "支払期日",
      before: from.deliveries.map((d) => japaneseDate(d.paymentDue)).join("、"),
      after: to.deliveries.map((d) => japaneseDate(d.paymentDue)).join("、"),
    },
    { label: "納入場所", before: placeText(from.place), after: placeText(to.place) },
    { label: "合計（税込）", before: yenSuffixed(from.totalYen), after: yenSuffixed(to.totalYen) },
  ];
  return rows.filter((r) => r.before !== r.after);
}

export function TermsDiff({ from, to }: { from: OrderTerms; to: OrderTerms }) {
  const rows = termsDiff(from, to);
  if (rows.length === 0) return <p className="text-sm text-slate-600">条件の変更はありません。</p>;
  return (
    <dl
      aria-label="変更前と変更後"
      className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm"
    >
      <div
        aria-hidden
        className="hidden bg-slate-50 px-3 py-2 text-xs font-bold text-slate-600 desktop:grid desktop:grid-cols-[8rem_1fr_1fr] desktop:gap-4"
      >
        <span>項目</span>
        <span>現在</span>
        <span>変更後</span>
      </div>
      {rows.map((r) => (
        <div
          key={r.label}
          className="flex flex-col gap-1 px-3 py-2 desktop:grid desktop:grid-cols-[8rem_1fr_1fr] desktop:gap-4"
        >
          <dt className="font-bold text-slate-900">{r.label}</dt>
          <dd className="text-slate-500 line-through decoration-slate-400">
            <span className="sr-only">現在：</span>
            {r.before}
          </dd>
          <dd className="font-bold text-slate-900">
            <span className="text-xs font-normal text-slate-600 desktop:sr-only">変更後：</span>
            {r.after}
          </dd>
        </div>
      ))}
    </dl>
  );
}
