import type { DbOrTx } from "@/server/db/client";
import { hasTicketUsage } from "./billing.repository";

// What other domains ask billing about a ticket (added for the inquiries module, step 3).

/** Whether the supplier spent a ticket on the inquiry (not refunded): it may read the buyer's details. */
export function hasTicketFor(db: DbOrTx, supplierCompanyId: string, inquiryId: string): Promise<boolean> {
  return hasTicketUsage(db, supplierCompanyId, inquiryId);
}
