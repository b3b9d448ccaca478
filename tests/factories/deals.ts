import { sql } from "drizzle-orm";
import { openThread } from "@/modules/deals/thread.repository";
import { db } from "@/server/db/client";
import type { Account } from "./accounts";
import { createInquiry } from "./inquiries";

/**
 * A deal thread between a buyer and a (verified, public) supplier on a new nomination: the quickest
 * setup for tests of what happens inside a thread. Journeys that test how a thread opens use the API.
 */
export async function openDealThread(
  buyer: Account,
  supplier: Account,
  overrides: Record<string, unknown> = {},
): Promise<{ inquiryId: string; threadId: string }> {
  const inquiryId = await createInquiry(buyer, {
    type: "NOMINATION",
    nominatedCompanyId: supplier.companyId,
    ...overrides,
  });
  const { thread } = await openThread(db(), {
    inquiryId,
    buyerCompanyId: buyer.companyId,
    supplierCompanyId: supplier.companyId,
  });
  return { inquiryId, threadId: thread.id };
}

/**
 * Clears the deal room's per-user message, report and upload limits (tests/api/deal-message-limits
 * and deal-upload-limits test them): suites that write many messages as setup start with a fresh allowance.
 */
export async function resetDealLimits() {
  await db().execute(sql`delete from rate_limits where key like 'deal-%'`);
}
