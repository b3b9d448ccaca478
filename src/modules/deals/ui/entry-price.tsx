"use client";

// The price cell of an entry on the buyer's inquiry page (issue 33, item 4): the entry's price is
// indicative (概算) until the supplier quotes in the thread; from then on the cell points to the
// quote, so 「提案単価 480円」 never stands beside a 455円 quote.
import useSWR from "swr";
import Link from "@/components/ui/link";
import { yenOrDash } from "@/lib/yen";
import { dealPaths, type ThreadsPage } from "./deal-api";

export function EntryPriceFact({
  companyId,
  inquiryId,
  supplierCompanyId,
  proposedUnitPriceYen,
}: {
  companyId: string;
  inquiryId: string;
  supplierCompanyId: string;
  proposedUnitPriceYen: number | null;
}) {
  // The same key as the page's 「商談中のメーカー」 list: one request for both.
  const { data } = useSWR<ThreadsPage>(dealPaths(companyId).threads({ inquiryId, perPage: 100 }));
  const thread = data?.items.find((t) => t.counterpart.companyId === supplierCompanyId);
  if (thread && thread.quoteVersion > 0) {
    return (
      <div className="rounded-md bg-slate-50 px-3 py-2">
        <dt className="text-xs font-bold text-slate-600">見積</dt>
        <dd className="mt-0.5 font-bold text-slate-900">
          <Link
            href={`/account/buyer/deals/${thread.id}`}
            className="text-brand-700 underline underline-offset-4 hover:text-brand-800"
          >
            第{thread.quoteVersion}版を商談スレッドで見る
          </Link>
        </dd>
      </div>
    );
  }
  return (
    <div className="rounded-md bg-slate-50 px-3 py-2">
      <dt className="text-xs font-bold text-slate-600">概算単価（見積前の目安）</dt>
      <dd className="mt-0.5 font-bold text-slate-900">{yenOrDash(proposedUnitPriceYen)}</dd>
    </div>
  );
}
