import { addDays } from "@/lib/japan-time";
import type { FieldErrors } from "@/server/http/errors";
import { PRICE_CUT_REFUSED, priceCutAllowed } from "./order.policy";
import type { ChangeInput, SupplementInput } from "./order.schema";
import { TAX_RATE_PERCENT } from "./order-build";
import { OPEN_TERM_LABELS, type OrderDelivery, type OrderTerms } from "./order-terms";
import { checkDue, dueDateFor, paymentDay } from "./payment.policy";

// A change order (変更発注) and a 補充 applied to the terms in force: pure, like order-build.ts.
// Quantity, unit price, deliveries and place change only here, with a reason; a lower unit price
// only for the supplier's cause; every new delivery's payment date is checked again.

export type ChangeResult =
  | { ok: true; terms: OrderTerms; summary: string[] }
  | { ok: false; fields: FieldErrors };

const n = (v: number) => v.toLocaleString("ja-JP");

export function applyChange(terms: OrderTerms, input: ChangeInput, today: string): ChangeResult {
  const fields: FieldErrors = {};
  const summary: string[] = [];
  // A change never moves a payment past the limit, in or outside the act's scope (decision 0047).
  const rule = (field: string, message: string) => {
    fields[field] = message;
  };
  const quantity = input.quantity ?? terms.quantity;
  const unitPriceYen = input.unitPriceYen ?? terms.tier.unitPriceYen;
  if (
    input.unitPriceYen !== undefined &&
    !priceCutAllowed(terms.tier.unitPriceYen, input.unitPriceYen, input.reasonParty)
  ) {
    fields.unitPriceYen = PRICE_CUT_REFUSED;
  }
  if (quantity !== terms.quantity) summary.push(`数量 ${n(terms.quantity)}→${n(quantity)}${terms.unit}`);
  if (unitPriceYen !== terms.tier.unitPriceYen)
    summary.push(`単価 ${n(terms.tier.unitPriceYen)}→${n(unitPriceYen)}円`);

  // Deliveries: the change's, or the current ones (which must still add up to a changed quantity).
  let deliveries: OrderDelivery[] = terms.deliveries;
  if (input.deliveries) {
    const fixed = terms.payment.terms.kind === "FIXED";
    const sorted = input.deliveries.map((d, i) => ({ ...d, i })).sort((a, b) => (a.date < b.date ? -1 : 1));
    deliveries = [];
    sorted.forEach((d, seq) => {
      const kept = terms.deliveries.find((x) => x.date === d.date);
      if (d.date < today && !kept)
        fields[`deliveries.${d.i}.date`] = "納期は今日以降の日付で入力してください。";
      let due: string | undefined;
      if (!fixed)
        due = dueDateFor(
          terms.payment.terms as Extract<OrderTerms["payment"]["terms"], { kind: "CLOSING" }>,
          d.date,
        );
      else if (!d.paymentDue) fields[`deliveries.${d.i}.paymentDue`] = "支払期日を入力してください。";
      else due = d.paymentDue;
      if (!due) return;
      const check = checkDue(d.date, due, terms.payment.terms.kind);
      if (!check.ok) rule(fixed ? `deliveries.${d.i}.paymentDue` : "deliveries", check.message);
      const days = terms.inspection.daysAfterReceipt;
      deliveries.push({
        seq: seq + 1,
        date: d.date,
        quantity: d.quantity,
        inspectionBy: days ? addDays(d.date, days) : null,
        paymentDue: due,
        paymentDay: paymentDay(d.date, due),
      });
    });
    const before = terms.deliveries.map((d) => `${d.date}:${d.quantity}`).join(",");
    const after = deliveries.map((d) => `${d.date}:${d.quantity}`).join(",");
    if (before !== after) summary.push("納期の変更");
  }
  const sum = deliveries.reduce((s, d) => s + d.quantity, 0);
  if (sum !== quantity) {
    fields.deliveries = `納入数量の合計（${n(sum)}${terms.unit}）が発注数量（${n(quantity)}${terms.unit}）と一致しません。`;
  }
  const place = input.place
    ? { address: input.place.address, contact: input.place.contact ?? null }
    : terms.place;
  if (input.place && input.place.address !== terms.place?.address) summary.push("納入場所の変更");
  if (!summary.length && !Object.keys(fields).length)
    fields.reason = "変更する項目がありません。数量・単価・納期・納入場所のいずれかを変更してください。";
  if (Object.keys(fields).length) return { ok: false, fields };

  const lines = terms.lines.map((l) =>
    l.kind === "GOODS" ? { ...l, quantity, unitPriceYen, amountYen: quantity * unitPriceYen } : l,
  );
  const subtotalYen = lines.reduce((s, l) => s + l.amountYen, 0);
  const taxYen = Math.floor((subtotalYen * TAX_RATE_PERCENT) / 100);
  return {
    ok: true,
    summary,
    terms: {
      ...terms,
      quantity,
      tier: { quantity: terms.tier.quantity, unitPriceYen },
      lines,
      subtotalYen,
      taxYen,
      totalYen: subtotalYen + taxYen,
      deliveries,
      place,
    },
  };
}

/** 補充: an open term fixed; the terms in force with it filled and the open term gone. */
export function applySupplement(
  terms: OrderTerms,
  input: SupplementInput,
): { ok: true; terms: OrderTerms; label: string; value: string } | { ok: false; fields: FieldErrors } {
  if (!terms.openTerms.some((t) => t.field === input.field)) {
    return { ok: false, fields: { field: "この項目は未定事項ではありません。" } };
  }
  const openTerms = terms.openTerms.filter((t) => t.field !== input.field);
  const label = OPEN_TERM_LABELS[input.field];
  if (input.field === "SPECIFICATION") {
    if (!input.specification)
      return { ok: false, fields: { specification: "確定した仕様を入力してください。" } };
    return {
      ok: true,
      label,
      value: input.specification,
      terms: { ...terms, specification: input.specification, openTerms },
    };
  }
  if (input.field === "PLACE") {
    if (!input.place)
      return { ok: false, fields: { "place.address": "確定した納入場所を入力してください。" } };
    const place = { address: input.place.address, contact: input.place.contact ?? null };
    return { ok: true, label, value: place.address, terms: { ...terms, place, openTerms } };
  }
  if (!input.inspectionDays)
    return { ok: false, fields: { inspectionDays: "検査完了までの日数を入力してください。" } };
  const days = input.inspectionDays;
  return {
    ok: true,
    label,
    value: `納品後${days}日以内`,
    terms: {
      ...terms,
      inspection: { required: true, daysAfterReceipt: days },
      deliveries: terms.deliveries.map((d) => ({ ...d, inspectionBy: addDays(d.date, days) })),
      openTerms,
    },
  };
}
