import type { Metadata } from "next";
import { CompanyDeleteComplete } from "@/modules/companies/ui/settings/company-delete-complete";

export const metadata: Metadata = { title: "退会手続き完了", robots: { index: false } };

// /account/buyer/account/delete/complete lives outside account/buyer/ (route group
// "(signed-out)") on purpose: deactivating the company revokes the session, and the buyer
// area's layout sends signed-out visitors to the login page.
export default function BuyerCompanyDeleteCompletePage() {
  return <CompanyDeleteComplete side="BUYER" />;
}
