// 法人番号 (corporate number, 国税庁): 13 digits whose first digit is a check digit over the other 12.
// Pure functions, client-safe: the company settings validate it on input, the buyer figures show
// 「法人番号確認済み」 only for a stored number whose check digit holds (docs/trust-plan.md).

export const CORPORATE_NUMBER_MESSAGE =
  "法人番号の形式が正しくありません（13桁の数字・チェックディジットをご確認ください）";

/**
 * The check digit of a 12-digit base number: 9 − (Σ Pn × Qn mod 9), Pn the n-th digit counted from
 * the right, Qn = 1 for odd n and 2 for even n (法人番号の指定等に関する省令 第2条).
 */
export function corporateNumberCheckDigit(base12: string): number {
  if (!/^\d{12}$/.test(base12)) throw new Error("a corporate number's base is 12 digits");
  let sum = 0;
  for (let n = 1; n <= 12; n++) {
    const digit = Number(base12[12 - n]);
    sum += digit * (n % 2 === 1 ? 1 : 2);
  }
  return 9 - (sum % 9);
}

/** Whether `value` is exactly 13 half-width digits with a valid check digit (the stored form). */
export function isValidCorporateNumber(value: string | null | undefined): boolean {
  if (typeof value !== "string" || !/^\d{13}$/.test(value)) return false;
  return Number(value[0]) === corporateNumberCheckDigit(value.slice(1));
}

/**
 * The stored form of what a person typed: full-width digits made half-width, spaces and hyphens
 * (「7000-01-2050002」) dropped. Validate the result with isValidCorporateNumber.
 */
export function normalizeCorporateNumber(input: string): string {
  return input
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/[\s\-‐－ー−]/g, "");
}
