import type { Metadata } from "next";
import { CompanyDeleteComplete } from "@/modules/companies/ui/settings/company-delete-complete";
import { requireCompletionReceipt } from "@/server/auth/completion-page";

export const metadata: Metadata = { title: "退会手続き完了", robots: { index: false } };

// /account/buyer/account/delete/complete lives outside account/buyer/ (route group
// "(signed-out)") on purpose: deactivating the company revokes the session, and the buyer
// area's layout sends signed-out visitors to the login page.
// Only after the deactivation succeeded (its answer leaves a receipt); else to the flow's start.
export default async function BuyerCompanyDeleteCompletePage() {
  await requireCompletionReceipt("buyer-deactivated");
  return <CompanyDeleteComplete side="BUYER" />;
}
