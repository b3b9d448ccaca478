import type { Metadata } from "next";
import { CompanyDeleteComplete } from "@/modules/companies/ui/settings/company-delete-complete";
import { requireCompletionReceipt } from "@/server/auth/completion-page";

export const metadata: Metadata = { title: "退会手続き完了", robots: { index: false } };

// /account/oem/company/delete/complete lives outside account/oem/ (route group "(signed-out)")
// on purpose: deactivating the company ends the session, and the supplier area's layout sends
// signed-out visitors to the login page.
// Only after the deactivation succeeded (its answer leaves a receipt); else to the flow's start.
export default async function SupplierCompanyDeleteCompletePage() {
  await requireCompletionReceipt("supplier-deactivated");
  return <CompanyDeleteComplete side="SUPPLIER" />;
}
