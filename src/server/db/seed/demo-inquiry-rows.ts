// Inquiries of the demo seed with their prefectures, recipients, entries and the free supplier's
// ticket usages.
import type * as t from "../schema";
import type { DemoContext, Row } from "./demo-context";
import { must } from "./demo-context";
import { DEMO_INQUIRIES } from "./demo-inquiries.data";
import type { DemoBuyers } from "./demo-people";
import type { DemoSupplierRows } from "./demo-supplier-rows";

export interface DemoInquiryRows {
  inquiries: Row<typeof t.inquiries>[];
  inquiryPrefectures: Row<typeof t.inquiryPrefectures>[];
  recipients: Row<typeof t.inquiryRecipients>[];
  entries: Row<typeof t.entries>[];
  ticketUsages: Row<typeof t.ticketUsages>[];
}

export function inquiryRows(
  { rng, clock, cat }: DemoContext,
  ownerId: string,
  { buyerAdmin, buyerGeneral }: DemoBuyers,
  { supplierAdmin, supplierGeneral, supplierByKey }: DemoSupplierRows,
): DemoInquiryRows {
  const inquiries: Row<typeof t.inquiries>[] = [];
  const inquiryPrefectures: Row<typeof t.inquiryPrefectures>[] = [];
  const recipients: Row<typeof t.inquiryRecipients>[] = [];
  const entries: Row<typeof t.entries>[] = [];
  const ticketUsages: Row<typeof t.ticketUsages>[] = [];

  for (const q of DEMO_INQUIRIES) {
    const id = rng.uuid();
    const author = must((q.by === "general" ? buyerGeneral : buyerAdmin).get(q.buyer), `buyer ${q.buyer}`);
    const createdAt = clock.at(q.createdDaysAgo, 9 + rng.int(0, 8), rng.int(0, 59));
    const ended = q.endedDaysAgo === undefined ? null : clock.at(q.endedDaysAgo, 15, rng.int(0, 59));
    const bulk = q.type === "BULK";
    const reviewed =
      bulk && (["OPEN", "CLOSED"].includes(q.status) || (q.status === "CANCELLED" && q.wasPublished));
    const reviewedAt = reviewed ? clock.after(createdAt, 0, 20) : q.status === "REJECTED" ? ended : null;
    const publishedAt = reviewed ? reviewedAt : null;
    const nominee = q.nominated ? must(supplierAdmin.get(q.nominated), `supplier ${q.nominated}`) : undefined;
    if (bulk === Boolean(nominee))
      throw new Error(`demo seed: ${q.title}: a nomination needs a nominee, a bulk none`);

    inquiries.push({
      id,
      type: q.type,
      status: q.status,
      buyerCompanyId: author.companyId,
      createdByUserId: author.userId,
      nominatedCompanyId: nominee?.companyId ?? null,
      title: q.title,
      categoryId: cat(q.category),
      description: q.description,
      quantity: q.quantity,
      targetUnitPriceYen: q.targetUnitPriceYen ?? null,
      budgetYen: q.budgetYen ?? null,
      desiredDeliveryDate: q.deliveryInDays === undefined ? null : clock.date(q.deliveryInDays),
      entryDeadline: bulk && q.deadlineInDays !== undefined ? clock.date(q.deadlineInDays) : null,
      ndaRequired: q.ndaRequired,
      rejectionReason: q.rejectionReason ?? null,
      reviewedByOwnerId: reviewedAt ? ownerId : null,
      reviewedAt,
      publishedAt,
      closedAt: q.status === "CLOSED" ? ended : null,
      cancelledAt: q.status === "CANCELLED" ? ended : null,
      createdAt,
      updatedAt: ended ?? reviewedAt ?? createdAt,
    });
    for (const prefectureId of q.prefectures ?? []) inquiryPrefectures.push({ inquiryId: id, prefectureId });

    const entryAt = new Map<string, Date>();
    for (const e of q.entries ?? []) {
      const supplier = must(supplierByKey.get(e.supplier), `supplier ${e.supplier}`);
      if (bulk && supplier.plan !== "PAID")
        throw new Error(`demo seed: only paid suppliers enter public recruits`);
      if (nominee && e.supplier !== q.nominated)
        throw new Error(`demo seed: only the nominee answers a nomination`);
      const member = must(
        (e.by === "general" ? supplierGeneral : supplierAdmin).get(e.supplier),
        `member of ${e.supplier}`,
      );
      const at = clock.after(publishedAt ?? createdAt, e.afterDays, 1 + rng.int(0, 6));
      entryAt.set(e.supplier, at);
      const decidedAt = e.status === "SHORTLISTED" || e.status === "DECLINED" ? clock.after(at, 2, 3) : null;
      const cancelledAt =
        e.status === "CANCELLED" ? (q.status === "CANCELLED" && ended ? ended : clock.after(at, 1)) : null;
      entries.push({
        id: rng.uuid(),
        inquiryId: id,
        supplierCompanyId: member.companyId,
        userId: member.userId,
        status: e.status,
        message: e.message,
        proposedUnitPriceYen: e.proposedUnitPriceYen ?? null,
        leadTime: e.leadTime ?? null,
        decidedAt,
        cancelledAt,
        createdAt: at,
        updatedAt: decidedAt ?? cancelledAt ?? at,
      });
      // A free supplier opened the nomination with a ticket before answering it.
      if (nominee && supplier.plan === "FREE") {
        ticketUsages.push({
          id: rng.uuid(),
          companyId: member.companyId,
          inquiryId: id,
          usedByUserId: member.userId,
          createdAt: new Date(at.getTime() - 20 * 60_000),
        });
      }
    }

    if (nominee && q.nominated) {
      const answered = entryAt.get(q.nominated);
      recipients.push({
        inquiryId: id,
        supplierCompanyId: nominee.companyId,
        kind: "NOMINATED",
        notifiedAt: createdAt,
        readAt: answered
          ? new Date(answered.getTime() - 60 * 60_000)
          : q.status === "OPEN"
            ? null
            : clock.after(createdAt, 0, 5),
      });
    }
    for (const key of q.selected ?? []) {
      const s = must(supplierAdmin.get(key), `supplier ${key}`);
      const answered = entryAt.get(key);
      recipients.push({
        inquiryId: id,
        supplierCompanyId: s.companyId,
        kind: "SELECTED",
        notifiedAt: publishedAt,
        readAt: answered ? new Date(answered.getTime() - 30 * 60_000) : null,
      });
    }
  }

  return { inquiries, inquiryPrefectures, recipients, entries, ticketUsages };
}
