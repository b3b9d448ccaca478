import type { z } from "zod";
import { waitingCounts } from "@/modules/billing/billing-counts.service";
import { registrationsSince } from "@/modules/companies/company-counts.service";
import { countBulkInquiriesInReview } from "@/modules/inquiries/inquiry-counts.service";
import { inboxCountsSince } from "@/modules/leads/lead-operator.service";
import type { Db } from "@/server/db/client";
import { outboxCounts } from "@/server/email/outbox.repository";
import type { dashboardCounts } from "./owner.schema";

// The console's top page: what waits for the operator, each count from the domain that owns it.

export const DASHBOARD_DAYS = 7;

export async function getDashboard(db: Db): Promise<z.infer<typeof dashboardCounts>> {
  const now = new Date();
  const since = new Date(now.getTime() - DASHBOARD_DAYS * 86_400_000);
  const [registrations, review, waiting, outbox, inbox] = await Promise.all([
    registrationsSince(db, since),
    countBulkInquiriesInReview(db),
    waitingCounts(db),
    outboxCounts(db),
    inboxCountsSince(db, since),
  ]);
  return {
    registrations: { days: DASHBOARD_DAYS, ...registrations },
    bulkInquiriesInReview: review,
    pendingTicketPurchases: waiting.purchases,
    planApplicationsWaiting: waiting.plans,
    outbox,
    leadsLast7Days: inbox.leads,
    supportRequestsLast7Days: inbox.support,
    generatedAt: now.toISOString(),
  };
}
