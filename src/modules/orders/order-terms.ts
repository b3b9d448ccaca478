import type { LawVerdict, PartyFacts } from "./law.policy";
import type { PaymentTerms } from "./payment.policy";

// The terms of one order version as issued: every figure the buyer confirmed, as structured data,
// and the snapshots of both parties, so the document can be read (and re-rendered) years later
// without the live company rows. Stored as jsonb on order_versions and never changed.

export type PaymentMethod = "BANK_TRANSFER" | "ELECTRONIC_CLAIM";
export type OpenTermField = "SPECIFICATION" | "PLACE" | "INSPECTION";

export const OPEN_TERM_LABELS: Record<OpenTermField, string> = {
  SPECIFICATION: "仕様の詳細",
  PLACE: "納入場所",
  INSPECTION: "検査完了期日",
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod | "PROMISSORY_NOTE", string> = {
  BANK_TRANSFER: "銀行振込",
  ELECTRONIC_CLAIM: "電子記録債権",
  PROMISSORY_NOTE: "手形",
};

export interface PartySnapshot {
  name: string;
  address: string;
  phone: string | null;
  person: string | null;
  email: string | null;
}

export interface OrderLine {
  kind: "GOODS" | "TOOLING" | "SAMPLE";
  label: string;
  quantity: number;
  unit: string;
  unitPriceYen: number;
  amountYen: number;
}

export interface OrderDelivery {
  seq: number;
  date: string;
  quantity: number;
  /** 検査完了期日 when the buyer inspects. */
  inspectionBy: string | null;
  /** 支払期日, computed from the terms (CLOSING) or set by hand (FIXED). */
  paymentDue: string;
  /** The day of the 60-day count the due date falls on (the receipt day is day 1). */
  paymentDay: number;
}

export interface PaidMaterial {
  item: string;
  quantity: number;
  unit: string;
  unitPriceYen: number;
  handoverDate: string;
  settlementDate: string;
  settlementMethod: string;
}

export interface OpenTerm {
  field: OpenTermField;
  reason: string;
  expectedBy: string;
}

export interface OrderTerms {
  quoteVersion: number;
  title: string;
  specification: string | null;
  unit: string;
  quantity: number;
  tier: { quantity: number; unitPriceYen: number };
  lines: OrderLine[];
  subtotalYen: number;
  taxRatePercent: number;
  taxYen: number;
  totalYen: number;
  deliveries: OrderDelivery[];
  place: { address: string; contact: string | null } | null;
  inspection: { required: boolean; daysAfterReceipt: number | null };
  payment: {
    terms: PaymentTerms;
    termsLabel: string;
    method: PaymentMethod;
    methodDetail: string | null;
    cashableConfirmed: boolean;
    feeBorneBy: "BUYER";
  };
  paidMaterials: PaidMaterial[];
  openTerms: OpenTerm[];
  /** The verdict as issued (the figures it was decided from; what was missing is the form's business). */
  law: Omit<LawVerdict, "missing"> & {
    buyer: PartyFacts;
    supplier: PartyFacts;
    overrideReason: string | null;
  };
  buyer: PartySnapshot;
  supplier: PartySnapshot;
  notes: string | null;
}
