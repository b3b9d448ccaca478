import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { ErrorScreen } from "@/components/layout/error-screen";
import { CompanyDeleteFlow } from "@/modules/companies/ui/settings/company-delete-flow";

export const metadata: Metadata = { title: "退会手続き" };

// ADMIN only: a GENERAL member gets the 403 screen (the API refuses them too).
export default async function SupplierCompanyDeletePage() {
  const { session, companyId } = await requireAreaSession("oem");
  if (session.companyUserProfile?.role !== "ADMIN") return <ErrorScreen status={403} />;
  return (
    <CompanyDeleteFlow
      key={companyId}
      companyId={companyId}
      companyName={session.companyDetails?.name ?? ""}
      paid={session.companyDetails?.paymentStatus === "OEM_PAID"}
    />
  );
}
