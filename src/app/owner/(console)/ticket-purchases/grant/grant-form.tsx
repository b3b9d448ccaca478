"use client";

import { GrantTicketsForm } from "@/modules/billing/ui/console/grant-tickets";
import { SupplierPicker } from "@/modules/owner/ui/supplier-picker";

// The page composes billing's grant form with the console's supplier picker (a module does not
// import another module's ui/).
export function GrantForm() {
  return <GrantTicketsForm SupplierPicker={SupplierPicker} />;
}
