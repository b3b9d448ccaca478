import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { PageHeader } from "@/components/ui/page-parts";
import { CertificationsSettings } from "@/modules/certifications/ui/certifications-settings";
import { CapabilitiesSettings } from "@/modules/companies/ui/settings/capabilities-form";

export const metadata: Metadata = { title: "対応能力・認証" };

// The supplier's structured capabilities and its certificates (issue 20): what buyers filter and
// match on, and the badges 「認証確認済み」 the operator grants from the uploaded documents.
export default async function SupplierCapabilitiesPage() {
  const { companyId } = await requireAreaSession("oem");
  return (
    <div key={companyId} className="flex flex-col gap-6 desktop:gap-8">
      <PageHeader
        title="対応能力・認証"
        lead="MOQや月産能力、対応できる加工・素材と、取得している認証・許可を登録しましょう。発注者の検索や「条件に合うメーカー」の提案に使われます。"
      />
      <CapabilitiesSettings companyId={companyId} />
      <CertificationsSettings companyId={companyId} />
    </div>
  );
}
