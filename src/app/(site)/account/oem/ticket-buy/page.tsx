import type { Metadata } from "next";
import { requireAreaSession } from "@/components/layout/account-guard";
import type { SearchParams } from "@/lib/form-helpers";
import { safeSupplierRedirect } from "@/lib/safe-redirect";
import { TicketBuy } from "@/modules/billing/ui/ticket-buy";

export const metadata: Metadata = { title: "チケット購入" };

// ?redirectTo=/account/oem/contact/{id}: the page to go back to (only paths under /account/oem/).
export default async function TicketBuyPage({ searchParams }: { searchParams: SearchParams }) {
  const { companyId } = await requireAreaSession("oem");
  const redirectTo = safeSupplierRedirect((await searchParams).redirectTo);
  return <TicketBuy key={companyId} companyId={companyId} redirectTo={redirectTo} />;
}
