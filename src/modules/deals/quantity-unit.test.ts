import { describe, expect, it } from "vitest";
import { inquiryUnit } from "./quantity-unit";

describe("the unit of an inquiry's quantities", () => {
  it("takes the structured unit, else the one written after the quantity, else 個", () => {
    expect(inquiryUnit({ quantityUnit: "本", quantity: "3,000個" })).toBe("本");
    expect(inquiryUnit({ quantityUnit: null, quantity: "初回3,000本、以降月1,000本" })).toBe("本");
    expect(inquiryUnit({ quantityUnit: null, quantity: "2種×各1,500枚" })).toBe("枚");
    expect(inquiryUnit({ quantityUnit: null, quantity: "１００セット" })).toBe("セット");
    expect(inquiryUnit({ quantityUnit: null, quantity: "約1.5千 袋" })).toBe("袋");
    expect(inquiryUnit({ quantityUnit: null, quantity: "500KG" })).toBe("kg");
    expect(inquiryUnit({ quantityUnit: null, quantity: "未定（ご相談）" })).toBe("個");
    expect(inquiryUnit({ quantityUnit: null, quantity: "3000" })).toBe("個");
  });
});
