import { addDays } from "@/lib/japan-time";
import type { FieldErrors } from "@/server/http/errors";
import { type LawVerdict, lawOf, type PartyFacts } from "./law.policy";
import { type OrderInput, paymentTermsOf } from "./order.schema";
import type { OrderDelivery, OrderLine, OrderTerms, PartySnapshot, PaymentMethod } from "./order-terms";
import { checkDue, closingTermsProblem, dueDateFor, paymentDay, termsLabel } from "./payment.policy";

// The order form's input checked against the quote and the law, and turned into the terms an
// order version stores: pure (no database, no clock), so every rule has a unit test. Where the
// act applies its rules are refused as errors; outside it the same checks are advice that a
// reason sets aside (decision 0047) — except 手形, which the product never offers.

export const TAX_RATE_PERCENT = 10;

export const PROMISSORY_NOTE_REFUSED =
  "手形による支払はできません。取適法で手形払は禁止されています（当サービスでは対象外の取引でも手形は扱いません）。銀行振込または電子記録債権を選んでください。";
export const CASHABLE_NEEDED =
  "電子記録債権で支払う場合は、支払期日までに満額を現金化できることを確認してください（取適法で、期日までに現金化できない電子記録債権による支払は禁止されています）。";
export const CLAIM_DETAIL_NEEDED =
  "電子記録債権の内容（例：でんさいネット、支払期日に満期）を入力してください。";
export const FACTS_NEEDED = "取適法の対象かを判断するため、資本金と従業員数を入力してください。";
export const OUTSIDE_ADVICE = "（この発注は取適法の対象外のため、理由を入力すれば発行できます）";

export interface QuoteBasis {
  version: number;
  tiers: Array<{ quantity: number; unitPriceYen: number }>;
  moq: number | null;
  toolingCostYen: number | null;
  sampleCostYen: number | null;
}

export interface BuildContext {
  today: string;
  quote: QuoteBasis;
  inquiry: { title: string; description: string | null; unit: string };
  buyer: PartySnapshot;
  supplier: PartySnapshot;
  buyerFacts: PartyFacts;
  supplierFacts: PartyFacts;
}

export type BuildResult =
  | { ok: true; terms: OrderTerms; advised: string[] }
  | { ok: false; fields: FieldErrors };

const n = (v: number) => v.toLocaleString("ja-JP");

/** The facts the verdict is decided on: the company's figures, the form's where the company has none. */
export function mergedFacts(known: PartyFacts, asked?: Partial<PartyFacts>): PartyFacts {
  return {
    capitalYen: known.capitalYen ?? asked?.capitalYen ?? null,
    employeeCount: known.employeeCount ?? asked?.employeeCount ?? null,
    individual: known.individual ?? asked?.individual ?? null,
  };
}

/** Lines and amounts at a quantity: the tier that applies (the largest at or below it), tax once. */
export function priceAt(
  quote: QuoteBasis,
  quantity: number,
  unit: string,
  title: string,
  opts: { tooling: boolean; sample: boolean },
) {
  const sorted = [...quote.tiers].sort((a, b) => a.quantity - b.quantity);
  const tier = sorted.filter((t) => t.quantity <= quantity).at(-1);
  if (!tier) return undefined;
  const lines: OrderLine[] = [
    {
      kind: "GOODS",
      label: title,
      quantity,
      unit,
      unitPriceYen: tier.unitPriceYen,
      amountYen: tier.unitPriceYen * quantity,
    },
  ];
  if (opts.tooling && quote.toolingCostYen) {
    lines.push({
      kind: "TOOLING",
      label: "版代・金型代",
      quantity: 1,
      unit: "式",
      unitPriceYen: quote.toolingCostYen,
      amountYen: quote.toolingCostYen,
    });
  }
  if (opts.sample && quote.sampleCostYen) {
    lines.push({
      kind: "SAMPLE",
      label: "サンプル費用",
      quantity: 1,
      unit: "式",
      unitPriceYen: quote.sampleCostYen,
      amountYen: quote.sampleCostYen,
    });
  }
  const subtotalYen = lines.reduce((s, l) => s + l.amountYen, 0);
  const taxYen = Math.floor((subtotalYen * TAX_RATE_PERCENT) / 100);
  return { tier, lines, subtotalYen, taxYen, totalYen: subtotalYen + taxYen };
}

/** Checks the whole form and builds the terms, or every field error at once. */
export function buildOrderTerms(input: OrderInput, ctx: BuildContext): BuildResult {
  const fields: FieldErrors = {};
  const advised: string[] = [];
  const { unit } = ctx.inquiry;
  const buyerFacts = mergedFacts(ctx.buyerFacts, input.facts?.buyer);
  const supplierFacts = mergedFacts(ctx.supplierFacts, input.facts?.supplier);
  const verdict: LawVerdict = lawOf(buyerFacts, supplierFacts);
  if (verdict.toriteki === null) {
    for (const m of verdict.missing)
      fields[`facts.${m.side === "BUYER" ? "buyer" : "supplier"}.${m.field}`] = FACTS_NEEDED;
    if (!Object.keys(fields).length) fields.facts = FACTS_NEEDED;
  }
  const enforced = verdict.toriteki === true;
  const override = input.overrideReason?.trim() || null;
  /** A rule of the act: an error where it applies; outside it, advice a reason sets aside. */
  const rule = (field: string, message: string) => {
    if (enforced || verdict.toriteki === null) fields[field] = message;
    else if (!override) fields[field] = message + OUTSIDE_ADVICE;
    else advised.push(message);
  };

  // Quantity → tier → amounts, in the inquiry's unit.
  const smallest = Math.min(...ctx.quote.tiers.map((t) => t.quantity));
  if (ctx.quote.moq && input.quantity < ctx.quote.moq) {
    fields.quantity = `数量が最小ロット（MOQ：${n(ctx.quote.moq)}${unit}）を下回っています。`;
  } else if (input.quantity < smallest) {
    fields.quantity = `見積の単価は${n(smallest)}${unit}からです。${n(smallest)}${unit}以上で入力してください。`;
  }
  const price = priceAt(ctx.quote, input.quantity, unit, ctx.inquiry.title, {
    tooling: input.includeTooling,
    sample: input.includeSample,
  });

  const open = new Map(input.openTerms.map((t) => [t.field, t]));
  if (open.size !== input.openTerms.length) fields.openTerms = "同じ未定事項は1つにまとめてください。";
  input.openTerms.forEach((t, i) => {
    if (t.expectedBy < ctx.today)
      fields[`openTerms.${i}.expectedBy`] = "確定予定日は今日以降の日付で入力してください。";
  });

  // Deliveries: dates from today, quantities that add up to the order.
  const total = input.deliveries.reduce((s, d) => s + d.quantity, 0);
  if (total !== input.quantity && !fields.quantity) {
    fields.deliveries = `納入数量の合計（${n(total)}${unit}）が発注数量（${n(input.quantity)}${unit}）と一致しません。`;
  }
  const seen = new Set<string>();
  input.deliveries.forEach((d, i) => {
    if (d.date < ctx.today) fields[`deliveries.${i}.date`] = "納期は今日以降の日付で入力してください。";
    else if (seen.has(d.date))
      fields[`deliveries.${i}.date`] = "同じ納期が2回あります。1回にまとめてください。";
    seen.add(d.date);
  });

  // Inspection: by a date counted from each receipt, unless left open with a reason.
  const inspectionOpen = open.has("INSPECTION");
  const inspectionDays =
    input.inspection.required && !inspectionOpen ? (input.inspection.daysAfterReceipt ?? null) : null;
  if (input.inspection.required && !inspectionOpen && inspectionDays === null) {
    fields["inspection.daysAfterReceipt"] =
      "検査完了期日（納品から何日以内に検査を終えるか）を入力してください。";
  }

  // Payment: due dates per delivery, each within the limit counted from its receipt day.
  const terms = paymentTermsOf(input.payment.terms);
  const termsProblem = terms.kind === "CLOSING" ? closingTermsProblem(terms) : null;
  if (termsProblem) fields["payment.terms"] = termsProblem;
  const order = [...input.deliveries].map((d, i) => ({ ...d, i })).sort((a, b) => (a.date < b.date ? -1 : 1));
  const deliveries: OrderDelivery[] = [];
  order.forEach((d, seq) => {
    let due: string | undefined;
    if (termsProblem) return;
    if (terms.kind === "CLOSING") due = dueDateFor(terms, d.date);
    else if (!d.paymentDue) fields[`deliveries.${d.i}.paymentDue`] = "支払期日を入力してください。";
    else due = d.paymentDue;
    if (!due) return;
    const check = checkDue(d.date, due, terms.kind);
    if (!check.ok)
      rule(terms.kind === "FIXED" ? `deliveries.${d.i}.paymentDue` : "payment.terms", check.message);
    deliveries.push({
      seq: seq + 1,
      date: d.date,
      quantity: d.quantity,
      inspectionBy: inspectionDays ? addDays(d.date, inspectionDays) : null,
      paymentDue: due,
      paymentDay: paymentDay(d.date, due),
    });
  });

  // Method: never 手形; 電子記録債権 only cashable in full by the due date, with its details.
  const method = input.payment.method;
  if (method === "PROMISSORY_NOTE") fields["payment.method"] = PROMISSORY_NOTE_REFUSED;
  if (method === "ELECTRONIC_CLAIM") {
    if (!input.payment.cashableConfirmed) rule("payment.cashableConfirmed", CASHABLE_NEEDED);
    if (!input.payment.methodDetail) fields["payment.methodDetail"] = CLAIM_DETAIL_NEEDED;
  }

  // Place: the buyer's, editable; or open with a reason.
  if (!open.has("PLACE") && !input.place) fields["place.address"] = "納入場所を入力してください。";

  // Paid materials are settled no earlier than the goods made with them are paid (取適法 forbids it).
  const firstDue = deliveries.map((d) => d.paymentDue).sort()[0];
  input.paidMaterials.forEach((m, i) => {
    if (m.settlementDate < m.handoverDate)
      fields[`paidMaterials.${i}.settlementDate`] = "決済期日は引渡日以降の日付で入力してください。";
    else if (firstDue && m.settlementDate < firstDue) {
      rule(
        `paidMaterials.${i}.settlementDate`,
        `有償支給材の代金を、それを使った製品の支払期日（${firstDue}）より前に決済することはできません。`,
      );
    }
  });

  if (Object.keys(fields).length || !price || verdict.toriteki === null) return { ok: false, fields };
  return {
    ok: true,
    advised,
    terms: {
      quoteVersion: ctx.quote.version,
      title: ctx.inquiry.title,
      specification: open.has("SPECIFICATION") ? null : ctx.inquiry.description,
      unit,
      quantity: input.quantity,
      tier: price.tier,
      lines: price.lines,
      subtotalYen: price.subtotalYen,
      taxRatePercent: TAX_RATE_PERCENT,
      taxYen: price.taxYen,
      totalYen: price.totalYen,
      deliveries,
      place:
        open.has("PLACE") || !input.place
          ? null
          : { address: input.place.address, contact: input.place.contact ?? null },
      inspection: { required: input.inspection.required, daysAfterReceipt: inspectionDays },
      payment: {
        terms: terms.kind === "CLOSING" ? terms : { kind: "FIXED" },
        termsLabel: termsLabel(terms),
        method: method as PaymentMethod, // 手形 was refused above
        methodDetail: input.payment.methodDetail ?? null,
        cashableConfirmed: method === "ELECTRONIC_CLAIM" && input.payment.cashableConfirmed,
        feeBorneBy: "BUYER",
      },
      paidMaterials: input.paidMaterials,
      openTerms: input.openTerms,
      law: {
        toriteki: verdict.toriteki,
        basis: verdict.basis,
        freelance: verdict.freelance,
        summary: verdict.summary,
        buyer: buyerFacts,
        supplier: supplierFacts,
        overrideReason: advised.length ? override : null,
      },
      buyer: ctx.buyer,
      supplier: ctx.supplier,
      notes: input.notes ?? null,
    },
  };
}
