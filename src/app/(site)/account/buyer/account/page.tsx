import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { PersonalAccount } from "@/modules/accounts/ui/personal-account";
import { BuyerCompanySettings } from "@/modules/companies/ui/settings/buyer-company-form";

export const metadata: Metadata = { title: "個人アカウント情報" };

export default async function BuyerAccountPage() {
  const { companyId } = await requireAreaSession("buyer");
  return (
    <PersonalAccount
      area="buyer"
      companySection={<BuyerCompanySettings key={companyId} companyId={companyId} />}
    />
  );
}
