import { isUuid } from "@/lib/uuid";
import type { DbOrTx } from "@/server/db/client";
import { supplierPaymentStatus } from "./deal-access.repository";
import type { InquiryFacts } from "./inquiry.policy";
import { findInquiry } from "./inquiry.repository";
import { supplierFacts } from "./supplier-inquiry.service";

// Whether a supplier may talk with an inquiry's buyer in the deal room (docs/deal-room.md "Who may
// talk"), for the deals module: the facts stay here, the deal room only opens the thread.

export interface DealInquiry {
  id: string;
  type: "BULK" | "NOMINATION";
  title: string;
  buyerCompanyId: string;
  status: InquiryFacts["status"];
}

export type DealOpening =
  | { ok: true; inquiry: DealInquiry }
  | { ok: false; status: 402 | 403 | 404 | 409; message: string };

const NOT_FOUND = "案件が見つかりませんでした。";

/**
 * BULK (public): a live entry (ENTERED, SHORTLISTED or DECLINED; only paid suppliers can enter).
 * NOMINATION: the nominee when it is on the unlimited plan, spent its ticket, or entered.
 * An inquiry the supplier may not see answers 404, like one that does not exist.
 */
export async function dealOpeningOf(
  db: DbOrTx,
  supplier: { companyId: string; paymentStatus?: string | null },
  inquiryId: string,
): Promise<DealOpening> {
  const row = isUuid(inquiryId) ? await findInquiry(db, inquiryId) : undefined;
  if (!row) return { ok: false, status: 404, message: NOT_FOUND };
  const paymentStatus =
    supplier.paymentStatus !== undefined
      ? supplier.paymentStatus
      : await supplierPaymentStatus(db, supplier.companyId);
  const facts = await supplierFacts(db, supplier.companyId, paymentStatus, row.id);
  const live = facts.entryStatus !== null && facts.entryStatus !== "CANCELLED";
  const inquiry: DealInquiry = {
    id: row.id,
    type: row.type,
    title: row.title,
    buyerCompanyId: row.buyerCompanyId,
    status: row.status,
  };
  if (row.type === "NOMINATION") {
    if (row.nominatedCompanyId !== supplier.companyId) return { ok: false, status: 404, message: NOT_FOUND };
    if (facts.isPaid || facts.hasTicket || live) return { ok: true, inquiry };
    return { ok: false, status: 402, message: "チケットを使用すると商談を始められます。" };
  }
  if (row.status === "REVIEW" || row.status === "REJECTED")
    return { ok: false, status: 404, message: NOT_FOUND };
  if (live) return { ok: true, inquiry };
  if (row.status !== "OPEN") return { ok: false, status: 404, message: NOT_FOUND };
  if (!facts.isPaid) {
    return {
      ok: false,
      status: 403,
      message: "公開案件の商談は、無制限プランをご契約中の企業さまがエントリーするとご利用いただけます。",
    };
  }
  return { ok: false, status: 409, message: "エントリーすると、この案件の発注者さまと商談を始められます。" };
}
