"use client";

// /account/buyer/account/delete: the shared deactivation flow with the buyer's effects, which
// say how many of the company's inquiries are still in review or open.
import useSWR from "swr";
import { CompanyDeleteFlow } from "@/modules/companies/ui/settings/company-delete-flow";

export function BuyerDeleteFlow({ companyId, companyName }: { companyId: string; companyName: string }) {
  const open = useSWR<{ total: number }>(`/api/buyer/company/${companyId}/contacts?status=OPEN&perPage=1`);
  const review = useSWR<{ total: number }>(
    `/api/buyer/company/${companyId}/contacts?status=REVIEW&perPage=1`,
  );
  const openCount = (open.data?.total ?? 0) + (review.data?.total ?? 0);
  return (
    <CompanyDeleteFlow
      side="BUYER"
      companyId={companyId}
      companyName={companyName}
      effects={
        <>
          <li>
            <span className="font-bold">審査中・公開中の問い合わせはすべて締め切られます。</span>
            {openCount > 0 && <>（現在 {openCount}件）</>}
            OEMメーカーは新しくエントリーできなくなります。
          </li>
          <li>
            問い合わせ履歴や、エントリーしたOEMメーカーの連絡先は閲覧できなくなります。やり取り中の相手がいる場合は、連絡先を控えてから手続きしてください。
          </li>
        </>
      }
    />
  );
}
