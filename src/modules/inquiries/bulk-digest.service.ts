import type { Db } from "@/server/db/client";
import { enqueueEmail } from "@/server/email/outbox";
import { bulkDigestMail } from "@/server/email/templates";
import { bulkPublishedSince, selectedRecipients, suppliersOfInquiries } from "./bulk-digest.repository";
import { memberEmails } from "./inquiry.repository";

/** A digest lists this many inquiries at most. */
const DIGEST_ITEMS = 20;

/**
 * Daily: one email per supplier listing the bulk inquiries published in the last day in its
 * categories that it fits (issue 20: the hard rules of its capabilities — verified certifications,
 * lot, monthly quantity), and how many others of its categories it does not fit. Suppliers the
 * buyer selected already got their own email. A supplier that fits none of them gets no digest.
 */
export async function sendBulkDigest(db: Db, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - 24 * 3_600_000);
  const published = await bulkPublishedSince(db, since);
  if (!published.length) return 0;
  const ids = published.map((p) => p.id);
  const [candidates, selected] = await Promise.all([
    suppliersOfInquiries(db, ids),
    selectedRecipients(db, ids),
  ]);
  const alreadyTold = new Set(selected.map((s) => `${s.inquiryId}:${s.companyId}`));
  const order = new Map(published.map((p, i) => [p.id, i]));
  const bySupplier = new Map<string, { fitting: string[]; notFitting: number }>();
  for (const c of candidates) {
    if (alreadyTold.has(`${c.inquiryId}:${c.companyId}`)) continue;
    const digest = bySupplier.get(c.companyId) ?? { fitting: [], notFitting: 0 };
    if (c.fits) digest.fitting.push(c.inquiryId);
    else digest.notFitting += 1;
    bySupplier.set(c.companyId, digest);
  }
  let sent = 0;
  for (const [companyId, digest] of bySupplier) {
    if (!digest.fitting.length) continue;
    const items = digest.fitting
      .sort((a, b) => order.get(a)! - order.get(b)!)
      .slice(0, DIGEST_ITEMS)
      .map((id) => ({ id, title: published[order.get(id)!]!.title }));
    await db.transaction(async (tx) => {
      for (const member of await memberEmails(tx, companyId)) {
        await enqueueEmail(tx, member.email, bulkDigestMail({ items, notFitting: digest.notFitting }));
        sent++;
      }
    });
  }
  return sent;
}
