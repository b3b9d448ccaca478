import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import { firstParam, type SearchParams } from "@/lib/form-helpers";
import { OemInformationSettings } from "@/modules/companies/ui/settings/oem-information-form";

export const metadata: Metadata = { title: "OEM情報" };

// ?from=login is the login redirect variant (spec §2): the login route sends a supplier here
// with /oem/login?redirect=/account/oem/company-information%3Ffrom%3Dlogin, and the page
// greets them with where to start.
export default async function SupplierOemInformationPage({ searchParams }: { searchParams: SearchParams }) {
  const { companyId } = await requireAreaSession("oem");
  const fromLogin = firstParam((await searchParams).from) === "login";
  return <OemInformationSettings key={companyId} companyId={companyId} fromLogin={fromLogin} />;
}
