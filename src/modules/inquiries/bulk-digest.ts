import { and, eq, gt, inArray } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { companies, companyCategories, inquiries, inquiryRecipients } from "@/server/db/schema";
import { enqueueEmail } from "@/server/email/outbox";
import { bulkDigestMail } from "@/server/email/templates";
import { memberEmails } from "./inquiry.repository";

/**
 * Daily: one email per supplier listing the bulk inquiries published in the last day in its
 * categories (not one mail per inquiry). Suppliers the buyer selected already got their own.
 */
export async function sendBulkDigest(db: Db, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - 24 * 3_600_000);
  const published = await db
    .select({ id: inquiries.id, title: inquiries.title, categoryId: inquiries.categoryId })
    .from(inquiries)
    .where(and(eq(inquiries.type, "BULK"), eq(inquiries.status, "OPEN"), gt(inquiries.publishedAt, since)));
  if (!published.length) return 0;
  const matches = await db
    .select({ companyId: companyCategories.companyId, categoryId: companyCategories.categoryId })
    .from(companyCategories)
    .innerJoin(companies, eq(companies.id, companyCategories.companyId))
    .where(
      and(
        inArray(companyCategories.categoryId, [...new Set(published.map((p) => p.categoryId))]),
        eq(companies.type, "SUPPLIER"),
        eq(companies.status, "ACTIVE"),
      ),
    );
  const selected = await db
    .select({ inquiryId: inquiryRecipients.inquiryId, companyId: inquiryRecipients.supplierCompanyId })
    .from(inquiryRecipients)
    .where(
      inArray(
        inquiryRecipients.inquiryId,
        published.map((p) => p.id),
      ),
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
