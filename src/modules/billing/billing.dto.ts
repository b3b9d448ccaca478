import type { ContractRow, InvoiceRow, PurchaseRow } from "./billing.repository";

// The supplier's view of billing's rows (billing.schema: purchase, planContract, invoice).

/** The loose id check billing has always made before a query (36 characters of hex and dashes). */
export const looksLikeId = (value: string) => /^[0-9a-f-]{36}$/i.test(value);

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What the supplier and the operator both see of a purchase: its amounts and its status. */
export function purchaseFigures(p: PurchaseRow) {
  return {
    quantity: p.quantity,
    subtotalYen: p.subtotalYen,
    taxYen: p.taxYen,
    totalYen: p.totalYen,
    status: p.status,
    isGrant: p.isGrant,
  };
}

/** The supplier's purchase (billing.schema purchase); the operator's adds the company and people. */
export function purchaseDto(p: PurchaseRow, invoiceId: string | null = null) {
  return {
    id: p.id,
    ...purchaseFigures(p),
    invoiceId,
    createdAt: p.createdAt.toISOString(),
    paidAt: iso(p.paidAt),
  };
}

export function contractDto(c: ContractRow | undefined) {
  if (!c) return null;
  return {
    id: c.id,
    status: c.status,
    monthlyFeeYen: c.monthlyFeeYen,
    appliedAt: c.appliedAt.toISOString(),
    startsOn: c.startsOn,
    endsOn: c.endsOn,
  };
}

/** What the supplier and the operator both see of an invoice: its month, amounts and dates. */
export function invoiceFigures(i: InvoiceRow) {
  return {
    billingMonth: i.billingMonth,
    subtotalYen: i.subtotalYen,
    taxYen: i.taxYen,
    totalYen: i.totalYen,
    issuedAt: i.issuedAt.toISOString(),
    dueOn: i.dueOn,
  };
}

/** The supplier's invoice (billing.schema invoice); the operator's names the purchase or contract instead. */
export function invoiceDto(i: InvoiceRow) {
  return {
    id: i.id,
    number: i.number,
    kind: (i.planContractId ? "PLAN" : "TICKETS") as "PLAN" | "TICKETS",
    ...invoiceFigures(i),
    pdfUrl: `/api/billing/invoice/${i.id}/pdf`,
  };
}

export function lastDayOfMonth(isoDate: string): string {
  const [y, m] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(y!, m!, 0)).toISOString().slice(0, 10);
}
