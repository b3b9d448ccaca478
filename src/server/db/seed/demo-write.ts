// Writes the demo seed: the pictures to storage first, then every row in one transaction,
// parents before children.
import { getStorage } from "@/server/storage/storage";
import type { Db } from "../client";
import * as t from "../schema";
import type { DemoBillingRows } from "./demo-billing-rows";
import type { DemoContext, Row } from "./demo-context";
import type { DemoDealRows } from "./demo-deal-rows";
import type { DemoInquiryRows } from "./demo-inquiry-rows";
import type { DemoNewsRows } from "./demo-news-rows";
import type { DemoSupplierRows } from "./demo-supplier-rows";

export interface DemoRows
  extends DemoSupplierRows,
    DemoInquiryRows,
    DemoBillingRows,
    DemoNewsRows,
    DemoDealRows {
  ownerRow: Row<typeof t.owners>;
  invitationRows: Row<typeof t.invitations>[];
}

export async function writeDemoData(
  db: Db,
  { users, companies, memberships, files }: DemoContext,
  rows: DemoRows,
): Promise<void> {
  const storage = getStorage();
  for (let k = 0; k < files.length; k += 16) {
    await Promise.all(
      files.slice(k, k + 16).map((f) => storage.put(f.storageKey, f.image.buffer, f.image.contentType)),
    );
  }
  const fileRows = files.map(({ image: _image, ...row }) => row);

  await db.transaction(async (tx) => {
    await tx.insert(t.owners).values(rows.ownerRow);
    await tx.insert(t.users).values(users);
    await tx.insert(t.companies).values(companies);
    await tx.insert(t.memberships).values(memberships);
    await tx.insert(t.invitations).values(rows.invitationRows);
    await tx.insert(t.supplierProfiles).values(rows.profiles);
    await tx.insert(t.companyCategories).values(rows.companyCategories);
    await tx.insert(t.companyFeatures).values(rows.companyFeatures);
    await tx.insert(t.supplierFactories).values(rows.factories);
    await tx.insert(t.files).values(fileRows);
    await tx.insert(t.companyImages).values(rows.companyImages);
    await tx.insert(t.caseStudies).values(rows.caseStudies);
    await tx.insert(t.caseStudyImages).values(rows.caseStudyImages);
    await tx.insert(t.inquiries).values(rows.inquiries);
    await tx.insert(t.inquiryPrefectures).values(rows.inquiryPrefectures);
    await tx.insert(t.inquiryRecipients).values(rows.recipients);
    await tx.insert(t.entries).values(rows.entries);
    await tx.insert(t.ticketPurchases).values(rows.ticketPurchases);
    await tx.insert(t.ticketUsages).values(rows.ticketUsages);
    await tx.insert(t.planContracts).values(rows.planContracts);
    await tx.insert(t.news).values(rows.news);
    await tx.insert(t.pageViews).values(rows.pageViews);
    await tx.insert(t.dealThreads).values(rows.dealThreads);
    await tx.insert(t.dealMessages).values(rows.dealMessages);
    await tx.insert(t.dealQuoteVersions).values(rows.dealQuoteVersions);
  });
}
