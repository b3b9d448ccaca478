import { formatAddress } from "@/lib/postal-address";
import { findCompanyById } from "@/modules/companies/company.service";
import { companyNames } from "@/modules/companies/company-counts.service";
import { listPrefectures } from "@/modules/master-data/master-data.service";
import type { DbOrTx } from "@/server/db/client";
import type { PartyFacts } from "./law.policy";
import { usersById } from "./order.repository";
import type { OrderForPdf } from "./order-pdf";
import type { OrderTerms, PartySnapshot } from "./order-terms";

// Both parties as an order prints them (names, one address line, contacts) and the size facts the
// act's verdict is decided on. Read at issue time and stored in the version: a later edit of a
// company never changes an issued document.

export interface Parties {
  buyer: PartySnapshot;
  supplier: PartySnapshot;
  buyerFacts: PartyFacts;
  supplierFacts: PartyFacts;
  /** The buyer's registered address: the form's default 納入場所. */
  buyerAddress: string;
}

export async function partiesOf(
  db: DbOrTx,
  ids: { buyerCompanyId: string; supplierCompanyId: string; issuerUserId: string },
): Promise<Parties> {
  const [buyer, supplier, prefectureRows, people] = await Promise.all([
    findCompanyById(db, ids.buyerCompanyId),
    findCompanyById(db, ids.supplierCompanyId),
    listPrefectures(db),
    usersById(db, [ids.issuerUserId]),
  ]);
  if (!buyer || !supplier)
    throw new Error(`company of an order missing (${ids.buyerCompanyId}, ${ids.supplierCompanyId})`);
  const prefectures = new Map(prefectureRows.map((p) => [p.id, p.name]));
  const addressOf = (c: typeof buyer) =>
    formatAddress({
      postalCode: c.postalCode,
      prefecture: c.prefectureId ? (prefectures.get(c.prefectureId) ?? null) : null,
      address: c.address,
    });
  const issuer = people.get(ids.issuerUserId);
  const buyerAddress = addressOf(buyer);
  return {
    buyer: {
      name: buyer.name,
      address: buyerAddress,
      phone: buyer.phone,
      person: issuer?.name ?? null,
      email: issuer?.email ?? null,
    },
    supplier: {
      name: supplier.name,
      address: addressOf(supplier),
      phone: supplier.phone,
      person: supplier.representativeName,
      email: null,
    },
    // A company with a recorded capital is a corporation; whether one without is an individual is asked.
    buyerFacts: {
      capitalYen: buyer.capitalYen,
      employeeCount: buyer.employeeCount,
      individual: buyer.capitalYen != null ? false : null,
    },
    supplierFacts: {
      capitalYen: supplier.capitalYen,
      employeeCount: supplier.employeeCount,
      individual: supplier.capitalYen != null ? false : null,
    },
    buyerAddress,
  };
}

export async function namesOf(db: DbOrTx, ids: string[]) {
  return companyNames(db, ids);
}

/** The PDF's view of a version's terms. */
export function pdfOf(
  terms: OrderTerms,
  v: {
    kind: OrderForPdf["kind"];
    number: string;
    version: number;
    replacesVersion: number | null;
    issuedOn: string;
    reason: string | null;
  },
): OrderForPdf {
  const labels = { SPECIFICATION: "仕様の詳細", PLACE: "納入場所", INSPECTION: "検査完了期日" } as const;
  return {
    kind: v.kind,
    number: v.number,
    version: v.version,
    replacesVersion: v.replacesVersion,
    issuedOn: v.issuedOn,
    buyer: terms.buyer,
    supplier: terms.supplier,
    law: {
      toriteki: terms.law.toriteki === true,
      freelance: terms.law.freelance === true,
      summary: terms.law.summary,
    },
    item: { title: terms.title, specification: terms.specification, quoteVersion: terms.quoteVersion },
    unit: terms.unit,
    lines: terms.lines.map((l) => ({
      label: l.label,
      quantity: l.quantity,
      unit: l.unit,
      unitPriceYen: l.unitPriceYen,
      amountYen: l.amountYen,
    })),
    subtotalYen: terms.subtotalYen,
    taxRatePercent: terms.taxRatePercent,
    taxYen: terms.taxYen,
    totalYen: terms.totalYen,
    deliveries: terms.deliveries.map((d) => ({
      seq: d.seq,
      date: d.date,
      quantity: d.quantity,
      inspectionBy: d.inspectionBy,
      paymentDue: d.paymentDue,
    })),
    place: terms.place ?? { address: "未定（下記「未定事項」参照）", contact: null },
    inspection: terms.inspection,
    payment: {
      termsLabel: terms.payment.termsLabel,
      method: terms.payment.method,
      methodDetail: terms.payment.methodDetail,
      feeBorneBy: "BUYER",
    },
    paidMaterials: terms.paidMaterials,
    openTerms: terms.openTerms.map((t) => ({
      label: labels[t.field],
      reason: t.reason,
      expectedBy: t.expectedBy,
    })),
    changeReason: v.reason,
    notes: terms.notes,
  };
}
