import type { Db } from "@/server/db/client";
import { enqueueEmail } from "@/server/email/outbox";
import { bulkDigestMail } from "@/server/email/templates";
import {
  activeSuppliersInCategories,
  bulkPublishedSince,
  selectedRecipients,
} from "./bulk-digest.repository";
import { memberEmails } from "./inquiry.repository";

/**
 * Daily: one email per supplier listing the bulk inquiries published in the last day in its
 * categories (not one mail per inquiry). Suppliers the buyer selected already got their own.
 */
export async function sendBulkDigest(db: Db, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - 24 * 3_600_000);
  const published = await bulkPublishedSince(db, since);
  if (!published.length) return 0;
  const matches = await activeSuppliersInCategories(db, [...new Set(published.map((p) => p.categoryId))]);
  const selected = await selectedRecipients(
    db,
    published.map((p) => p.id),
  );
  const alreadyTold = new Set(selected.map((s) => `${s.inquiryId}:${s.companyId}`));
  const bySupplier = new Map<string, Array<{ id: string; title: string }>>();
  for (const m of matches) {
    for (const p of published.filter((x) => x.categoryId === m.categoryId)) {
      if (alreadyTold.has(`${p.id}:${m.companyId}`)) continue;
      const list = bySupplier.get(m.companyId) ?? [];
      if (!list.some((x) => x.id === p.id)) list.push({ id: p.id, title: p.title });
      bySupplier.set(m.companyId, list);
    }
  }
  let sent = 0;
  for (const [companyId, items] of bySupplier) {
    await db.transaction(async (tx) => {
      for (const member of await memberEmails(tx, companyId)) {
        await enqueueEmail(tx, member.email, bulkDigestMail({ items: items.slice(0, 20) }));
        sent++;
      }
    });
  }
  return sent;
}
