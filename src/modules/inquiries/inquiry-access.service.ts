import type { DbOrTx } from "@/server/db/client";
import { canSeeInquiry, type InquiryFacts } from "./inquiry.policy";
import { supplierFacts } from "./supplier-inquiry.service";

// Whether a supplier may see an inquiry, for other modules (an attachment is readable where its inquiry is).

export async function supplierMaySeeInquiry(
  db: DbOrTx,
  supplier: { companyId: string; paymentStatus: string | null },
  inquiry: InquiryFacts & { id: string },
): Promise<boolean> {
  const facts = await supplierFacts(db, supplier.companyId, supplier.paymentStatus, inquiry.id);
  return canSeeInquiry(inquiry, facts);
}
