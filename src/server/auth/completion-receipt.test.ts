import { describe, expect, it } from "vitest";

process.env.AUTH_SECRET ??= "receipt-test-secret-receipt-test-secret-01";
const { isValidReceipt, RECEIPT_SECONDS, receiptValue } = await import("./completion-receipt");

describe("completion receipts", () => {
  const now = Date.UTC(2026, 10, 25, 6, 0, 0);

  it("opens its own completion page until it expires", () => {
    const value = receiptValue("support", now);
    expect(isValidReceipt("support", value, now)).toBe(true);
    expect(isValidReceipt("support", value, now + (RECEIPT_SECONDS - 1) * 1000)).toBe(true);
    expect(isValidReceipt("support", value, now + RECEIPT_SECONDS * 1000)).toBe(false);
  });

  it("never opens another flow's page, and a forged or altered value opens none", () => {
    const value = receiptValue("brochure", now);
    expect(isValidReceipt("support", value, now)).toBe(false);
    expect(isValidReceipt("buyer-deactivated", value, now)).toBe(false);
    const [expires, mac] = value.split(".");
    expect(isValidReceipt("brochure", `${Number(expires) + 60}.${mac}`, now)).toBe(false);
    expect(isValidReceipt("brochure", `${expires}.${"A".repeat(43)}`, now)).toBe(false);
    expect(isValidReceipt("brochure", "9999999999.forged", now)).toBe(false);
    expect(isValidReceipt("brochure", undefined, now)).toBe(false);
  });
});
