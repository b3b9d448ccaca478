import { z } from "zod";

// What the orders API answers (docs/orders.md): an order with its versions (terms as issued), its
// 7条 record and its price consultations, for the buyer and the supplier alike; lists by keyset.

const party = z.object({
  name: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
  person: z.string().nullable(),
  email: z.string().nullable(),
});
const facts = z.object({
  capitalYen: z.number().nullable(),
  employeeCount: z.number().nullable(),
  individual: z.boolean().nullable(),
});

export const orderTermsView = z.object({
  quoteVersion: z.number(),
  title: z.string(),
  specification: z.string().nullable(),
  unit: z.string(),
  quantity: z.number(),
  tier: z.object({ quantity: z.number(), unitPriceYen: z.number() }),
  lines: z.array(
    z.object({
      kind: z.enum(["GOODS", "TOOLING", "SAMPLE"]),
      label: z.string(),
      quantity: z.number(),
      unit: z.string(),
      unitPriceYen: z.number(),
      amountYen: z.number(),
    }),
  ),
  subtotalYen: z.number(),
  taxRatePercent: z.number(),
  taxYen: z.number(),
  totalYen: z.number(),
  deliveries: z.array(
    z.object({
      seq: z.number(),
      date: z.string(),
      quantity: z.number(),
      inspectionBy: z.string().nullable(),
      paymentDue: z.string(),
      paymentDay: z.number(),
    }),
  ),
  place: z.object({ address: z.string(), contact: z.string().nullable() }).nullable(),
  inspection: z.object({ required: z.boolean(), daysAfterReceipt: z.number().nullable() }),
  payment: z.object({
    terms: z.union([
      z.object({
        kind: z.literal("CLOSING"),
        closingDay: z.number(),
        monthsLater: z.number(),
        payDay: z.number(),
      }),
      z.object({ kind: z.literal("FIXED") }),
    ]),
    termsLabel: z.string(),
    method: z.enum(["BANK_TRANSFER", "ELECTRONIC_CLAIM"]),
    methodDetail: z.string().nullable(),
    cashableConfirmed: z.boolean(),
    feeBorneBy: z.literal("BUYER"),
  }),
  paidMaterials: z.array(
    z.object({
      item: z.string(),
      quantity: z.number(),
      unit: z.string(),
      unitPriceYen: z.number(),
      handoverDate: z.string(),
      settlementDate: z.string(),
      settlementMethod: z.string(),
    }),
  ),
  openTerms: z.array(
    z.object({
      field: z.enum(["SPECIFICATION", "PLACE", "INSPECTION"]),
      reason: z.string(),
      expectedBy: z.string(),
    }),
  ),
  law: z.object({
    toriteki: z.boolean().nullable(),
    basis: z.array(z.enum(["CAPITAL", "EMPLOYEES"])),
    freelance: z.boolean().nullable(),
    summary: z.string(),
    buyer: facts,
    supplier: facts,
    overrideReason: z.string().nullable(),
  }),
  buyer: party,
  supplier: party,
  notes: z.string().nullable(),
});

export const orderVersionView = z.object({
  version: z.number(),
  kind: z.enum(["ORIGINAL", "CHANGE", "SUPPLEMENT"]),
  state: z.enum(["PROPOSED", "ACCEPTED", "REJECTED"]),
  reason: z.string().nullable(),
  reasonParty: z.enum(["BUYER", "SUPPLIER"]).nullable(),
  answerReason: z.string().nullable(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
  pdfSha256: z.string(),
  /** GET /api/orders/company/{companyId}/orders/{orderId}/versions/{version}/pdf */
  pdfUrl: z.string(),
  terms: orderTermsView,
});

export const orderEventView = z.object({
  at: z.string(),
  kind: z.string(),
  label: z.string(),
  side: z.string().nullable(),
  actorName: z.string().nullable(),
  version: z.number().nullable(),
  detail: z.string(),
  reason: z.string().nullable(),
});

export const consultationView = z.object({
  id: z.string(),
  status: z.enum(["OPEN", "ACCEPTED", "COUNTERED", "EXPLAINED"]),
  drivers: z.array(
    z.object({
      driver: z.enum(["MATERIAL", "LABOUR", "ENERGY", "OTHER"]),
      percent: z.number().nullable(),
      note: z.string(),
    }),
  ),
  requestedUnitPriceYen: z.number().nullable(),
  message: z.string(),
  evidence: z.array(z.object({ id: z.string(), name: z.string(), url: z.string() })),
  dueOn: z.string(),
  overdue: z.boolean(),
  requestedAt: z.string(),
  answer: z.string().nullable(),
  counterUnitPriceYen: z.number().nullable(),
  answeredAt: z.string().nullable(),
});

export const orderStatusView = z.enum(["ISSUED", "ACCEPTED", "RETURNED"]);

export const orderDetail = z.object({
  id: z.string(),
  number: z.string(),
  side: z.enum(["BUYER", "SUPPLIER"]),
  status: orderStatusView,
  threadId: z.string(),
  sourceOrderId: z.string().nullable(),
  buyerName: z.string(),
  supplierName: z.string(),
  currentVersion: z.number(),
  pendingVersion: z.number().nullable(),
  issuedAt: z.string(),
  issuedByName: z.string().nullable(),
  firstOpenedAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  /** The answer's reason when the supplier returned the order (差し戻し). */
  returnReason: z.string().nullable(),
  /** GET …/acceptance/pdf once the supplier accepted (注文請書). */
  acceptancePdfUrl: z.string().nullable(),
  versions: z.array(orderVersionView),
  events: z.array(orderEventView),
  consultations: z.array(consultationView),
  /** The record (7条) is kept until this date (2 years after the last event). */
  keptUntil: z.string(),
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const orderSummary = z.object({
  id: z.string(),
  number: z.string(),
  threadId: z.string(),
  title: z.string(),
  status: orderStatusView,
  counterpartName: z.string(),
  currentVersion: z.number(),
  pendingVersion: z.number().nullable(),
  totalYen: z.number(),
  toriteki: z.boolean(),
  openTerms: z.number(),
  issuedAt: z.string(),
  firstOpenedAt: z.string().nullable(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const ordersPage = z.object({ items: z.array(orderSummary), nextCursor: z.string().nullable() });
export type OrdersPage = z.infer<typeof ordersPage>;

export const orderDraft = z.object({
  /** The form prefilled from a past order (「同じ条件で再発注」) or from the awarded quote. */
  threadId: z.string(),
  quoteVersion: z.number(),
  quoteValidUntil: z.string(),
  quoteExpired: z.boolean(),
  unit: z.string(),
  title: z.string(),
  tiers: z.array(z.object({ quantity: z.number(), unitPriceYen: z.number() })),
  moq: z.number().nullable(),
  toolingCostYen: z.number().nullable(),
  sampleCostYen: z.number().nullable(),
  supplierName: z.string(),
  buyerAddress: z.string(),
  law: z.object({
    buyer: facts,
    supplier: facts,
    toriteki: z.boolean().nullable(),
    summary: z.string(),
    missing: z.array(
      z.object({
        side: z.enum(["BUYER", "SUPPLIER"]),
        field: z.enum(["capitalYen", "employeeCount", "individual"]),
      }),
    ),
  }),
  /** A past order's input (reorder), or null for a first order. */
  from: z.object({ orderId: z.string(), number: z.string(), terms: orderTermsView }).nullable(),
});
export type OrderDraft = z.infer<typeof orderDraft>;
