import { type SQL, sql } from "drizzle-orm";
import { env } from "@/env";
import { endExpiredPlans, refundDueTickets, startDuePlans } from "@/modules/billing/billing.service";
import { runCertificationExpiry } from "@/modules/certifications/certification-expiry.service";
import { flushPageViews, PAGE_VIEW_FLUSH_MS } from "@/modules/companies/page-views";
import { runBuyerTrackRecords } from "@/modules/deals/buyer-record.service";
import { removeUnattachedDealFiles } from "@/modules/deals/deal-files.service";
import { sendDueDealMails } from "@/modules/deals/deal-mail.service";
import { sendDecisionReminders } from "@/modules/deals/decision.service";
import { recomputeSupplierTrackRecords } from "@/modules/deals/supplier-record.service";
import { sendBulkDigest } from "@/modules/inquiries/bulk-digest.service";
import { closeExpiredInquiries } from "@/modules/inquiries/inquiry.service";
import { remindOpenTerms } from "@/modules/orders/order-record.service";
import { alertOverdueConsultations } from "@/modules/orders/price-consultation.service";
import { type Db, db, getDatabase } from "@/server/db/client";
import { startRelay } from "@/server/email/relay";
import { createSmtpTransport } from "@/server/email/transport";
import { logger } from "@/server/http/logger";
import { HOUR, type Job, job, MINUTE, startScheduler } from "./scheduler";

/** Deletes rows nobody needs any more; each count is logged by the scheduler. */
export async function purgeExpired(db: Db): Promise<Record<string, number>> {
  const count = async (q: SQL) => {
    const r = await db.execute<{ n: number }>(
      sql`with d as (${q} returning 1) select count(*)::int as n from d`,
    );
    return Number(r.rows[0]?.n ?? 0);
  };
  return {
    rateLimits: await count(sql`delete from rate_limits where reset_at < now() - interval '1 day'`),
    verificationTokens: await count(
      // used or expired more than 30 days ago
      sql`delete from verification_tokens where coalesce(used_at, expires_at) < now() - interval '30 days'`,
    ),
    userSessions: await count(
      sql`delete from user_sessions where revoked_at < now() - interval '30 days' or expires_at < now() - interval '30 days'`,
    ),
    sentEmails: await count(
      sql`delete from email_outbox where status = 'SENT' and sent_at < now() - interval '90 days'`,
    ),
    ownerSessions: await count(
      sql`delete from owner_sessions where revoked_at < now() - interval '30 days' or expires_at < now() - interval '30 days'`,
    ),
    // Only today's visitors decide whether a view counts; yesterday's are kept for the day's change.
    pageViewVisitors: await count(
      sql`delete from page_view_visitors where day < (now() at time zone 'Asia/Tokyo')::date - 1`,
    ),
  };
}

/**
 * PGlite has no autovacuum: without this its planner statistics go stale as data grows, and no
 * visibility map lets a count be answered from an index alone (public recruits). PostgreSQL's own
 * autovacuum does this there. Blocks PGlite's one connection for a moment (about 2 s at 100,000 inquiries).
 */
export async function vacuumEmbedded(db: Db): Promise<{ vacuumed: boolean }> {
  if (getDatabase().kind !== "pglite") return { vacuumed: false };
  await db.execute(sql`vacuum analyze`);
  return { vacuumed: true };
}

/** The periodic jobs, one per line. Each must be idempotent: missed runs are caught up at start. */
export const jobs: Job[] = [
  job("purge-expired", 6 * HOUR, purgeExpired),
  job("close-expired-inquiries", HOUR / 4, async (db) => ({ closed: await closeExpiredInquiries(db) })),
  // Plans end with their month and start on the day the operator set (the job keeps its first name).
  job("end-expired-plans", HOUR, async (db) => ({
    ended: await endExpiredPlans(db),
    started: await startDuePlans(db),
  })),
  job("bulk-inquiry-digest", 24 * HOUR, async (db) => ({ emails: await sendBulkDigest(db) })),
  job("vacuum-embedded", 24 * HOUR, vacuumEmbedded),
  job("deal-decision-reminders", HOUR, async (db) => ({ emails: await sendDecisionReminders(db) })),
  job("deal-message-mail", MINUTE, async (db) => ({ emails: await sendDueDealMails(db) })),
  job("order-open-terms-reminders", HOUR, async (db) => ({ emails: await remindOpenTerms(db) })),
  job("price-consultation-overdue", HOUR, async (db) => ({ alerted: await alertOverdueConsultations(db) })),
  job("supplier-track-records", 24 * HOUR, (db) => recomputeSupplierTrackRecords(db)),
  job("ticket-refunds", 5 * MINUTE, (db) => refundDueTickets(db)),
  job("buyer-track-records", 15 * MINUTE, (db) => runBuyerTrackRecords(db)),
  job("certification-expiry", HOUR, (db) => runCertificationExpiry(db)),
  job("deal-unattached-files", HOUR, (db) => removeUnattachedDealFiles(db)),
];

/** Starts the outbox relay (when SMTP_URL is set) and the scheduled jobs; returns a function that stops them. */
export function startBackgroundWork(): () => Promise<void> {
  const e = env();
  const log = logger();
  const stops: Array<() => Promise<void>> = [];
  if (e.SMTP_URL) {
    const transport = createSmtpTransport(e.SMTP_URL);
    const relay = startRelay({ transport });
    stops.push(async () => {
      await relay.stop();
      transport.close?.();
    });
    log.info({ smtp: new URL(e.SMTP_URL).host }, "email relay started");
  } else {
    log.info("SMTP_URL is not set: emails stay in the outbox (readable in the owner console)");
  }
  const scheduler = startScheduler(jobs);
  stops.push(() => scheduler.stop());
  // Each process writes the page views it noted (page-views.ts); server.ts writes the last ones
  // after its requests in progress finished.
  const views = setInterval(() => void flushPageViews(db()).catch(() => undefined), PAGE_VIEW_FLUSH_MS);
  views.unref();
  stops.push(async () => clearInterval(views));
  return async () => {
    await Promise.allSettled(stops.map((stop) => stop()));
  };
}
