"use client";

// The documents of an order (every version's PDF and the 注文請書) and its 7条 record: what
// happened, when, by whom and why, kept two years after the last event and never deleted.
import { Download, FileText } from "lucide-react";
import { Badge } from "@/components/ui/card";
import { formatDateTime, japaneseDate } from "@/lib/japanese-date";
import type { OrderDetail } from "@/modules/orders/order-view.schema";

const KIND_LABELS = { ORIGINAL: "発注書", CHANGE: "変更発注書", SUPPLEMENT: "補充書面" } as const;
const STATE_LABELS = { PROPOSED: "承諾待ち", ACCEPTED: "有効", REJECTED: "承諾されず" } as const;
const STATE_TONE = { PROPOSED: "gold", ACCEPTED: "green", REJECTED: "slate" } as const;
const PARTY_LABELS: Record<string, string> = { BUYER: "発注者", SUPPLIER: "受注者", SYSTEM: "システム" };

const fileLink =
  "inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm font-bold text-brand-700 hover:border-brand-600/50 hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-brand-600";

export function OrderDocuments({ order }: { order: OrderDetail }) {
  return (
    <ul className="flex flex-col gap-2">
      {order.versions.map((v) => (
        <li key={v.version} className="flex flex-col gap-1">
          <a href={v.pdfUrl} download className={fileLink}>
            <FileText aria-hidden className="size-4 shrink-0" />
            <span className="min-w-0 flex-1">
              {KIND_LABELS[v.kind]}（第{v.version}版）
              <span className="block text-xs font-normal text-slate-500">{formatDateTime(v.createdAt)}</span>
            </span>
            {v.version === order.currentVersion ? (
              <Badge tone="brand">現在の版</Badge>
            ) : (
              v.kind !== "ORIGINAL" && <Badge tone={STATE_TONE[v.state]}>{STATE_LABELS[v.state]}</Badge>
            )}
          </a>
          {v.reason && (
            <p className="pl-1 text-xs leading-5 text-slate-600">
              理由：{v.reason}
              {v.reasonParty && `（原因：${PARTY_LABELS[v.reasonParty]}）`}
              {v.answerReason && ` ／ 受注者の回答：${v.answerReason}`}
            </p>
          )}
        </li>
      ))}
      {order.acceptancePdfUrl && (
        <li>
          <a href={order.acceptancePdfUrl} download className={fileLink}>
            <FileText aria-hidden className="size-4 shrink-0" />
            <span className="min-w-0 flex-1">注文請書</span>
          </a>
        </li>
      )}
    </ul>
  );
}

export function OrderRecord({
  order,
  csvUrl,
  pdfUrl,
}: {
  order: OrderDetail;
  /** The buyer's exports; the supplier has none (the API answers 404). */
  csvUrl?: string;
  pdfUrl?: string;
}) {
  // The record is append-only: the position is a stable part of the key (two events may share a second).
  const events = order.events.map((e, i) => ({ e, key: `${i}-${e.kind}` }));
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm leading-6 text-slate-700">
        この記録は{japaneseDate(order.keptUntil)}まで保存されます（削除できません）。
      </p>
      {csvUrl && pdfUrl && (
        <div className="flex flex-wrap gap-2">
          <a href={csvUrl} download className={fileLink}>
            <Download aria-hidden className="size-4" />
            CSVで出力
          </a>
          <a href={pdfUrl} download className={fileLink}>
            <Download aria-hidden className="size-4" />
            PDFで出力
          </a>
        </div>
      )}
      <ol aria-label="取引の記録" className="flex flex-col gap-2 desktop:hidden">
        {events.map(({ e, key }) => (
          <li key={key} className="rounded-md border border-slate-200 px-3 py-2 text-sm leading-6">
            <p className="text-xs text-slate-500 tabular-nums">
              {formatDateTime(e.at)}・{e.side ? (PARTY_LABELS[e.side] ?? e.side) : "—"}
              {e.actorName && `（${e.actorName}）`}
            </p>
            <p className="font-bold text-slate-900">
              {e.label}
              {e.version !== null && <span className="font-normal text-slate-500">（第{e.version}版）</span>}
            </p>
            {e.detail && <p className="break-words text-slate-700">{e.detail}</p>}
            {e.reason && <p className="break-words text-slate-700">理由：{e.reason}</p>}
          </li>
        ))}
      </ol>
      <div className="hidden overflow-x-auto rounded-md border border-slate-200 desktop:block">
        <table className="w-full text-sm">
          <caption className="sr-only">取引の記録（取適法7条）</caption>
          <thead className="bg-slate-50 text-xs text-slate-600">
            <tr>
              {["日時", "記録", "当事者", "担当者", "内容", "理由"].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 text-left whitespace-nowrap">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 align-top">
            {events.map(({ e, key }) => (
              <tr key={key}>
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatDateTime(e.at)}</td>
                <td className="min-w-36 px-3 py-2 font-bold">
                  {e.label}
                  {e.version !== null && (
                    <span className="font-normal text-slate-500">（第{e.version}版）</span>
                  )}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {e.side ? (PARTY_LABELS[e.side] ?? e.side) : "—"}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{e.actorName ?? "—"}</td>
                <td className="min-w-56 px-3 py-2 leading-6 break-words">{e.detail || "—"}</td>
                <td className="min-w-36 px-3 py-2 leading-6 break-words">{e.reason ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
