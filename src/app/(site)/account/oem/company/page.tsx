import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { CompanyBasicSettings } from "@/modules/companies/ui/settings/company-basic-form";

export const metadata: Metadata = { title: "基本情報" };

export default async function SupplierCompanyPage() {
  const { session, companyId } = await requireAreaSession("oem");
  return (
    <CompanyBasicSettings
      key={companyId}
      companyId={companyId}
      isAdmin={session.companyUserProfile?.role === "ADMIN"}
    />
  );
}
