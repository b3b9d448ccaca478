import { runBuyerTrackRecords } from "@/modules/deals/buyer-record.service";
import { recomputeSupplierTrackRecords } from "@/modules/deals/supplier-record.service";
import type { Db } from "../client";
import { billingRows } from "./demo-billing-rows";
import { DEMO_BUYERS, DEMO_OWNER } from "./demo-buyers.data";
import { seedDemoCapabilities } from "./demo-capabilities";
import { createDemoContext, DEMO_PASSWORD, must } from "./demo-context";
import { dealRows } from "./demo-deal-rows";
import { inquiryRows } from "./demo-inquiry-rows";
import { newsRows } from "./demo-news-rows";
import { addBuyers, expiredInvitationRows, operatorRow } from "./demo-people";
import { supplierRows } from "./demo-supplier-rows";
import { DEMO_SUPPLIER_GENERAL, DEMO_SUPPLIERS } from "./demo-suppliers.data";
import { writeDemoData } from "./demo-write";

export { DEMO_PASSWORD };

/**
 * Demo data for a fresh embedded database: an operator, buyers and ~30 suppliers with
 * profiles, pictures and case studies, inquiries in every status, entries, tickets,
 * plans, news and page views. Deterministic; returns the logins to print.
 *
 * The sections run in this order on one seeded generator and clock: reordering them
 * changes every id and time drawn after the move.
 */
export async function seedDemoData(
  db: Db,
): Promise<Array<{ role: string; email: string; password: string }>> {
  const ctx = await createDemoContext(db);
  const ownerRow = operatorRow(ctx);
  const ownerId = ownerRow.id;
  const buyers = addBuyers(ctx);
  const suppliers = supplierRows(ctx);
  const inquiries = inquiryRows(ctx, ownerId, buyers, suppliers);
  const billing = billingRows(ctx, ownerId, suppliers.supplierAdmin);
  const news = newsRows(ctx, ownerId, suppliers.supplierAdmin, suppliers.supplierCreatedDaysAgo);
  const invitationRows = expiredInvitationRows(ctx, suppliers.supplierAdmin);
  const deals = dealRows(ctx, inquiries);
  await writeDemoData(db, ctx, {
    ownerRow,
    invitationRows,
    ...suppliers,
    ...inquiries,
    ...billing,
    ...news,
    ...deals,
  });
  // Capabilities and certificates (issue 20): drawn last, so the sections above keep their ids.
  await seedDemoCapabilities(db, ctx, suppliers.supplierAdmin, ownerId);
  // The figures the platform computes from the deal room (the jobs keep them up to date later).
  await recomputeSupplierTrackRecords(db);
  await runBuyerTrackRecords(db);

  const generalBuyer = must(DEMO_BUYERS[0]?.general, "general buyer");
  const freeSupplier = must(suppliers.supplierByKey.get(DEMO_SUPPLIER_GENERAL.supplierKey), "free supplier");
  const paidSupplier = must(
    DEMO_SUPPLIERS.find((s) => s.plan === "PAID"),
    "paid supplier",
  );
  return [
    { role: "運営者", email: DEMO_OWNER.email, password: DEMO_PASSWORD },
    { role: "発注者（管理者）", email: must(DEMO_BUYERS[0], "buyer").admin.email, password: DEMO_PASSWORD },
    { role: "発注者（一般）", email: generalBuyer.email, password: DEMO_PASSWORD },
    {
      role: "OEMメーカー 無料プラン（管理者）",
      email: freeSupplier.admin.email,
      password: DEMO_PASSWORD,
    },
    { role: "OEMメーカー（一般）", email: DEMO_SUPPLIER_GENERAL.email, password: DEMO_PASSWORD },
    { role: "OEMメーカー 有料プラン（管理者）", email: paidSupplier.admin.email, password: DEMO_PASSWORD },
  ];
}
