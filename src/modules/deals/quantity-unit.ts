import { QUANTITY_UNITS } from "@/modules/master-data/master-data.schema";

// The unit the deal room counts an inquiry's quantities in (quote tiers, MOQ, the comparison, its
// CSV, the purchase order): a quote answers the inquiry, so its quantities are in the inquiry's unit.

export const DEFAULT_UNIT = "個";

// Longest first, so 「セット」 is not read as something shorter; matched right after a number.
const UNIT_AFTER_NUMBER = new RegExp(
  `\\d[\\d,]*(?:\\.\\d+)?\\s*[千万]?\\s*(${[...QUANTITY_UNITS].sort((a, b) => b.length - a.length).join("|")})`,
  "i",
);

/**
 * The inquiry's structured unit; for an inquiry without one (written before the unit existed, or
 * with only a free-text quantity), the unit written after its first quantity (「初回3,000本」 → 本);
 * else 個.
 */
export function inquiryUnit(inquiry: { quantityUnit: string | null; quantity: string }): string {
  if (inquiry.quantityUnit) return inquiry.quantityUnit;
  const m = UNIT_AFTER_NUMBER.exec(inquiry.quantity.normalize("NFKC"));
  if (!m) return DEFAULT_UNIT;
  return QUANTITY_UNITS.find((u) => u.toLowerCase() === m[1]!.toLowerCase()) ?? DEFAULT_UNIT;
}
