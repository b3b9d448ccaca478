import type { Metadata } from "next";
import { CompanyDeleteComplete } from "@/modules/companies/ui/settings/company-delete-complete";

export const metadata: Metadata = { title: "退会手続き完了", robots: { index: false } };

// /account/oem/company/delete/complete lives outside account/oem/ (route group "(signed-out)")
// on purpose: deactivating the company ends the session, and the supplier area's layout sends
// signed-out visitors to the login page.
export default function SupplierCompanyDeleteCompletePage() {
  return <CompanyDeleteComplete side="SUPPLIER" />;
}
