import { addDays } from "@/lib/japan-time";
import { priceAt } from "@/modules/orders/order-build";
import type { OrderDraft } from "@/modules/orders/order-view.schema";
import { checkDue, closingTermsProblem, type DueCheck, dueDateFor } from "@/modules/orders/payment.policy";
import { closingOf, type OrderFormValues, parseCount } from "./order-form.schema";

// What the buyer sees before sending: the server's own pure rules (priceAt, dueDateFor, checkDue)
// run on the form's values, so the amounts and the 60-day verdict match what the order will say.

const n = (v: number) => v.toLocaleString("ja-JP");

export interface PricePreview {
  quantity: number | null;
  /** 「3,000本以上の単価 ¥480」, or null below the smallest tier. */
  tierLabel: string | null;
  price: ReturnType<typeof priceAt>;
  /** Below the quote's MOQ or its smallest tier: the message the server would give. */
  warning: string | null;
}

export function pricePreview(
  draft: OrderDraft,
  v: Pick<OrderFormValues, "quantity" | "includeTooling" | "includeSample">,
): PricePreview {
  const q = parseCount(v.quantity);
  const quantity = q !== null && !Number.isNaN(q) && q > 0 ? q : null;
  if (quantity === null) return { quantity, tierLabel: null, price: undefined, warning: null };
  const price = priceAt({ ...draft, version: draft.quoteVersion }, quantity, draft.unit, draft.title, {
    tooling: v.includeTooling,
    sample: v.includeSample,
  });
  const smallest = Math.min(...draft.tiers.map((t) => t.quantity));
  let warning: string | null = null;
  if (draft.moq && quantity < draft.moq)
    warning = `数量が最小ロット（MOQ：${n(draft.moq)}${draft.unit}）を下回っています。`;
  else if (quantity < smallest)
    warning = `見積の単価は${n(smallest)}${draft.unit}からです。${n(smallest)}${draft.unit}以上で入力してください。`;
  const tierLabel = price
    ? `${n(price.tier.quantity)}${draft.unit}以上の単価 ¥${n(price.tier.unitPriceYen)}`
    : null;
  return { quantity, tierLabel, price, warning };
}

export interface DeliveryPreview {
  date: string;
  inspectionBy: string | null;
  paymentDue: string | null;
  check: DueCheck | null;
}

/** Per delivery row: the inspection date, the payment date and its day count from receipt. */
export function schedulePreview(
  v: Pick<OrderFormValues, "split" | "deliveries" | "inspection" | "payment">,
): { rows: DeliveryPreview[]; termsProblem: string | null } {
  const rows = v.split ? v.deliveries : v.deliveries.slice(0, 1);
  const closing = closingOf(v.payment);
  const termsProblem = v.payment.kind === "CLOSING" ? closingTermsProblem(closing) : null;
  const days = v.inspection.required === "yes" ? parseCount(v.inspection.days) : null;
  const valid = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d);
  return {
    termsProblem,
    rows: rows.map((d) => {
      if (!valid(d.date)) return { date: d.date, inspectionBy: null, paymentDue: null, check: null };
      const inspectionBy = days && !Number.isNaN(days) ? addDays(d.date, days) : null;
      let due: string | null = null;
      if (v.payment.kind === "FIXED") due = valid(d.paymentDue) ? d.paymentDue : null;
      else if (!termsProblem) due = dueDateFor(closing, d.date);
      return {
        date: d.date,
        inspectionBy,
        paymentDue: due,
        check: due ? checkDue(d.date, due, v.payment.kind) : null,
      };
    }),
  };
}
