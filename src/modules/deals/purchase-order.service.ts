import { japanWallClock } from "@/lib/japan-time";
import { formatAddress } from "@/lib/postal-address";
import { findCompanyById } from "@/modules/companies/company.service";
import { listPrefectures } from "@/modules/master-data/master-data.service";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db } from "@/server/db/client";
import { notFound } from "@/server/http/errors";
import { leadingQuantity, tierAt } from "./comparison.service";
import { inquiryFacts } from "./deal-context.repository";
import { type PurchaseOrderForPdf, renderPurchaseOrderPdf } from "./purchase-order-pdf";
import { inquiryUnit } from "./quantity-unit";
import { userName } from "./quote.repository";
import { findQuoteVersion } from "./quote-read.repository";
import { threadOf } from "./thread-access";

// 発注書: the purchase order of an awarded thread, for both of its sides.

export const PURCHASE_ORDER_NOT_FOUND = "発注書が見つかりませんでした。";
export const TAX_RATE = 0.1;

type Company = NonNullable<Awaited<ReturnType<typeof findCompanyById>>>;

function addressOf(c: Company, prefectures: Map<number, string>): string {
  const prefecture = c.prefectureId ? prefectures.get(c.prefectureId) : null;
  return formatAddress({ postalCode: c.postalCode, prefecture, address: c.address });
}

/** GET …/purchase-order.pdf: the awarded version as a purchase order; 404 until the thread is AWARDED. */
export async function downloadPurchaseOrder(
  scope: CompanyScope,
  db: Db,
  threadId: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  const { thread } = await threadOf(scope, db, threadId);
  if (thread.status !== "AWARDED" || !thread.poNumber || !thread.awardedVersion || !thread.decidedAt) {
    throw notFound(PURCHASE_ORDER_NOT_FOUND);
  }
  const version = await findQuoteVersion(db, thread.id, thread.awardedVersion);
  if (!version) throw notFound(PURCHASE_ORDER_NOT_FOUND);
  const [inquiry, buyer, supplier, prefectureRows, person] = await Promise.all([
    inquiryFacts(db, thread.inquiryId),
    findCompanyById(db, thread.buyerCompanyId),
    findCompanyById(db, thread.supplierCompanyId),
    listPrefectures(db),
    thread.decidedByUserId ? userName(db, thread.decidedByUserId) : Promise.resolve(null),
  ]);
  if (!buyer || !supplier) throw notFound(PURCHASE_ORDER_NOT_FOUND);
  const prefectures = new Map(prefectureRows.map((p) => [p.id, p.name]));

  const smallest = Math.min(...version.tiers.map((t) => t.quantity));
  const quantity = leadingQuantity(inquiry.quantity) ?? smallest;
  const tier = tierAt(version.tiers, quantity)!;
  const lines: PurchaseOrderForPdf["lines"] = [
    {
      label: `${inquiry.title}（${tier.quantity.toLocaleString("ja-JP")}${inquiryUnit(inquiry)}以上の単価）`,
      quantity,
      unitPriceYen: tier.unitPriceYen,
      amountYen: tier.unitPriceYen * quantity,
    },
  ];
  if (version.toolingCostYen) {
    lines.push({
      label: "版代・金型代",
      quantity: 1,
      unitPriceYen: version.toolingCostYen,
      amountYen: version.toolingCostYen,
    });
  }
  if (version.sampleCostYen) {
    lines.push({
      label: "サンプル費用",
      quantity: 1,
      unitPriceYen: version.sampleCostYen,
      amountYen: version.sampleCostYen,
    });
  }
  const subtotalYen = lines.reduce((s, l) => s + l.amountYen, 0);
  const taxYen = Math.floor(subtotalYen * TAX_RATE);
  const pdf = await renderPurchaseOrderPdf({
    poNumber: thread.poNumber,
    issuedOn: japanWallClock(thread.decidedAt).toISOString().slice(0, 10),
    buyer: { name: buyer.name, address: addressOf(buyer, prefectures), person: person ?? "" },
    supplier: { name: supplier.name, address: addressOf(supplier, prefectures) },
    title: inquiry.title,
    quoteVersion: version.version,
    lines,
    subtotalYen,
    taxYen,
    totalYen: subtotalYen + taxYen,
    paymentTerms: version.paymentTerms,
    leadTimeDays: version.leadTimeDays,
    validUntil: version.validUntil,
    notes: version.notes,
  });
  return { pdf, fileName: `発注書_${thread.poNumber}.pdf` };
}
