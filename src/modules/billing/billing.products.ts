// Prices from PRODUCT.md: tax excluded, whole yen; 10% consumption tax added on the invoice.
export const TAX_RATE = 0.1;

export const TICKET_PRODUCTS = [
  { quantity: 1, subtotalYen: 5_000, label: "チケット1枚" },
  { quantity: 5, subtotalYen: 22_500, label: "チケット5枚セット" },
  { quantity: 10, subtotalYen: 40_000, label: "チケット10枚セット" },
] as const;

export const PLAN_MONTHLY_FEE_YEN = 30_000;
export const PLAN_LABEL = "無制限プラン（月額）";

/** One tax amount per rate and invoice, rounded down (適格請求書の端数処理: 1回). */
export function taxOf(subtotalYen: number): number {
  return Math.floor(subtotalYen * TAX_RATE);
}

export function ticketProduct(quantity: number) {
  return TICKET_PRODUCTS.find((p) => p.quantity === quantity);
}

export function priced(subtotalYen: number) {
  const taxYen = taxOf(subtotalYen);
  return { subtotalYen, taxYen, totalYen: subtotalYen + taxYen };
}
