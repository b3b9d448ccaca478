"use client";

// The company's invoices (tickets and plan months) with their PDFs
// (GET /api/billing/invoices?companyId=&page=&perPage=; the PDF at /api/billing/invoice/{id}/pdf).
import { FileDown } from "lucide-react";
import { useState } from "react";
import useSWR from "swr";
import type { z } from "zod";
import { Badge } from "@/components/ui/card";
import type { Paged } from "@/components/ui/list-parts";
import { LoadError } from "@/components/ui/load-state";
import { Pager } from "@/components/ui/pager";
import { formatDate } from "@/lib/japanese-date";
import { yen } from "@/lib/yen";
import type { invoice } from "@/modules/billing/billing.schema";

type Invoice = z.infer<typeof invoice>;
const PER_PAGE = 10;

export function InvoiceList({ companyId }: { companyId: string }) {
  const [page, setPage] = useState(1);
  const { data, error, mutate } = useSWR<Paged<Invoice>>(
    `/api/billing/invoices?companyId=${companyId}&page=${page}&perPage=${PER_PAGE}`,
    { keepPreviousData: true },
  );
  return (
    <section
      aria-labelledby="invoices-title"
      className="rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <h2
        id="invoices-title"
        className="border-b border-slate-100 px-4 py-3 text-base font-bold text-slate-900 desktop:px-6"
      >
        請求書一覧
      </h2>
      <div className="px-4 py-4 desktop:px-6">
        {error ? (
          <LoadError error={error} onRetry={() => void mutate()} />
        ) : !data ? (
          <div className="h-24 animate-pulse rounded-md bg-slate-100" />
        ) : data.items.length === 0 ? (
          <p className="text-sm text-slate-600">発行済みの請求書はありません。</p>
        ) : (
          <div className="flex flex-col gap-4">
            {/* Phones: one card per invoice; desktop: a table. */}
            <ul className="flex flex-col gap-2 desktop:hidden">
              {data.items.map((i) => (
                <li key={i.id} className="rounded-md border border-slate-200 p-3 text-sm">
                  <div className="flex items-center justify-between gap-2">
                    <span className="font-bold text-slate-900">{i.number}</span>
                    <Badge tone={i.kind === "PLAN" ? "gold" : "brand"}>{kindLabel(i)}</Badge>
                  </div>
                  <p className="mt-1 text-xs text-slate-600">
                    発行日 {formatDate(i.issuedAt)}・お支払い期限 {formatDate(i.dueOn)}
                  </p>
                  <div className="mt-2 flex items-center justify-between">
                    <span className="font-bold tabular-nums">{yen(i.totalYen)}（税込）</span>
                    <PdfLink invoice={i} />
                  </div>
                </li>
              ))}
            </ul>
            <table className="hidden w-full text-left text-sm desktop:table">
              <caption className="sr-only">請求書一覧</caption>
              <thead className="border-b border-slate-200 text-xs text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-bold">
                    請求書番号
                  </th>
                  <th scope="col" className="py-2 pr-3 font-bold">
                    内容
                  </th>
                  <th scope="col" className="py-2 pr-3 font-bold">
                    発行日
                  </th>
                  <th scope="col" className="py-2 pr-3 font-bold">
                    お支払い期限
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-bold">
                    金額（税込）
                  </th>
                  <th scope="col" className="py-2 text-right font-bold">
                    PDF
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.items.map((i) => (
                  <tr key={i.id}>
                    <td className="py-2.5 pr-3 font-bold tabular-nums text-slate-900">{i.number}</td>
                    <td className="py-2.5 pr-3">{kindLabel(i)}</td>
                    <td className="py-2.5 pr-3 tabular-nums">{formatDate(i.issuedAt)}</td>
                    <td className="py-2.5 pr-3 tabular-nums">{formatDate(i.dueOn)}</td>
                    <td className="py-2.5 pr-3 text-right font-bold tabular-nums">{yen(i.totalYen)}</td>
                    <td className="py-2.5 text-right">
                      <PdfLink invoice={i} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager
              page={page}
              perPage={PER_PAGE}
              total={data.total}
              onPage={setPage}
              label="請求書のページ送り"
            />
          </div>
        )}
      </div>
    </section>
  );
}

function kindLabel(i: Invoice): string {
  if (i.kind === "TICKETS") return "チケット購入";
  const m = i.billingMonth ? /^(\d{4})-(\d{2})/.exec(i.billingMonth) : null;
  return m ? `無制限プラン ${m[1]}年${Number(m[2])}月分` : "無制限プラン";
}

function PdfLink({ invoice: i }: { invoice: Invoice }) {
  return (
    <a
      href={i.pdfUrl || `/api/billing/invoice/${i.id}/pdf`}
      download
      className="inline-flex items-center gap-1 font-bold text-brand-700 underline-offset-4 hover:underline"
    >
      <FileDown aria-hidden className="size-4" />
      ダウンロード
      <span className="sr-only">（{i.number}のPDF）</span>
    </a>
  );
}
