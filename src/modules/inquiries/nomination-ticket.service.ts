import type { CompanyScope } from "@/server/auth/company-scope";
import type { DbOrTx } from "@/server/db/client";
import { notFound } from "@/server/http/errors";
import { findInquiry } from "./inquiry.repository";

// What billing needs before a supplier spends a ticket (POST /api/billing/ticket_usage): the
// nomination addressed to the scope's company. Anything else is 404, like an unknown inquiry.
// (Kept apart from inquiry.service.ts so billing's move does not touch it: billing never imports
// inquiries; the route asks here and hands billing the facts.)

export async function nominationForTicket(
  scope: CompanyScope,
  db: DbOrTx,
  inquiryId: string,
): Promise<{ id: string; status: string }> {
  const inquiry = await findInquiry(db, inquiryId);
  if (inquiry?.type !== "NOMINATION" || inquiry.nominatedCompanyId !== scope.companyId) {
    throw notFound("案件が見つかりませんでした。");
  }
  return { id: inquiry.id, status: inquiry.status };
}
