import type { Metadata } from "next";
import { forbidden } from "next/navigation";
import { requireAreaSession } from "@/components/layout/account-guard";
import { Alert } from "@/components/ui/alert";
import { CompanyDeleteFlow } from "@/modules/companies/ui/settings/company-delete-flow";

export const metadata: Metadata = { title: "退会手続き" };

// ADMIN only: a GENERAL member gets the 403 screen (HTTP 403, forbidden.tsx) (the API refuses them too).
export default async function SupplierCompanyDeletePage() {
  const { session, companyId } = await requireAreaSession("oem");
  if (session.companyUserProfile?.role !== "ADMIN") forbidden();
  return (
    <CompanyDeleteFlow
      key={companyId}
      side="SUPPLIER"
      companyId={companyId}
      companyName={session.companyDetails?.name ?? ""}
      effects={
        <>
          <li>
            <span className="font-bold">公開ページが削除されます。</span>
            企業ページは表示されなくなり、OEMメーカー検索の結果にも表示されません。
          </li>
          <li>
            <span className="font-bold">エントリー中の案件はすべて取り下げられます。</span>
            受付中の指名案件も締め切られます。
          </li>
          <li>登録した基本情報・OEM情報・事例・画像は閲覧も編集もできなくなります。</li>
        </>
      }
      notice={
        session.companyDetails?.paymentStatus === "OEM_PAID" && (
          <Alert tone="info" className="mt-4">
            無制限プランをご契約中です。退会の前に、プランの解約手続きがお済みかご確認ください。
          </Alert>
        )
      }
    />
  );
}
