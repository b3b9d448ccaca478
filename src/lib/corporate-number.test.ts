import { describe, expect, it } from "vitest";
import {
  corporateNumberCheckDigit,
  isValidCorporateNumber,
  normalizeCorporateNumber,
} from "./corporate-number";

describe("法人番号 check digit", () => {
  it("accepts the National Tax Agency's own number (国税庁 7000012050002)", () => {
    expect(corporateNumberCheckDigit("000012050002")).toBe(7);
    expect(isValidCorporateNumber("7000012050002")).toBe(true);
  });

  it("accepts a number built from any base with its check digit", () => {
    const base = "123456789012";
    expect(isValidCorporateNumber(`${corporateNumberCheckDigit(base)}${base}`)).toBe(true);
  });

  it("refuses a wrong check digit, every other first digit of a valid number", () => {
    for (let d = 0; d <= 9; d++) {
      if (d === 7) continue;
      expect(isValidCorporateNumber(`${d}000012050002`)).toBe(false);
    }
  });

  it("refuses a changed digit in the base (a typo)", () => {
    expect(isValidCorporateNumber("7000012050003")).toBe(false);
    expect(isValidCorporateNumber("7000012500002")).toBe(false);
  });

  it("refuses anything but 13 half-width digits", () => {
    for (const v of [
      "",
      "700001205000",
      "70000120500021",
      "７０００012050002",
      "7000-012050002",
      "a000012050002",
    ]) {
      expect(isValidCorporateNumber(v)).toBe(false);
    }
    expect(isValidCorporateNumber(null)).toBe(false);
    expect(isValidCorporateNumber(undefined)).toBe(false);
  });

  it("weights the digits 1, 2, 1, 2 … from the right", () => {
    // only the last base digit (weight 1) set: 9 − 1 = 8; only the one before (weight 2): 9 − 2 = 7
    expect(corporateNumberCheckDigit("000000000001")).toBe(8);
    expect(corporateNumberCheckDigit("000000000010")).toBe(7);
    // a sum that is a multiple of 9 gives 9
    expect(corporateNumberCheckDigit("000000000000")).toBe(9);
    expect(corporateNumberCheckDigit("000000000009")).toBe(9);
  });
});

describe("normalizeCorporateNumber", () => {
  it("makes full-width digits half-width and drops spaces and hyphens", () => {
    expect(normalizeCorporateNumber("７０００ ０１２０ ５０００２")).toBe("7000012050002");
    expect(normalizeCorporateNumber("7000-01-2050002")).toBe("7000012050002");
    expect(normalizeCorporateNumber(" 7000012050002 ")).toBe("7000012050002");
  });
});
